// openmany N PATH: opens and closes PATH N times: one traced syscall after
// another, the tracer's worst case.
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
	if (argc != 3) return 2;
	int n = atoi(argv[1]);
	for (int i = 0; i < n; i++) {
		int fd = open(argv[2], O_RDONLY);
		if (fd < 0) return 1;
		close(fd);
	}
	return 0;
}
