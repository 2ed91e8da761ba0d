module example.com/envaudit-fixture/basic

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/google/uuid v1.6.0
	golang.org/x/term v0.48.0
)

require (
	golang.org/x/mod v0.43.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

exclude golang.org/x/term v0.47.0

tool golang.org/x/mod/gosumcheck
