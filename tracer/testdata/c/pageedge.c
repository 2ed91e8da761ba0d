// pageedge PATH: opens PATH from three places in memory: crossing a page
// boundary, ending on the last byte before an unmapped page, and (for the
// failure case) running into an unmapped page without a NUL.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv) {
	if (argc != 2) return 2;
	long pg = sysconf(_SC_PAGESIZE);
	size_t n = strlen(argv[1]) + 1;
	char *m = mmap(0, 3 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || n > (size_t)pg) return 3;
	if (munmap(m + 2 * pg, pg) != 0) return 4;
	/* Crossing from page 0 into page 1. */
	char *cross = m + pg - n / 2;
	memcpy(cross, argv[1], n);
	if (open(cross, O_RDONLY) < 0) return 5;
	/* Ending on the last byte of page 1; page 2 is unmapped. */
	char *edge = m + 2 * pg - n;
	memcpy(edge, argv[1], n);
	if (open(edge, O_RDONLY) < 0) return 6;
	/* No NUL before the unmapped page: EFAULT, not an access. */
	memset(m + pg, 'x', pg);
	if (open(m + pg + 100, O_RDONLY) >= 0 || errno != EFAULT) return 7;
	return 0;
}
