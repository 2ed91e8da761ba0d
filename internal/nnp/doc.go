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
// at clone and exec from the thread that calls them: set on envaudit it
// would cover only the programs the Go runtime happens to start from that
// thread, and syscall.AllThreadsSyscall, which would set it on every
// thread, refuses to run in a program that links cgo. Nor may envaudit
// itself carry it, since the traced command must run as it would without
// envaudit (the eBPF backend starts it so, and starts a sudo loader).
//
// So every program goes through a trampoline: Start re-executes envaudit's
// own binary (/proc/self/exe) with a marker as argv[0], and this package's
// init, in that new process, locks itself to its one thread, sets
// no_new_privs there and executes the program in place, with the
// arguments and environment the caller gave. Nothing reaches the
// program's environment: the marker and the program's path travel in
// argv, which the exec replaces. An exec that fails comes back to Start
// through a close-on-exec pipe, and Start returns the error os/exec would
// have returned for the program itself.
//
// On other systems than Linux, Start is cmd.Start.
//
// Every binary that imports this package (envaudit, and the test binary
// of every package that starts tools) acts as the trampoline when started
// so; internal/toolexec imports it.
package nnp
