// reopen THREADS N LINK TARGET: THREADS threads each open LINK N times at
// once, then LINK (a symbolic link) is pointed at TARGET and they open it
// N times again; then the process opens LINK once more through a relative
// path and O_WRONLY, each its own access. The same spelling names two
// files, and every count must be exact.
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *link_;
static int n;
static pthread_barrier_t start;

static void *run(void *arg) {
	(void)arg;
	pthread_barrier_wait(&start);
	for (int i = 0; i < n; i++) {
		int fd = open(link_, O_RDONLY);
		if (fd < 0) return (void *)1;
		close(fd);
	}
	return NULL;
}

static int round_(int threads) {
	pthread_t t[64];
	pthread_barrier_init(&start, NULL, threads);
	for (long i = 0; i < threads; i++)
		if (pthread_create(&t[i], NULL, run, NULL) != 0) return 1;
	int bad = 0;
	for (int i = 0; i < threads; i++) {
		void *r;
		pthread_join(t[i], &r);
		bad |= r != NULL;
	}
	pthread_barrier_destroy(&start);
	return bad;
}

int main(int argc, char **argv) {
	if (argc != 5) return 2;
	int threads = atoi(argv[1]);
	n = atoi(argv[2]);
	link_ = argv[3];
	if (threads < 1 || threads > 64) return 2;
	if (round_(threads)) return 1;
	char tmp[4200];
	snprintf(tmp, sizeof tmp, "%s.new", link_);
	if (symlink(argv[4], tmp) != 0 || rename(tmp, link_) != 0) return 3;
	if (round_(threads)) return 1;
	const char *slash = strrchr(link_, '/');
	if (slash) {
		char dir[4200];
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - link_), link_);
		if (chdir(dir) != 0) return 3;
		int fd = open(slash + 1, O_RDONLY);
		if (fd < 0) return 1;
		close(fd);
	}
	int fd = open(link_, O_WRONLY);
	if (fd < 0) return 1;
	close(fd);
	return 0;
}
