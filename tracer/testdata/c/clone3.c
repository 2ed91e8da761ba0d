// clone3 PATH: a child made with the raw clone3 syscall opens PATH.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
	if (argc != 2) return 2;
	struct clone_args ca;
	memset(&ca, 0, sizeof ca);
	ca.exit_signal = SIGCHLD;
	long pid = syscall(SYS_clone3, &ca, sizeof ca);
	if (pid < 0) return 3;
	if (pid == 0) {
		int fd = syscall(SYS_openat, AT_FDCWD, argv[1], O_RDONLY);
		syscall(SYS_exit, fd >= 0 ? 0 : 1);
	}
	int st;
	if (waitpid(pid, &st, 0) != pid) return 4;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 5;
}
