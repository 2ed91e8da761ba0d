module example.com/envaudit-fixture/ws/lib

go 1.26.0

require github.com/google/go-cmp v0.7.0
