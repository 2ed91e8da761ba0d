// sigusr N: sends itself SIGUSR1 N times; exits 0 if its handler ran N times.
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void onusr(int sig) { got++; }

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 100;
	signal(SIGUSR1, onusr);
	for (int i = 0; i < n; i++) kill(getpid(), SIGUSR1);
	return got == n ? 0 : 1;
}
