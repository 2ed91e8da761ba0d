// threadexec PROG ARGS...: prints its pid, then executes PROG from a
// thread that is not the thread group leader.
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static char **args;

static void *run(void *unused) {
	execv(args[0], args);
	_exit(127);
}

int main(int argc, char **argv) {
	if (argc < 2) return 2;
	args = argv + 1;
	printf("%d\n", getpid());
	fflush(stdout);
	pthread_t t;
	if (pthread_create(&t, NULL, run, NULL) != 0) return 3;
	for (;;) pause();
}
