// relopen DIR: opens files relative to the cwd, to a directory fd, and
// through a zero-extended AT_FDCWD, plus one that does not exist.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv) {
	if (argc != 2 || chdir(argv[1]) != 0) return 2;
	if (open("a.txt", O_RDONLY) < 0) return 3;
	int dfd = open("sub", O_RDONLY | O_DIRECTORY);
	if (dfd < 0) return 4;
	if (chdir("/") != 0) return 5;
	if (openat(dfd, "b.txt", O_RDONLY) < 0) return 6;
	if (chdir(argv[1]) != 0) return 7;
	/* AT_FDCWD passed as 0x00000000ffffff9c: the kernel reads an int. */
	if (syscall(SYS_openat, 0xffffff9cUL, "c.txt", O_RDONLY) < 0) return 8;
	if (open("missing.txt", O_RDONLY) >= 0) return 9;
	if (openat(dfd, "./../sub/d.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644) < 0) return 10;
	return 0;
}
