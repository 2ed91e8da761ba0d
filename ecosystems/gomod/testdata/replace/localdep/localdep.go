// Package localdep is an envaudit fixture: a module that the replace fixture
// replaces by this local directory.
package localdep

// Greeting says hello.
func Greeting() string { return "hello" }
