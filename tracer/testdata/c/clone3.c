// clone3 PATH: a child made with the raw clone3 syscall opens PATH. Where
// clone3 fails with ENOSYS (as under the tracer, whose filter refuses it
// because its flags are in memory), it prints "clone3: ENOSYS" and falls
// back to fork, as glibc falls back to clone.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
	if (argc != 2) return 2;
	struct clone_args ca;
	memset(&ca, 0, sizeof ca);
	ca.exit_signal = SIGCHLD;
	ca.flags = CLONE_UNTRACED;
	long pid = syscall(SYS_clone3, &ca, sizeof ca);
	if (pid < 0 && errno == ENOSYS) {
		printf("clone3: ENOSYS\n");
		fflush(stdout);
		pid = fork();
	}
	if (pid < 0) return 3;
	if (pid == 0) {
		int fd = syscall(SYS_openat, AT_FDCWD, argv[1], O_RDONLY);
		syscall(SYS_exit, fd >= 0 ? 0 : 1);
	}
	int st;
	if (waitpid(pid, &st, 0) != pid) return 4;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 5;
}
