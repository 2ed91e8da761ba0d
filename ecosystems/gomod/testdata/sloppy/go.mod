module example.com/envaudit-fixture/sloppy

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/google/uuid v1.6.0
	github.com/inconshreveable/mousetrap v1.1.0
	golang.org/x/mod v0.43.0
	golang.org/x/term v0.48.0
)

require golang.org/x/sys v0.50.0 // indirect
