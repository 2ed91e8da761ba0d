//go:build !linux

package evchan

import (
	"errors"

	"github.com/envaudit/envaudit/tracer"
)

// Channel is an open evidence channel; it exists only on Linux, where
// commands are traced.
type Channel struct{ path string }

// Open fails: tracing, and so the channel, requires Linux.
func Open(scratch string) (*Channel, error) {
	return nil, errors.New("evidence channel: tracing requires Linux")
}

// Path returns the FIFO's path.
func (c *Channel) Path() string { return c.path }

// Close returns nothing: no channel was opened.
func (c *Channel) Close(tr *tracer.Trace) ([]byte, error) { return nil, nil }
