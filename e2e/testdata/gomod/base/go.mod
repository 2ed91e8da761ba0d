module example.com/e2eapp

go 1.26.0

require github.com/rogpeppe/go-internal v1.16.0

require golang.org/x/tools v0.52.0 // indirect
