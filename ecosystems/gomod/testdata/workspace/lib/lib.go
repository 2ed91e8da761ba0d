// Package lib is an envaudit fixture: a workspace module whose tests use
// go-cmp.
package lib

import "strings"

// Upper upper-cases s.
func Upper(s string) string { return strings.ToUpper(s) }
