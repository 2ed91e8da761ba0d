module github.com/fatih/color

go 1.25.0

require (
	github.com/mattn/go-colorable v0.1.15
	github.com/mattn/go-isatty v0.0.22
	golang.org/x/sys v0.46.0
)
