// fifo PATH: opening a FIFO blocks until a writer comes; a SIGALRM with
// SA_RESTART interrupts the open (-ERESTARTSYS at its exit), which the kernel
// restarts. Prints how many alarms were handled.
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t alarms;

static void onalarm(int sig) { alarms++; }

int main(int argc, char **argv) {
	if (argc != 2 || mkfifo(argv[1], 0600) != 0) return 2;
	pid_t pid = fork();
	if (pid == 0) {
		usleep(400000);
		int fd = open(argv[1], O_WRONLY);
		_exit(fd < 0);
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onalarm;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	ualarm(100000, 0);
	int fd = open(argv[1], O_RDONLY);
	int st;
	waitpid(pid, &st, 0);
	printf("%d\n", (int)alarms);
	return fd >= 0 && alarms > 0 && st == 0 ? 0 : 1;
}
