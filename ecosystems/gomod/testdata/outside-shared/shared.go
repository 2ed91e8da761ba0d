// Package shared is a go.work module outside the project that reaches it.
package shared

import "github.com/google/go-cmp/cmp"

// Same reports whether a and b are equal.
func Same(a, b any) bool { return cmp.Equal(a, b) }
