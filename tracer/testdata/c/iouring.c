// iouring: sets up an io_uring instance.
#include <linux/io_uring.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void) {
	struct io_uring_params p;
	memset(&p, 0, sizeof p);
	return syscall(SYS_io_uring_setup, 4, &p) >= 0 ? 0 : 1;
}
