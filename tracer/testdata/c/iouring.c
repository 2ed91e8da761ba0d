// iouring: sets up an io_uring instance and prints "io_uring_setup: ok",
// or the error's name ("io_uring_setup: EPERM").
#define _GNU_SOURCE
#include <errno.h>
#include <linux/io_uring.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void) {
	struct io_uring_params p;
	memset(&p, 0, sizeof p);
	long fd = syscall(SYS_io_uring_setup, 4, &p);
	printf("io_uring_setup: %s\n", fd >= 0 ? "ok" : strerrorname_np(errno));
	return 0;
}
