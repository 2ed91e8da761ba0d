// evade MODE ARGS: the ways a traced program may try to load a file unseen
// or under a name that hides its package (issue 10, trace evasion).
//
//   untraced FILE       a child made with clone(CLONE_UNTRACED) opens FILE
//   nested FILE         a CLONE_UNTRACED child opens FILE while its parent
//                       traces it with PTRACE_O_TRACESECCOMP and continues
//                       every stop; prints "seize: ok" or "seize: ERRNO"
//   attach PID          PTRACE_SEIZE of PID; prints "seize: ok" or the error
//   listener            installs a seccomp filter with a user-notification
//                       listener; prints "listener: ok" or the error
//   opath FILE          opens FILE with O_PATH, then /proc/self/fd/N
//   pidroot FILE        opens /proc/PID/root/FILE (PID: its own)
//   open PATH           opens PATH
//   rename FROM TO PATH renames FROM to TO, then opens PATH
//   renameback FROM TO PATH
//                       renames FROM to TO, opens PATH, renames TO back
//   chroot DIR PATH     chroot(DIR), in a new user namespace unless root,
//                       then opens PATH
//   inroot DIR PATH     opens PATH with openat2's RESOLVE_IN_ROOT below DIR
//   bind FROM TO        in a new mount namespace (and user namespace unless
//                       root) bind-mounts FROM on TO, then opens TO
//   relink PATH TARGET  opens PATH, puts a hard link to TARGET in its place
//                       (a new link renamed over it), then opens PATH again
//   flip PATH FILE TMP N
//                       a thread puts in PATH's place, over and over, a
//                       new file written in the directory TMP and a hard
//                       link to FILE (each renamed over it), while the
//                       main thread opens and reads PATH N times; prints
//                       "file: K", how many of the reads were FILE's
//   swap LINK TARGET    opens the symbolic link LINK, then at once points
//                       it at TARGET (a new link renamed over it)
//   unlinked FILE       opens FILE with O_PATH, unlinks it, then opens
//                       /proc/self/fd/N: a file already deleted
//   handle FILE         name_to_handle_at of FILE, then open_by_handle_at
//   bindopen FROM TO PATH
//                       in a new mount namespace (and user namespace unless
//                       root) bind-mounts the directory FROM on TO, opens PATH
//   overlay LOWER UPPER WORK TARGET PATH
//                       in a new mount namespace mounts an overlay of LOWER
//                       (UPPER and WORK its upper and work directories) on
//                       TARGET, opens PATH
//   copyns PATH         in a new mount namespace, changing no mount, opens PATH
//   swapdirs A B PATH   opens PATH, puts directory B in A's place (A aside
//                       as A.swap), opens PATH, puts both back
//   movefile FROM TO PATH
//                       renames the file FROM over TO, opens PATH
//   deep DIR PKG NAME   moves directory PKG below a chain of directories
//                       made in DIR whose path exceeds PATH_MAX, opens
//                       NAME in it relative to its directory, moves PKG back
//   clonens PATH        a child made with clone(CLONE_NEWNS) opens PATH
//   recvfd SOCKET       connects to the Unix socket SOCKET, receives a
//                       descriptor with recvmsg (SCM_RIGHTS), reads it
//   recvmmsgfd SOCKET   the same with recvmmsg
//   getfd PID FD        copies descriptor FD of process PID with
//                       pidfd_getfd, reads it
// Every mode exits 0 when the file could be read, non-zero otherwise.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <linux/filter.h>
#include <linux/openat2.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static int readfile(const char *path) {
	int fd = syscall(SYS_openat, AT_FDCWD, path, O_RDONLY);
	if (fd < 0) return 1;
	char buf[64];
	int n = read(fd, buf, sizeof buf);
	close(fd);
	return n >= 0 ? 0 : 1;
}

// untracedChild forks with CLONE_UNTRACED through the raw clone syscall
// (stack 0: the child runs on a copy of the parent's stack, like fork).
static long untracedChild(void) {
	return syscall(SYS_clone, CLONE_UNTRACED | SIGCHLD, 0, 0, 0, 0);
}

// privns enters new namespaces of the kinds in flags, in a new user
// namespace too unless root, which gives the capabilities chroot and mount
// need there.
static int privns(int flags) {
	if (geteuid() != 0) flags |= CLONE_NEWUSER;
	return unshare(flags);
}

// flipper is the flip mode's renaming thread.
struct flipper {
	const char *path, *file, *tmp;
	volatile int stop;
	volatile long flips;
	int err;
};

static void *flip(void *arg) {
	struct flipper *f = arg;
	char own[4200], link_[4200];
	snprintf(own, sizeof own, "%s/own.tmp", f->tmp);
	snprintf(link_, sizeof link_, "%s/link.tmp", f->tmp);
	while (!f->stop) {
		int fd = open(own, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (fd < 0 || write(fd, "own\n", 4) != 4 || close(fd) != 0 || rename(own, f->path) != 0 ||
		    link(f->file, link_) != 0 || rename(link_, f->path) != 0) {
			f->err = errno;
			return NULL;
		}
		f->flips++;
	}
	return NULL;
}

// connectTo connects to the Unix stream socket at path.
static int connectTo(const char *path) {
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	snprintf(a.sun_path, sizeof a.sun_path, "%s", path);
	if (s < 0 || connect(s, (struct sockaddr *)&a, sizeof a) != 0) return -1;
	return s;
}

// readfd reads from fd and closes it.
static int readfd(int fd) {
	char buf[64];
	int n = read(fd, buf, sizeof buf);
	close(fd);
	return n >= 0 ? 0 : 1;
}

static int waitfor(long pid) {
	int st;
	if (waitpid(pid, &st, 0) != pid) return 4;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 5;
}

int main(int argc, char **argv) {
	if (argc < 2) return 2;
	const char *mode = argv[1];
	if (!strcmp(mode, "untraced") && argc == 3) {
		long pid = untracedChild();
		if (pid < 0) return 3;
		if (pid == 0) syscall(SYS_exit, readfile(argv[2]));
		return waitfor(pid);
	}
	if (!strcmp(mode, "nested") && argc == 3) {
		int go[2];
		if (pipe(go) != 0) return 3;
		long pid = untracedChild();
		if (pid < 0) return 3;
		if (pid == 0) {
			char c;
			close(go[1]);
			if (read(go[0], &c, 1) != 1) syscall(SYS_exit, 6);
			syscall(SYS_exit, readfile(argv[2]));
		}
		close(go[0]);
		int seized = ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_TRACESECCOMP | PTRACE_O_EXITKILL) == 0;
		printf("seize: %s\n", seized ? "ok" : strerrorname_np(errno));
		fflush(stdout);
		if (write(go[1], "x", 1) != 1) return 3;
		if (!seized) return waitfor(pid);
		for (;;) {
			int st;
			if (waitpid(pid, &st, __WALL) != pid) return 4;
			if (WIFEXITED(st)) return WEXITSTATUS(st);
			if (WIFSIGNALED(st)) return 5;
			int sig = WSTOPSIG(st);
			// A seccomp stop (the filter's SECCOMP_RET_TRACE) is
			// continued: the open then runs without its real tracer.
			if (st >> 16 != 0 || sig == SIGTRAP) sig = 0;
			ptrace(PTRACE_CONT, pid, 0, sig);
		}
	}
	if (!strcmp(mode, "attach") && argc == 3) {
		long pid = atol(argv[2]);
		int ok = ptrace(PTRACE_SEIZE, pid, 0, 0) == 0;
		printf("seize: %s\n", ok ? "ok" : strerrorname_np(errno));
		return 0;
	}
	if (!strcmp(mode, "listener") && argc == 2) {
		struct sock_filter allow = BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
		struct sock_fprog prog = {1, &allow};
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
		long fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
		printf("listener: %s\n", fd >= 0 ? "ok" : strerrorname_np(errno));
		return 0;
	}
	if (!strcmp(mode, "opath") && argc == 3) {
		int fd = open(argv[2], O_PATH);
		if (fd < 0) return 3;
		char p[64];
		snprintf(p, sizeof p, "/proc/self/fd/%d", fd);
		return readfile(p);
	}
	if (!strcmp(mode, "pidroot") && argc == 3) {
		char p[4200];
		snprintf(p, sizeof p, "/proc/%d/root%s", getpid(), argv[2]);
		return readfile(p);
	}
	if (!strcmp(mode, "open") && argc == 3) return readfile(argv[2]);
	if ((!strcmp(mode, "rename") || !strcmp(mode, "renameback")) && argc == 5) {
		if (rename(argv[2], argv[3]) != 0) return 3;
		int r = readfile(argv[4]);
		if (!strcmp(mode, "renameback") && rename(argv[3], argv[2]) != 0) return 3;
		return r;
	}
	if (!strcmp(mode, "chroot") && argc == 4) {
		if (privns(0) != 0 || chroot(argv[2]) != 0) return 3;
		return readfile(argv[3]);
	}
	if (!strcmp(mode, "inroot") && argc == 4) {
		int dir = open(argv[2], O_PATH | O_DIRECTORY);
		if (dir < 0) return 3;
		struct open_how how = {.flags = O_RDONLY, .resolve = RESOLVE_IN_ROOT};
		int fd = syscall(SYS_openat2, dir, argv[3], &how, sizeof how);
		if (fd < 0) return 1;
		close(fd);
		return 0;
	}
	if (!strcmp(mode, "bind") && argc == 4) {
		if (privns(CLONE_NEWNS) != 0) return 3;
		// Private first, so the bind mount stays in this namespace.
		if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return 3;
		if (mount(argv[2], argv[3], NULL, MS_BIND, NULL) != 0) return 3;
		return readfile(argv[3]);
	}
	if (!strcmp(mode, "relink") && argc == 4) {
		if (readfile(argv[2]) != 0) return 1;
		char tmp[4200];
		snprintf(tmp, sizeof tmp, "%s.new", argv[2]);
		if (link(argv[3], tmp) != 0 || rename(tmp, argv[2]) != 0) return 3;
		return readfile(argv[2]);
	}
	if (!strcmp(mode, "flip") && argc == 6) {
		struct flipper f = {.path = argv[2], .file = argv[3], .tmp = argv[4]};
		long n = atol(argv[5]), hits = 0;
		pthread_t th;
		if (pthread_create(&th, NULL, flip, &f) != 0) return 3;
		while (!f.flips && !f.err) sched_yield();
		for (long i = 0; i < n && !f.err; i++) {
			int fd = syscall(SYS_openat, AT_FDCWD, argv[2], O_RDONLY);
			if (fd < 0) continue;
			char buf[4] = {0};
			if (read(fd, buf, 4) == 4 && memcmp(buf, "own\n", 4) != 0) hits++;
			close(fd);
			sched_yield();
		}
		f.stop = 1;
		pthread_join(th, NULL);
		if (f.err) return 3;
		printf("file: %ld\n", hits);
		return 0;
	}
	if (!strcmp(mode, "swap") && argc == 4) {
		int fd = syscall(SYS_openat, AT_FDCWD, argv[2], O_RDONLY);
		if (fd < 0) return 1;
		char tmp[4200];
		snprintf(tmp, sizeof tmp, "%s.new", argv[2]);
		if (symlink(argv[3], tmp) != 0 || rename(tmp, argv[2]) != 0) return 3;
		char buf[64];
		return read(fd, buf, sizeof buf) >= 0 ? 0 : 1;
	}
	if (!strcmp(mode, "unlinked") && argc == 3) {
		int fd = open(argv[2], O_PATH);
		if (fd < 0 || unlink(argv[2]) != 0) return 3;
		char p[64];
		snprintf(p, sizeof p, "/proc/self/fd/%d", fd);
		return readfile(p);
	}
	if (!strcmp(mode, "bindopen") && argc == 5) {
		if (privns(CLONE_NEWNS) != 0) return 3;
		if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return 3;
		if (mount(argv[2], argv[3], NULL, MS_BIND, NULL) != 0) return 3;
		return readfile(argv[4]);
	}
	if (!strcmp(mode, "overlay") && argc == 7) {
		if (privns(CLONE_NEWNS) != 0) return 3;
		if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return 3;
		char opts[13000];
		snprintf(opts, sizeof opts, "lowerdir=%s,upperdir=%s,workdir=%s", argv[2], argv[3], argv[4]);
		if (mount("overlay", argv[5], "overlay", 0, opts) != 0) return 3;
		return readfile(argv[6]);
	}
	if (!strcmp(mode, "copyns") && argc == 3) {
		if (privns(CLONE_NEWNS) != 0) return 3;
		return readfile(argv[2]);
	}
	if (!strcmp(mode, "swapdirs") && argc == 5) {
		char aside[4200];
		snprintf(aside, sizeof aside, "%s.swap", argv[2]);
		if (readfile(argv[4]) != 0) return 1;
		if (rename(argv[2], aside) != 0 || rename(argv[3], argv[2]) != 0) return 3;
		int r = readfile(argv[4]);
		if (rename(argv[2], argv[3]) != 0 || rename(aside, argv[2]) != 0) return 3;
		return r;
	}
	if (!strcmp(mode, "movefile") && argc == 5) {
		if (rename(argv[2], argv[3]) != 0) return 3;
		return readfile(argv[4]);
	}
	if (!strcmp(mode, "deep") && argc == 5) {
		int dir = open(argv[2], O_PATH | O_DIRECTORY);
		if (dir < 0) return 3;
		char comp[256];
		memset(comp, 'd', 200);
		comp[200] = 0;
		for (int i = 0; i < 25; i++) {
			if (mkdirat(dir, comp, 0755) != 0 && errno != EEXIST) return 3;
			int next = openat(dir, comp, O_PATH | O_DIRECTORY);
			close(dir);
			if (next < 0) return 3;
			dir = next;
		}
		if (renameat(AT_FDCWD, argv[3], dir, "pkg") != 0) return 3;
		int pkg = openat(dir, "pkg", O_PATH | O_DIRECTORY);
		int fd = pkg < 0 ? -1 : openat(pkg, argv[4], O_RDONLY);
		char buf[64];
		int r = fd >= 0 && read(fd, buf, sizeof buf) >= 0 ? 0 : 1;
		if (renameat(dir, "pkg", AT_FDCWD, argv[3]) != 0) return 3;
		return r;
	}
	if (!strcmp(mode, "clonens") && argc == 3) {
		long pid = syscall(SYS_clone, CLONE_NEWNS | (geteuid() ? CLONE_NEWUSER : 0) | SIGCHLD, 0, 0, 0, 0);
		if (pid < 0) return 3;
		if (pid == 0) syscall(SYS_exit, readfile(argv[2]));
		return waitfor(pid);
	}
	if ((!strcmp(mode, "recvfd") || !strcmp(mode, "recvmmsgfd")) && argc == 3) {
		int s = connectTo(argv[2]);
		if (s < 0) return 3;
		char data[1], ctl[CMSG_SPACE(sizeof(int))];
		struct iovec iov = {data, sizeof data};
		struct mmsghdr m = {.msg_hdr = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl}};
		if (!strcmp(mode, "recvfd")) {
			if (recvmsg(s, &m.msg_hdr, 0) < 0) return 3;
		} else if (recvmmsg(s, &m, 1, 0, NULL) != 1) {
			return 3;
		}
		struct cmsghdr *c = CMSG_FIRSTHDR(&m.msg_hdr);
		if (!c || c->cmsg_type != SCM_RIGHTS) return 3;
		int fd;
		memcpy(&fd, CMSG_DATA(c), sizeof fd);
		return readfd(fd);
	}
	if (!strcmp(mode, "getfd") && argc == 4) {
		int pidfd = syscall(SYS_pidfd_open, atoi(argv[2]), 0);
		if (pidfd < 0) return 3;
		int fd = syscall(SYS_pidfd_getfd, pidfd, atoi(argv[3]), 0);
		if (fd < 0) return 3;
		return readfd(fd);
	}
	if (!strcmp(mode, "handle") && argc == 3) {
		struct file_handle *h = malloc(sizeof *h + MAX_HANDLE_SZ);
		h->handle_bytes = MAX_HANDLE_SZ;
		int mnt;
		if (name_to_handle_at(AT_FDCWD, argv[2], h, &mnt, 0) != 0) return 3;
		// Any descriptor on its mount but O_PATH; a directory's is no
		// access.
		char dir[4200];
		snprintf(dir, sizeof dir, "%s", argv[2]);
		int mfd = open(dirname(dir), O_RDONLY | O_DIRECTORY);
		int fd = open_by_handle_at(mfd, h, O_RDONLY);
		if (fd < 0) return 1;
		char buf[64];
		return read(fd, buf, sizeof buf) >= 0 ? 0 : 1;
	}
	return 2;
}
