// untraced FILE DELAY_MS TEXT: opens FILE for appending, then a child made
// with clone(CLONE_UNTRACED), which escapes the tracer, leaves its session
// (setsid), prints its pid, waits DELAY_MS after its parent exited and
// appends TEXT to FILE through the descriptor opened before the clone (its
// own opens would fail under the filter). The parent exits at once.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
	if (argc != 4) return 2;
	int fd = open(argv[1], O_WRONLY | O_APPEND | O_CREAT, 0644);
	if (fd < 0) return 3;
	long ms = atol(argv[2]);
	long pid = syscall(SYS_clone, CLONE_UNTRACED | SIGCHLD, 0, 0, 0, 0);
	if (pid < 0) return 4;
	if (pid == 0) {
		setsid();
		char buf[32];
		int n = snprintf(buf, sizeof buf, "%d\n", (int)getpid());
		write(1, buf, n);
		// Let go of the run's output pipes, as a daemon does.
		close(0);
		close(1);
		close(2);
		struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
		nanosleep(&ts, 0);
		write(fd, argv[3], strlen(argv[3]));
		syscall(SYS_exit, 0);
	}
	return 0;
}
