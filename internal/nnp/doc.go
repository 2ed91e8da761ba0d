// Package nnp starts programs under no_new_privs: a program it starts
// cannot gain privileges through exec (setuid sudo, file capabilities),
// and neither can anything that program starts.
//
// envaudit runs tools outside the trace (git, an interpreter, a package
// manager), and one of them may be the project's own code: a committed
// .venv/bin/python, a Maven plugin. On a GitHub-hosted runner the runner
// user has passwordless sudo, through which such a program could read any
// process's memory (the token's holder's) or leave a root daemon behind.
// no_new_privs closes that, but it is an attribute of a thread, inherited
// at clone from the thread that calls it and kept across exec: set on
// envaudit it would cover only the programs the Go runtime happens to
// start from that thread, and syscall.AllThreadsSyscall, which would set
// it on every thread, refuses to run in a program that links cgo. Nor may
// envaudit itself carry it, since the traced command must run as it would
// without envaudit (the eBPF backend starts it so, and starts a sudo
// loader).
//
// So Start gives each program a thread of its own. A new goroutine locks
// itself to its OS thread (runtime.LockOSThread), sets no_new_privs on
// that thread alone and calls cmd.Start there; then it returns without
// unlocking. Why that is sound, from the runtime's and the kernel's
// sources:
//
//   - The fork happens on that thread. os/exec's Start reaches
//     syscall.forkExec in the calling goroutine, and its clone (vfork
//     style) is a raw system call made by the thread running that
//     goroutine; a locked goroutine runs on its thread only, and the
//     clone copies the calling task's flags, no_new_privs among them.
//   - No other goroutine runs on it while the flag is set: the runtime
//     runs only the locked goroutine on a locked thread.
//   - No other thread is cloned from it: a new thread the runtime needs
//     while a goroutine is locked is made by the template thread
//     (runtime.newm hands it over when the caller's thread is locked),
//     which LockOSThread starts beforehand if it is not running yet.
//   - The thread dies afterwards: a goroutine that exits while still
//     locked makes the runtime end its thread instead of returning it
//     to the pool (runtime.goexit0), except for the main thread, which
//     the runtime can only park for ever. Start therefore never sets the
//     flag on the main thread: a goroutine that finds itself there keeps
//     the main thread locked (so nothing else runs on it), starts the
//     program from another goroutine, which the runtime must then run
//     on another thread, and unlocks once that one is done.
//   - The program keeps its parent: when the thread that started it
//     exits, the kernel hands its children to another thread of the
//     same process, which waits for them as before. A parent-death
//     signal, which the kernel ties to that thread, would fire at once:
//     Start refuses one.
//
// What the program gets is then exactly what cmd.Start gives it, and an
// error is cmd.Start's own. The cost is a thread's creation and exit
// per program, not a process's start.
//
// On other systems than Linux, Start is cmd.Start.
package nnp
