// stress ROUNDS PROCS THREADS FILES DIR: the fork- and thread-heavy
// benchmark workload. Each round forks PROCS processes at once; each starts
// THREADS threads that open FILES files of DIR (f0, f1, ...), then
// fork+execs /bin/true, and exits.
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int files;
static const char *dir;

static void *opener(void *arg) {
	char path[4096];
	for (int i = 0; i < files; i++) {
		snprintf(path, sizeof path, "%s/f%d", dir, i);
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd >= 0) close(fd);
	}
	return NULL;
}

static int worker(int threads) {
	pthread_t t[256];
	for (int i = 0; i < threads; i++)
		if (pthread_create(&t[i], NULL, opener, NULL) != 0) return 1;
	for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
	pid_t pid = fork();
	if (pid == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(127);
	}
	int st;
	return pid < 0 || waitpid(pid, &st, 0) != pid || st != 0;
}

int main(int argc, char **argv) {
	if (argc != 6) {
		fprintf(stderr, "usage: stress ROUNDS PROCS THREADS FILES DIR\n");
		return 2;
	}
	int rounds = atoi(argv[1]), procs = atoi(argv[2]), threads = atoi(argv[3]);
	files = atoi(argv[4]);
	dir = argv[5];
	if (threads > 256) threads = 256;
	for (int r = 0; r < rounds; r++) {
		for (int p = 0; p < procs; p++) {
			pid_t pid = fork();
			if (pid == 0) _exit(worker(threads));
			if (pid < 0) return 1;
		}
		int st, bad = 0;
		for (int p = 0; p < procs; p++)
			if (wait(&st) < 0 || st != 0) bad++;
		if (bad) return 1;
	}
	return 0;
}
