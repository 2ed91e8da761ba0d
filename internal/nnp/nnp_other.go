//go:build !linux

package nnp

import "os/exec"

// Start starts cmd: no_new_privs is Linux's.
func Start(cmd *exec.Cmd) error { return cmd.Start() }

// Run starts cmd as Start does and waits for it, as cmd.Run would.
func Run(cmd *exec.Cmd) error { return cmd.Run() }
