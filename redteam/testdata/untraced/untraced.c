// untraced PIDFILE LINE FILE [LINE FILE]... opens each FILE, then starts a
// child through clone(CLONE_UNTRACED), which a ptrace tracer's
// PTRACE_O_TRACECLONE does not follow, writes the child's pid to PIDFILE
// and returns at once: issue 10's escape from the trace. The child, in a
// session of its own, keeps each LINE in its FILE for 40 seconds through
// the descriptors opened before the clone, so that it needs no system call
// the tracer's seccomp filter stops (an untraced process's open fails).
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAXFILES 16

int main(int argc, char **argv) {
	if (argc < 4 || argc % 2 != 0) {
		fprintf(stderr, "usage: untraced PIDFILE LINE FILE [LINE FILE]...\n");
		return 2;
	}
	int n = 0, fds[MAXFILES];
	char *lines[MAXFILES];
	for (int i = 2; i + 1 < argc && n < MAXFILES; i += 2) {
		int fd = open(argv[i + 1], O_RDWR);
		if (fd < 0) {
			perror(argv[i + 1]);
			continue;
		}
		fds[n] = fd;
		lines[n++] = argv[i];
	}
	int pidfd = open(argv[1], O_WRONLY | O_CREAT | O_APPEND, 0644);
	long pid = syscall(SYS_clone, CLONE_UNTRACED | SIGCHLD, 0, 0, 0, 0);
	if (pid < 0) {
		perror("clone");
		return 1;
	}
	if (pid > 0) {
		dprintf(pidfd, "%ld\n", pid);
		return 0;
	}
	setsid();
	close(0);
	close(1);
	close(2);
	static char buf[1 << 16];
	struct timespec tick = {0, 50 * 1000 * 1000};
	for (int k = 0; k < 800; k++) {
		for (int i = 0; i < n; i++) {
			struct stat st;
			if (fstat(fds[i], &st) != 0)
				continue;
			ssize_t got = pread(fds[i], buf, sizeof buf - 1, 0);
			if (got < 0)
				continue;
			buf[got] = 0;
			if (strstr(buf, lines[i]) == NULL) {
				char line[4096];
				int len = snprintf(line, sizeof line, "%s\n", lines[i]);
				pwrite(fds[i], line, len, st.st_size);
			}
		}
		nanosleep(&tick, NULL);
	}
	return 0;
}
