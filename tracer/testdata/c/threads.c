// threads DIR N: N threads each open DIR/fI (I = thread index).
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char *dir;

static void *run(void *arg) {
	char path[4096];
	snprintf(path, sizeof path, "%s/f%ld", dir, (long)arg);
	int fd = open(path, O_RDONLY);
	if (fd < 0) return (void *)1;
	close(fd);
	return NULL;
}

int main(int argc, char **argv) {
	if (argc != 3) return 2;
	dir = argv[1];
	int n = atoi(argv[2]);
	pthread_t t[1024];
	for (long i = 0; i < n; i++)
		if (pthread_create(&t[i], NULL, run, (void *)i) != 0) return 3;
	int bad = 0;
	for (int i = 0; i < n; i++) {
		void *r;
		pthread_join(t[i], &r);
		bad += r != NULL;
	}
	return bad ? 4 : 0;
}
