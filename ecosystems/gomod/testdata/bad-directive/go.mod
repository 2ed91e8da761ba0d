module example.com/envaudit-fixture/bad

go 1.26.0

foo bar
