//go:build unix

package bundle

import "syscall"

// Open flags that keep Read from following a symbolic link or blocking on
// a FIFO swapped in for the bundle.
const (
	noFollow = syscall.O_NOFOLLOW
	nonBlock = syscall.O_NONBLOCK
)
