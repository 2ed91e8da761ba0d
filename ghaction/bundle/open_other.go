//go:build !unix

package bundle

// Elsewhere Read relies on its Lstat and Fstat checks alone.
const (
	noFollow = 0
	nonBlock = 0
)
