module example.com/envaudit-fixture/bad

go 1.26.0

require (
	github.com/google/uuid v1.6.0
	github.com/google/go-cmp latest
)
