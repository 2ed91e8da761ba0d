// vfork N: runs /bin/true N times with vfork+execve and N times with
// posix_spawn, waiting for each.
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 10;
	char *args[] = {"true", NULL};
	for (int i = 0; i < n; i++) {
		pid_t pid = vfork();
		if (pid == 0) {
			execve("/bin/true", args, environ);
			_exit(127);
		}
		int st;
		if (pid < 0 || waitpid(pid, &st, 0) != pid || st != 0) return 1;
		if (posix_spawn(&pid, "/bin/true", NULL, NULL, args, environ) != 0) return 2;
		if (waitpid(pid, &st, 0) != pid || st != 0) return 3;
	}
	return 0;
}
