package tracer

// nativeArch is the syscall ABI set of the machine the tracer runs on: arm64
// processes may also run AArch32 code where the CPU supports it.
var nativeArch = archARM64
