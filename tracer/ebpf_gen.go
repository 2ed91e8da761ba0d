package tracer

// The BPF objects and their Go bindings (bpf_x86_bpfel.go and .o) are
// generated from bpf/trace.bpf.c by `make bpf`, which dumps bpf/vmlinux.h
// from the kernel's BTF with bpftool and then runs this directive; they are
// committed, so building envaudit needs no clang. Only the amd64 object is
// built so far: the program reads syscall arguments from x86-64 registers.
//go:generate go tool bpf2go -tags linux -target amd64 -type event -output-stem ebpf_bpf bpfTrace bpf/trace.bpf.c -- -I./bpf -Wall -Werror
