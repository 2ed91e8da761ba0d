package tracer

// nativeArch is the syscall ABI set of the machine the tracer runs on: x86-64
// processes may also make i386 (int 0x80) and x32 syscalls.
var nativeArch = archAMD64
