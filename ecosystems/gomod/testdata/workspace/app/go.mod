module example.com/envaudit-fixture/ws/app

go 1.26.0

require (
	example.com/envaudit-fixture/ws/lib v0.0.0
	github.com/google/uuid v1.6.0
)

replace example.com/envaudit-fixture/ws/lib => ../lib
