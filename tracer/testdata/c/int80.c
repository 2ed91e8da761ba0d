// int80 PATH...: opens each PATH with the i386 open syscall through int 0x80
// from a 64-bit program; prints the results.
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

int main(int argc, char **argv) {
	char *low = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	if (low == MAP_FAILED) return 2;
	for (int i = 1; i < argc; i++) {
		strncpy(low, argv[i], 4095);
		long r;
		__asm__ volatile("int $0x80" : "=a"(r) : "a"(5), "b"(low), "c"(0) : "memory");
		printf("%s %ld\n", argv[i], r);
	}
	return 0;
}
