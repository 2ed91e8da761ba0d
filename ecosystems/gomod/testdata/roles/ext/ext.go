// Package ext doubles numbers; its tests are an external test package.
package ext

// Double returns 2n.
func Double(n int) int { return 2 * n }
