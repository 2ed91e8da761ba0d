// stress [-x] ROUNDS PROCS THREADS FILES DIR: the fork- and thread-heavy
// benchmark workload. Each round forks PROCS processes at once; each starts
// THREADS threads that open FILES files of DIR (f0, f1, ...), then
// fork+execs /bin/true, and exits.
//
// With -x (the tracer's exact-count test), every fourth file is
// DIR/missing<N> instead, which does not exist, and the workers start
// /bin/true each in one of five ways, by their number modulo 5: fork,
// the raw clone syscall, vfork, a forked child that executes from a
// thread other than its leader, and clone with CLONE_UNTRACED.
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static int files, exact;
static const char *dir;

static void *opener(void *arg) {
	char path[4096];
	for (int i = 0; i < files; i++) {
		if (exact && i % 4 == 3)
			snprintf(path, sizeof path, "%s/missing%d", dir, i);
		else
			snprintf(path, sizeof path, "%s/f%d", dir, i);
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd >= 0) close(fd);
	}
	return NULL;
}

static void *execTrue(void *arg) {
	execl("/bin/true", "true", (char *)NULL);
	_exit(127);
}

// spawn starts /bin/true the way number how says, and returns its pid.
static pid_t spawn(int how) {
	pid_t pid;
	switch (how) {
	case 1: // stack 0: the child runs on a copy of the parent's stack
		pid = syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
		break;
	case 2:
		pid = vfork();
		break;
	case 3:
		pid = fork();
		if (pid == 0) {
			pthread_t t;
			if (pthread_create(&t, NULL, execTrue, NULL) != 0) _exit(126);
			for (;;) pause();
		}
		return pid;
	case 4:
		pid = syscall(SYS_clone, CLONE_UNTRACED | SIGCHLD, 0, 0, 0, 0);
		break;
	default:
		pid = fork();
	}
	if (pid == 0) execTrue(NULL);
	return pid;
}

static int worker(int n, int threads) {
	pthread_t t[256];
	for (int i = 0; i < threads; i++)
		if (pthread_create(&t[i], NULL, opener, NULL) != 0) return 1;
	for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
	pid_t pid = spawn(exact ? n % 5 : 0);
	int st;
	return pid < 0 || waitpid(pid, &st, 0) != pid || st != 0;
}

int main(int argc, char **argv) {
	if (argc > 1 && !strcmp(argv[1], "-x")) {
		exact = 1;
		argc--, argv++;
	}
	if (argc != 6) {
		fprintf(stderr, "usage: stress [-x] ROUNDS PROCS THREADS FILES DIR\n");
		return 2;
	}
	int rounds = atoi(argv[1]), procs = atoi(argv[2]), threads = atoi(argv[3]);
	files = atoi(argv[4]);
	dir = argv[5];
	if (threads > 256) threads = 256;
	for (int r = 0; r < rounds; r++) {
		for (int p = 0; p < procs; p++) {
			pid_t pid = fork();
			if (pid == 0) _exit(worker(p, threads));
			if (pid < 0) return 1;
		}
		int st, bad = 0;
		for (int p = 0; p < procs; p++)
			if (wait(&st) < 0 || st != 0) bad++;
		if (bad) return 1;
	}
	return 0;
}
