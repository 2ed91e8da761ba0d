module example.com/envaudit-fixture/localdep

go 1.26.0
