// SPDX-License-Identifier: (MIT OR GPL-2.0-only)
//
// The eBPF side of envaudit's tracer: it follows exactly the traced process
// tree (a set of thread-group ids seeded with the helper's pid, grown at
// fork and shrunk at exit, in the kernel, so no child escapes between two
// user-space reads) and sends every successful open and execve of that tree
// to a ring buffer, with the path as the process named it (read at syscall
// entry, before another thread could rewrite the buffer, or at exit when
// its page was not yet in memory) and, for a relative path, the absolute
// directory it is relative to (the working directory or the directory
// descriptor's, read from the task's own structures in the same syscall:
// a process gone before user space reads /proc still has it). Events it
// cannot send are counted.
//
// At the exit of a successful open the new descriptor's struct file gives
// the file actually opened: its path (walked up the dentries and mounts as
// d_path walks them), device, inode, link count and type, so neither a
// symbolic link swapped after the call nor a /proc/self/fd reopen can
// mislead it, and a process gone before user space reads its events still
// has them.
//
// Repeated opens are counted in the kernel: the first open of a file by a
// process image under one spelling sends its event, and the repeats only
// increment that access's counter, which user space reads at the end (see
// count_repeat).
//
// Only raw tracepoints (raw_tp) are used: on the kernel this was written on
// (docs/tracer.md, "eBPF"), loading LSM and fentry programs fails with
// EPERM, so the file_open hook (which would also see io_uring's opens) and
// bpf_d_path (allowed only there) are not available. They are raw rather
// than BTF tracepoints (tp_btf), which run the same way, because loading a
// tp_btf program names its tracepoint by the kernel's type ID, and finding
// that ID means decoding the kernel's BTF, a third of a run's fixed cost
// (docs/tracer.md, "Where the cost goes"). So the tracepoints' arguments
// are numbers to the verifier: pointers among them are read with
// BPF_CORE_READ, and the task and its registers come from helpers whose
// pointers the verifier types.
//
// Built by bpf2go (tracer/ebpf_gen.go, `make bpf`) against a vmlinux.h that
// bpftool dumps from the kernel's BTF; CO-RE relocations make the object
// load on other kernels.

#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

char LICENSE[] SEC("license") = "Dual MIT/GPL";

#define PATH_MAX 4096

// Event kinds, mirrored in ebpf_linux.go.
enum {
	EV_OPEN = 1,
	EV_EXEC = 2,
	EV_FORK = 3,
	EV_EXIT = 4,
	EV_URING = 5, // a successful io_uring_setup, whose opens no tracepoint here sees
	EV_ARGS = 6,  // the command line and working directory of a new image, just before its EV_EXEC
	EV_PTRACE = 7, // a successful PTRACE_ATTACH or PTRACE_SEIZE; ppid holds the target
	EV_MOUNT = 8,  // a successful call that changed mounts or the mount namespace; ppid holds its sys_kind
};

// How an EV_URING came about, in its ppid field.
enum {
	URING_SET_UP = 0,   // io_uring_setup succeeded
	URING_REFUSED = 1,  // io_uring_setup failed with EPERM (the helper's seccomp filter refuses it)
	URING_RECEIVED = 2, // an io_uring instance came in a descriptor from another process
};

// Syscall kinds kept in a pending entry.
enum {
	SYS_OPEN = 1,
	SYS_EXEC = 2,
	SYS_URING = 3,
	SYS_OPEN_HANDLE = 4, // open_by_handle_at: no path, only the opened file
	SYS_PTRACE = 5,      // PTRACE_ATTACH or PTRACE_SEIZE; ppid holds the target
	SYS_MOUNT = 6,       // a call that changes mounts or the mount namespace; flags holds its sys_kind
	SYS_RECV = 7,        // recvmsg, recvmmsg or socketcall; flags holds its sys_kind, uptr the message (or socketcall's arguments)
	SYS_GETFD = 8,       // pidfd_getfd
	SYS_RECEIVED = 9,    // on an EV_OPEN: a descriptor received from another process (no path, only the file)
};

// sys_kind numbers the system calls as the ptrace backend's sysKind does
// (tracer/systab.go): the loader fills kinds and kinds32 with these, and
// ebpf_linux_test.go checks that the two agree.
enum sys_kind {
	K_OPEN = 1,
	K_OPENAT = 2,
	K_OPENAT2 = 3,
	K_CREAT = 4,
	K_OPEN_BY_HANDLE_AT = 5,
	K_EXECVE = 6,
	K_EXECVEAT = 7,
	K_IO_URING_SETUP = 8,
	K_CLONE = 9,
	K_PTRACE = 11,
	K_MOUNT = 13,
	K_UMOUNT2 = 14,
	K_UMOUNT = 15,
	K_PIVOT_ROOT = 16,
	K_MOVE_MOUNT = 17,
	K_OPEN_TREE = 18,
	K_FSMOUNT = 19,
	K_MOUNT_SETATTR = 20,
	K_UNSHARE = 21,
	K_SETNS = 22,
	K_RECVMSG = 23,
	K_RECVMMSG = 24,
	K_RECVMMSG_TIME64 = 25,
	K_SOCKETCALL = 26,
	K_PIDFD_GETFD = 27,
};

// Keeps enum sys_kind in the object's BTF, for bpf2go's Go constants.
const volatile enum sys_kind sys_kinds_in_btf = 0;

// Counters in the drops array, mirrored in ebpf_linux.go.
enum {
	DROP_RINGBUF = 0, // the ring buffer was full
	DROP_PENDING = 1, // no storage for a call at its entry
	DROP_PATH = 2,    // the path of a successful open could not be read
	DROP_TRACKED = 3, // the tracked set was full at fork
	NUM_DROPS = 4,
};

// repeat_key names one access as user space aggregates it: the process
// image (a sequence number given at fork and exec, since thread-group ids
// are reused), the open flags that decide its operation, and keyed hashes
// of the path as named (with its base directory) and of the file the
// kernel opened (its path, device, inode, link count and whether its name
// was settled: opened_file).
struct repeat_key {
	__u64 image;
	__u64 flags; // the flags that decide the operation, and the ABI (bit 63)
	__u64 spelled;
	__u64 file;
};

// event is one record in the ring buffer; only its header plus the used
// part of buf are sent (see emit). buf holds, one after the other, the path
// as named (path_len bytes with its NUL), the base directory of a relative
// one (base_len) and the file (file_len): for an open the file the new
// descriptor names, for an exec the executable that runs (what
// /proc/PID/exe names). Packed so, an open of an absolute path sends about
// two paths' bytes, not three PATH_MAX slots.
struct event {
	__u32 kind;
	__u32 pid;      // thread-group id
	__u32 tid;      // thread id
	__u32 ppid;     // fork: the parent's tgid; exec: the old tid
	__s64 ret;      // open: the returned descriptor
	__u64 flags;    // open: the open flags
	__s32 dirfd;    // open: the directory descriptor (AT_FDCWD = -100)
	__u16 path_len; // bytes of the path in buf, with its NUL; 0 when none
	__u16 base_len; // bytes of the base directory after it, with its NUL; 0 when none
	__u32 sys;      // SYS_OPEN, SYS_EXEC, SYS_URING or SYS_OPEN_HANDLE
	__u16 file_len; // bytes of the file's path after the base, with its NUL; 0 when none
	__u16 compat;   // open: made through the 32-bit (int 0x80) syscall ABI
	__u64 uptr;     // pending entries: the path's user address
	// The opened file's inode, when file_len is set on an open: what
	// fstat of the descriptor would say, but for the device, which is the
	// kernel's own dev_t encoding (MAJOR << 20 | MINOR) and the
	// superblock's (a file system whose stat reports another device, such
	// as btrfs's subvolumes, is told by its magic).
	__u64 ino;
	__u64 magic;    // the superblock's s_magic
	__u32 dev;      // i_sb->s_dev
	__u32 nlink;    // i_nlink
	__u16 mode;     // i_mode: type and permissions
	__u16 counted;  // open: the first of its key, whose repeats are in the repeats map
	__u16 stat_dev; // dev is what stat reports although the file system's stat changes it (btrfs)
	__u16 unsettled; // the name opened was going or gone, or the inode locked, at the exit (see opened_file)
	__u64 mnt_id;   // the ID of the mount the file was opened on, as statx's STATX_MNT_ID gives it
	__s64 ctime;    // the inode's ctime, in nanoseconds since the epoch
	// open, when counted: the key of the repeats map, which user space
	// finds again when it reads the counters.
	struct repeat_key key;
	char buf[3 * PATH_MAX];
};

#define EVENT_HEADER (offsetof(struct event, buf))

// tracked is the traced set. Not preallocated, as none of the hash maps
// here: a preallocated map of this size costs milliseconds to create, in
// every run, for entries a run mostly never uses.
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 65536);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, __u32);
	__type(value, __u8);
} tracked SEC(".maps");

// pending holds each traced thread's call from its entry to its exit
// (sys is 0 between calls): storage of the task itself, which the kernel
// allocates at the thread's first noted call and frees with the thread,
// so a call costs no allocation, copy or deferred free of a map entry.
struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct event);
} pending SEC(".maps");

// inflight counts the calls in pending: sys_exit, which runs at the end
// of every syscall of the machine, returns at once while it is zero (the
// usual case: no traced call is in flight anywhere), after one load.
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} inflight SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 16 << 20);
} events SEC(".maps");

// image holds the sequence number of each traced process's current image
// (repeat_key.image): a new one at fork and at exec. The helper, before
// it executes the command, has none: its opens are not the command's.
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 65536);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, __u32);
	__type(value, __u64);
} image SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} image_seq SEC(".maps");

// repeats counts, per access, the opens after the first (whose event was
// sent). A full map is no loss: the open is then sent as an event. Not
// preallocated: its memory grows with the distinct accesses of the run,
// and a preallocated map of this size costs a tenth of a second to create.
// Its bucket array is allocated all the same, so it holds 2^17 accesses
// (a `go test` of a small module has a few thousand) rather than more.
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1 << 17);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, struct repeat_key);
	__type(value, __u64);
} repeats SEC(".maps");

// seen is a bitmap of the repeat keys opened before (a bit per hash of
// the key, 2^23 bits): the first open of a key only sets its bit and is
// sent as it is, and only an open whose bit is set (a repeat, or another
// key's bit) goes to the repeats map. Inserting a key there costs more
// than anything else an open does, and in a test run most files are
// opened once: so the map holds the keys opened twice or more, whose
// second open is sent, counted, and the later ones only counted. A
// preallocated array, it costs next to nothing to create.
#define SEEN_WORDS (1 << 17)

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, SEEN_WORDS);
	__type(key, __u32);
	__type(value, __u64);
} seen SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, NUM_DROPS);
	__type(key, __u32);
	__type(value, __u64);
} drops SEC(".maps");

// NR_MAX bounds the syscall numbers the programs note.
#define NR_MAX 512

// kinds maps each syscall number of the native ABI (x86_64) the programs
// note to its sys_kind, kinds32 each of the 32-bit ABI (int 0x80), whose
// arguments come in other registers; 0 for every other number. The loader
// fills them from the ptrace backend's tables, so the two backends follow
// the same calls and one object serves ABIs whose numbers differ. One look
// in each tells sys_enter, at every syscall of the machine, whether to go
// on: no comparison per noted call.
const volatile __u8 kinds[NR_MAX] = {};
const volatile __u8 kinds32[NR_MAX] = {};

// hash_seed keys the hashes of repeat_key, set by the loader from a random
// source at each load: a traced program that cannot read it cannot craft
// two paths of one hash to have an open counted under another file.
const volatile __u64 hash_seed[2] = {};

// TS_COMPAT in thread_info.status marks a task inside a 32-bit syscall
// (arch/x86/include/asm/thread_info.h).
#define TS_COMPAT 0x0002

static __always_inline void count_drop(__u32 which)
{
	__u64 *n = bpf_map_lookup_elem(&drops, &which);
	if (n)
		*n += 1;
}

static __always_inline bool is_tracked(__u32 tgid)
{
	return bpf_map_lookup_elem(&tracked, &tgid) != NULL;
}

static __always_inline void count_inflight(__s64 d)
{
	__u32 zero = 0;
	__u64 *n = bpf_map_lookup_elem(&inflight, &zero);
	if (n)
		__sync_fetch_and_add(n, d);
}

// pending_of returns the current thread's entry, made on first use when
// create is set, or NULL.
static __always_inline struct event *pending_of(bool create)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task_btf();
	return bpf_task_storage_get(&pending, task, 0, create ? BPF_LOCAL_STORAGE_GET_F_CREATE : 0);
}

// done ends the call in e, if one is in it.
static __always_inline void done(struct event *e)
{
	if (e && e->sys) {
		e->sys = 0;
		count_inflight(-1);
	}
}

// wake_flags is how a record is sent: without waking the reader, which
// reads the ring buffer every few milliseconds anyway (bpfPoll in
// ebpf_linux.go), unless an eighth of the buffer is waiting. Waking it at
// every record, as the default does whenever it has caught up, costs the
// traced process an interrupt and the reader a wake-up per open.
static __always_inline __u64 wake_flags(void)
{
	__u64 waiting = bpf_ringbuf_query(&events, BPF_RB_AVAIL_DATA);
	__u64 size = bpf_ringbuf_query(&events, BPF_RB_RING_SIZE);
	return waiting >= size / 8 ? BPF_RB_FORCE_WAKEUP : BPF_RB_NO_WAKEUP;
}

// emit sends e's header and the used part of its buffer.
__noinline int emit(struct event *e)
{
	if (!e)
		return 0;
	__u64 size = EVENT_HEADER + (__u64)e->path_len + e->base_len + e->file_len;
	if (size > sizeof(*e))
		size = sizeof(*e);
	if (bpf_ringbuf_output(&events, e, size, wake_flags()) != 0)
		count_drop(DROP_RINGBUF);
	return 0;
}

// new_image returns a fresh image sequence number (never 0).
static __always_inline __u64 new_image(void)
{
	__u32 zero = 0;
	__u64 *n = bpf_map_lookup_elem(&image_seq, &zero);
	if (!n)
		return 0;
	return __sync_fetch_and_add(n, 1) + 1;
}

// set_image gives process tgid a new image and returns its sequence
// number, or 0.
static __always_inline __u64 set_image(__u32 tgid)
{
	__u64 seq = new_image();
	if (seq && bpf_map_update_elem(&image, &tgid, &seq, BPF_ANY) != 0)
		seq = 0;
	return seq;
}

// hashctx is the state of a hash_bytes between two of its steps.
struct hashctx {
	struct event *e;
	__u64 start, end; // the bytes to hash, in e->buf
	__u64 h;
};

// hash_step mixes the i-th eight bytes (the last word masked to the
// string's end) into the hash: a multiply-xorshift over words, keyed by
// hash_seed. The offset derives from i, which the verifier does not know,
// rather than from a counter in c: a counter it knows exactly would make it
// verify every iteration apart.
static long hash_step(__u64 i, struct hashctx *c)
{
	struct event *e = c->e;
	__u64 off = c->start + i * 8, end = c->end;
	if (!e || off >= end || off > sizeof(e->buf) - 8)
		return 1;
	barrier_var(off);
	if (off > sizeof(e->buf) - 8)
		return 1;
	__u64 w;
	__builtin_memcpy(&w, &e->buf[off], 8);
	if (end - off < 8)
		w &= (1ULL << (8 * (end - off))) - 1;
	__u64 h = (c->h ^ w) * 0x9e3779b97f4a7c15ULL;
	c->h = h ^ (h >> 29);
	return 0;
}

// hash_bytes hashes e->buf[off:off+n].
static __always_inline __u64 hash_bytes(struct event *e, __u64 off, __u64 n, __u64 seed)
{
	struct hashctx c = {.e = e, .start = off, .end = off + n, .h = seed ^ (n * 0xff51afd7ed558ccdULL)};
	bpf_loop(3 * PATH_MAX / 8, hash_step, &c, 0);
	__u64 h = c.h * 0xc4ceb9fe1a85ec53ULL;
	return h ^ (h >> 33);
}

// The open flags that decide how user space records an open: its access
// mode, O_CREAT, O_TRUNC, O_DIRECTORY and O_PATH (x86's values, shared by
// both ABIs).
#define OPEN_KEY_FLAGS (03 | 0100 | 01000 | 0200000 | 010000000)

// count_repeat decides whether e, a successful open whose file the kernel
// named, is to be sent: it is not when an open with the same repeat_key was
// sent before, whose counter it then increments. The first open of a key
// is sent as it is, setting its bit in seen; the first whose bit was set
// already is sent marked counted, with the key. An open whose relative path has no
// base directory (user space would ask /proc for it) and a full map are
// sent as they are.
__noinline int count_repeat(struct event *e)
{
	if (!e || !e->file_len || (e->path_len && e->buf[0] != '/' && !e->base_len))
		return false;
	__u32 tgid = e->pid;
	__u64 *img = bpf_map_lookup_elem(&image, &tgid);
	if (!img)
		return false;
	struct repeat_key k = {
		.image = *img,
		.flags = (e->flags & OPEN_KEY_FLAGS) | ((__u64)e->compat << 63) | ((__u64)(e->sys == SYS_OPEN_HANDLE) << 62),
		.spelled = hash_bytes(e, 0, (__u64)e->path_len + e->base_len, hash_seed[0]),
		// The inode and what user space judges a skipped directory's
		// own file by (its link count, whether its name still stands),
		// or the path's evidence by (the mount, the ctime), are part of
		// the file's key: a repeat is counted as what its first open
		// was, skipped or recorded, so a path that names another file
		// since (a hard link put in the place of the cache's own file,
		// a package's file renamed into another's directory), or the
		// same file in another state, must be sent again.
		.file = hash_bytes(e, (__u64)e->path_len + e->base_len, e->file_len,
				   hash_seed[1] ^ (e->ino * 0x9e3779b97f4a7c15ULL) ^ ((__u64)e->dev << 32) ^
					   ((__u64)e->nlink * 0xff51afd7ed558ccdULL) ^ ((__u64)e->unsettled << 31) ^
					   (e->mnt_id * 0xc4ceb9fe1a85ec53ULL) ^ ((__u64)e->ctime * 0x94d049bb133111ebULL)),
	};
	__u64 mix = (k.spelled ^ (k.file * 0x9e3779b97f4a7c15ULL) ^ (k.image * 0xff51afd7ed558ccdULL) ^ k.flags) * 0xc4ceb9fe1a85ec53ULL;
	__u32 word = (mix >> 40) & (SEEN_WORDS - 1);
	__u64 bit = 1ULL << (mix >> 58);
	__u64 *w = bpf_map_lookup_elem(&seen, &word);
	if (w && !(*w & bit)) {
		// Two threads opening the same file at once may both come
		// here: both are sent, which counts both.
		__sync_fetch_and_or(w, bit);
		return false;
	}
	__u64 *n = bpf_map_lookup_elem(&repeats, &k);
	if (!n) {
		__u64 zero = 0;
		if (bpf_map_update_elem(&repeats, &k, &zero, BPF_NOEXIST) == 0) {
			e->counted = 1;
			e->key = k;
			return false;
		}
		// Another thread inserted it first (count there), or the
		// map is full (send).
		n = bpf_map_lookup_elem(&repeats, &k);
		if (!n)
			return false;
	}
	__sync_fetch_and_add(n, 1);
	return true;
}

// clear zeroes every field of e but kind, pid, tid and ppid.
static __always_inline void clear(struct event *e)
{
	e->ret = 0;
	e->flags = 0;
	e->dirfd = 0;
	e->path_len = 0;
	e->base_len = 0;
	e->sys = 0;
	e->file_len = 0;
	e->compat = 0;
	e->uptr = 0;
	e->ino = 0;
	e->magic = 0;
	e->dev = 0;
	e->nlink = 0;
	e->mode = 0;
	e->counted = 0;
	e->stat_dev = 0;
	e->unsettled = 0;
	e->mnt_id = 0;
	e->ctime = 0;
	e->key.image = 0;
	e->key.flags = 0;
	e->key.spelled = 0;
	e->key.file = 0;
}

static __always_inline void emit_small(__u32 kind, __u32 pid, __u32 tid, __u32 ppid)
{
	struct event *e = bpf_ringbuf_reserve(&events, EVENT_HEADER, 0);
	if (!e) {
		count_drop(DROP_RINGBUF);
		return;
	}
	e->kind = kind;
	e->pid = pid;
	e->tid = tid;
	e->ppid = ppid;
	clear(e);
	// A process's exit wakes the reader: the run ends when the last
	// one's is read.
	bpf_ringbuf_submit(e, kind == EV_EXIT ? BPF_RB_FORCE_WAKEUP : wake_flags());
}

// walk is the scratch space in which dir_path composes a path backwards.
struct walkbuf {
	char b[2 * PATH_MAX];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct walkbuf);
} walk SEC(".maps");

// MAX_DEPTH bounds the steps of a walk: a component (at least two bytes
// of the path) or a mount crossed. It is not what limits a walk: any path
// that fits PATH_MAX has fewer components, and bpf_loop verifies one step,
// not MAX_DEPTH of them. A path longer than PATH_MAX is not sent (user
// space falls back, see dir_path's callers).
#define MAX_DEPTH (PATH_MAX / 2 + 64)

// fd_file returns the struct file behind descriptor fd of task, or NULL.
static __always_inline struct file *fd_file(struct task_struct *task, long fd)
{
	struct fdtable *fdt = BPF_CORE_READ(task, files, fdt);
	unsigned int max = BPF_CORE_READ(fdt, max_fds);
	if (fd < 0 || fd >= max)
		return NULL;
	struct file **fds = BPF_CORE_READ(fdt, fd);
	struct file *f;
	if (bpf_probe_read_kernel(&f, sizeof(f), &fds[fd]) != 0)
		return NULL;
	return f;
}

// walkctx is the state of a dir_walk between two of its steps.
struct walkctx {
	struct walkbuf *w;
	struct vfsmount *vfsmnt;
	struct mount *mnt;
	struct dentry *dentry;
	__u64 pos; // where the composed path starts in w->b
	int done;  // 1: reached the root; -1: failed
};

// walk_step moves one component up: bpf_loop runs it, so the verifier
// checks it once instead of every path through MAX_DEPTH iterations.
static long walk_step(__u64 i, struct walkctx *c)
{
	struct walkbuf *w = c->w;
	if (!w) {
		c->done = -1;
		return 1;
	}
	// Plain loads first: inside BPF_CORE_READ, c's own fields would get
	// CO-RE relocations against a kernel type that does not exist.
	struct dentry *dentry = c->dentry;
	struct vfsmount *vfsmnt = c->vfsmnt;
	struct mount *mnt = c->mnt;
	struct dentry *mroot = BPF_CORE_READ(vfsmnt, mnt_root);
	struct dentry *parent = BPF_CORE_READ(dentry, d_parent);
	if (dentry == mroot || dentry == parent) {
		struct mount *mparent = BPF_CORE_READ(mnt, mnt_parent);
		if (mparent == mnt || dentry != mroot) {
			c->done = 1; // the root of the root mount
			return 1;
		}
		c->dentry = BPF_CORE_READ(mnt, mnt_mountpoint);
		c->mnt = mparent;
		c->vfsmnt = &mparent->mnt;
		return 0;
	}
	__u64 len = BPF_CORE_READ(dentry, d_name.len);
	const unsigned char *name = BPF_CORE_READ(dentry, d_name.name);
	__u64 pos = c->pos;
	if (len + 1 > pos || pos > PATH_MAX - 1) {
		c->done = -1;
		return 1;
	}
	pos -= len;
	// The masks keep the verifier's bounds: off + sz stays inside the
	// 2*PATH_MAX scratch buffer.
	__u64 off = pos & (PATH_MAX - 1), sz = len & (PATH_MAX - 1);
	barrier_var(off);
	barrier_var(sz);
	if (bpf_probe_read_kernel(&w->b[off], sz, name) != 0) {
		c->done = -1;
		return 1;
	}
	pos -= 1;
	w->b[pos & (PATH_MAX - 1)] = '/';
	// The mask changes nothing (pos is below PATH_MAX) but what the
	// verifier knows: every step then ends with the same range, so it
	// checks the step a few times instead of once per possible length.
	c->pos = pos & (PATH_MAX - 1);
	c->dentry = parent;
	return 0;
}

// dir_walk composes the absolute path of the directory or file at
// (vfsmnt, dentry) backwards in the walk buffer, ending at its NUL at PATH_MAX-1,
// and returns where it starts, or -1. It walks up the dentries, crossing
// mount points, as d_path does but without its locks: a rename racing with
// the walk can garble the result, as it can a readlink of /proc/PID/cwd.
__noinline int dir_walk(__u64 vfsmnt, __u64 dentry)
{
	__u32 zero = 0;
	struct walkbuf *w = bpf_map_lookup_elem(&walk, &zero);
	if (!w)
		return -1;
	w->b[PATH_MAX - 1] = 0;
	struct walkctx c = {
		.w = w,
		.vfsmnt = (struct vfsmount *)vfsmnt,
		.mnt = container_of((struct vfsmount *)vfsmnt, struct mount, mnt),
		.dentry = (struct dentry *)dentry,
		.pos = PATH_MAX - 1,
		.done = 0,
	};
	bpf_loop(MAX_DEPTH, walk_step, &c, 0);
	if (c.done != 1)
		return -1;
	__u64 pos = c.pos;
	if (pos == PATH_MAX - 1) {
		// The root itself.
		pos -= 1;
		w->b[pos & (PATH_MAX - 1)] = '/';
	}
	return pos;
}

// path_into writes the path dir_walk composed into buf at off, which
// must leave PATH_MAX bytes of room when off is at most max_off, and
// returns its length with the NUL, or 0.
static __always_inline __u16 path_into(struct vfsmount *vfsmnt, struct dentry *dentry, char *buf, __u64 off, __u64 max_off)
{
	if (off > max_off)
		return 0;
	int pos = dir_walk((__u64)vfsmnt, (__u64)dentry);
	if (pos < 0 || pos >= PATH_MAX - 1)
		return 0;
	__u32 zero = 0;
	struct walkbuf *w = bpf_map_lookup_elem(&walk, &zero);
	if (!w)
		return 0;
	// The masks and the bound above keep the verifier's bounds: the
	// copy stays inside the walk buffer and inside buf.
	__u64 from = pos & (PATH_MAX - 1), sz = (PATH_MAX - pos) & (PATH_MAX - 1);
	barrier_var(from);
	barrier_var(sz);
	barrier_var(off);
	if (off > max_off)
		return 0;
	if (bpf_probe_read_kernel(buf + off, sz, &w->b[from]) != 0)
		return 0;
	return sz;
}

// dir_path is path_into e->buf.
__noinline int dir_path(__u64 vfsmnt, __u64 dentry, struct event *e, __u64 off)
{
	if (!e)
		return 0;
	return path_into((struct vfsmount *)vfsmnt, (struct dentry *)dentry, e->buf, off, 2 * PATH_MAX);
}

// ARGS_MAX is the most bytes of a command line sent (the ptrace backend's
// maxArgBytes).
#define ARGS_MAX (16 << 10)

// args_event is the EV_ARGS record: the new image's command line as
// /proc/PID/cmdline gives it (NUL-separated, argv_len bytes, at most
// ARGS_MAX), then its working directory (cwd_len bytes with the NUL). Read
// at the exec, since a short-lived process is gone before user space
// could read /proc.
struct args_event {
	__u32 kind;
	__u32 pid;
	__u32 tid;
	__u16 argv_len;
	__u16 cwd_len;
	__u64 image; // the image's sequence number, which its EV_EXEC carries in key.image
	char buf[ARGS_MAX + PATH_MAX];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct args_event);
} argsbuf SEC(".maps");

#define ARGS_HEADER (offsetof(struct args_event, buf))

// emit_args sends the EV_ARGS record of the current task, which has just
// executed (its new image's arguments are in place on its stack).
__noinline int emit_args(__u32 tgid, __u32 tid, __u64 image)
{
	__u32 zero = 0;
	struct args_event *a = bpf_map_lookup_elem(&argsbuf, &zero);
	if (!a)
		return 0;
	struct task_struct *task = (struct task_struct *)bpf_get_current_task_btf();
	a->kind = EV_ARGS;
	a->pid = tgid;
	a->tid = tid;
	a->argv_len = 0;
	a->cwd_len = 0;
	a->image = image;
	unsigned long start = BPF_CORE_READ(task, mm, arg_start), end = BPF_CORE_READ(task, mm, arg_end);
	__u64 n = end > start ? end - start : 0;
	if (n > ARGS_MAX)
		n = ARGS_MAX;
	barrier_var(n);
	if (n > ARGS_MAX)
		return 0;
	if (n && bpf_probe_read_user(a->buf, n, (const void *)start) == 0)
		a->argv_len = n;
	a->cwd_len = path_into(BPF_CORE_READ(task, fs, pwd.mnt), BPF_CORE_READ(task, fs, pwd.dentry), a->buf, a->argv_len, ARGS_MAX);
	__u64 size = ARGS_HEADER + (__u64)a->argv_len + a->cwd_len;
	if (size > sizeof(*a))
		size = sizeof(*a);
	if (bpf_ringbuf_output(&events, a, size, wake_flags()) != 0)
		count_drop(DROP_RINGBUF);
	return 0;
}

// base_dir fills e's base directory for its relative path: the working
// directory, or the directory of descriptor e->dirfd.
__noinline int base_dir(struct event *e)
{
	if (!e)
		return 0;
	struct task_struct *task = (struct task_struct *)bpf_get_current_task_btf();
	struct vfsmount *mnt;
	struct dentry *dentry;
	if (e->dirfd == -100) {
		mnt = BPF_CORE_READ(task, fs, pwd.mnt);
		dentry = BPF_CORE_READ(task, fs, pwd.dentry);
	} else {
		struct file *f = fd_file(task, e->dirfd);
		if (!f)
			return 0;
		mnt = BPF_CORE_READ(f, f_path.mnt);
		dentry = BPF_CORE_READ(f, f_path.dentry);
	}
	e->base_len = dir_path((__u64)mnt, (__u64)dentry, e, e->path_len);
	return 0;
}

#define BTRFS_SUPER_MAGIC 0x9123683e

// The inode's ctime lives in i_ctime_sec and i_ctime_nsec since Linux
// 6.11, in __i_ctime from 6.6, in i_ctime before: CO-RE picks the layout
// the kernel has.
struct inode___v66 {
	struct timespec64 __i_ctime;
} __attribute__((preserve_access_index));

struct inode___v5 {
	struct timespec64 i_ctime;
} __attribute__((preserve_access_index));

// I_CTIME_QUERIED, a flag in the top bit of i_ctime_nsec (multigrain
// timestamps, Linux 6.13).
#define CTIME_NSEC_MASK 0x3fffffff

static __always_inline __s64 inode_ctime(struct inode *inode)
{
	if (bpf_core_field_exists(inode->i_ctime_sec)) {
		__s64 sec = BPF_CORE_READ(inode, i_ctime_sec);
		__u32 nsec = BPF_CORE_READ(inode, i_ctime_nsec) & CTIME_NSEC_MASK;
		return sec * 1000000000LL + nsec;
	}
	if (bpf_core_field_exists(((struct inode___v66 *)inode)->__i_ctime)) {
		struct inode___v66 *i = (void *)inode;
		return BPF_CORE_READ(i, __i_ctime.tv_sec) * 1000000000LL + BPF_CORE_READ(i, __i_ctime.tv_nsec);
	}
	struct inode___v5 *i = (void *)inode;
	return BPF_CORE_READ(i, i_ctime.tv_sec) * 1000000000LL + BPF_CORE_READ(i, i_ctime.tv_nsec);
}

// file_facts fills e's inode fields from the struct file at file (a
// kernel address: a global function's arguments are numbers or its own
// pointers): what statx of the open
// file says of it (its identity, link count, type, ctime) and the ID of
// the mount it was opened on, which user space compares with its own
// mounts: a file reached through a mount made during the run, or one of
// another mount namespace, is told by it.
__noinline int file_facts(struct event *e, __u64 file)
{
	struct file *f = (struct file *)file;
	if (!e || !f)
		return 0;
	struct inode *inode = BPF_CORE_READ(f, f_inode);
	if (!inode)
		return 0;
	e->ino = BPF_CORE_READ(inode, i_ino);
	e->dev = BPF_CORE_READ(inode, i_sb, s_dev);
	e->magic = BPF_CORE_READ(inode, i_sb, s_magic);
	e->nlink = BPF_CORE_READ(inode, __i_nlink);
	e->mode = BPF_CORE_READ(inode, i_mode);
	e->ctime = inode_ctime(inode);
	struct vfsmount *mnt = BPF_CORE_READ(f, f_path.mnt);
	e->mnt_id = BPF_CORE_READ(container_of(mnt, struct mount, mnt), mnt_id);
	// btrfs's stat reports the device of the file's subvolume
	// (btrfs_getattr), not the superblock's; where the kernel's BTF has
	// btrfs's types (built in), take it as stat does.
	if (e->magic == BTRFS_SUPER_MAGIC && bpf_core_type_exists(struct btrfs_inode)) {
		struct btrfs_inode *bi = (void *)inode - bpf_core_field_offset(struct btrfs_inode, vfs_inode);
		e->dev = BPF_CORE_READ(bi, root, anon_dev);
		e->stat_dev = 1;
	}
	return 0;
}

// DCACHE_CANT_MOUNT, a #define before Linux 6.10 and an enum since, with
// the same value.
#define DCACHE_CANT_MOUNT_FLAG 0x100

// opened_file fills e's file and its inode from the struct file behind
// descriptor fd of the current task, which the call just returned: the
// file actually opened, however the process spelled its path. A file the
// kernel names by its dentry operations (a pipe, socket or anonymous inode
// reopened through /proc/self/fd: "pipe:[123]") has no path, as d_path
// gives none for it. Runs in the calling thread at the syscall's exit,
// before it returns to user space: only another thread closing and
// reusing the descriptor number in between could swap the file.
__noinline int opened_file(struct event *e, long fd)
{
	if (!e)
		return 0;
	struct task_struct *task = (struct task_struct *)bpf_get_current_task_btf();
	struct file *f = fd_file(task, fd);
	if (!f)
		return 0;
	struct vfsmount *mnt = BPF_CORE_READ(f, f_path.mnt);
	struct dentry *dentry = BPF_CORE_READ(f, f_path.dentry);
	struct inode *inode = BPF_CORE_READ(f, f_inode);
	if (!dentry || !inode)
		return 0;
	// The inode first, for a pseudo file too: a file the tracer could
	// not look at is told from one it looked at and found no path for.
	// The mount ID also tells a bind mount below a skipped directory,
	// whose files the walk names as the skipped one's.
	file_facts(e, (__u64)f);
	struct dentry *parent = BPF_CORE_READ(dentry, d_parent);
	bool is_root = dentry == parent;
	const struct dentry_operations *ops = BPF_CORE_READ(dentry, d_op);
	if (ops && BPF_CORE_READ(ops, d_dname) && (!is_root || dentry != BPF_CORE_READ(mnt, mnt_root)))
		return 0;
	// Whether the link count and the name still say what the open
	// found: user space counts an open below a skipped directory only for
	// a file with one link under a name that stands. Removing or renaming
	// over a name (vfs_unlink, vfs_rename) drops the link count inside the
	// fs, then marks the name DCACHE_CANT_MOUNT, both under the inode's
	// lock, and unhashes it later; so a hard link being removed shows one
	// link while its name is still hashed. Read after i_nlink, in this
	// order (x86 does not reorder loads): a link count read after the drop
	// and a name read before the mark mean the lock was held in between,
	// so a locked inode, a marked name and an unhashed one are all
	// unsettled. A file being written (also under its lock) is only
	// recorded rather than counted.
	long locked = BPF_CORE_READ(inode, i_rwsem.count.counter);
	unsigned int dflags = BPF_CORE_READ(dentry, d_flags);
	bool hashed = BPF_CORE_READ(dentry, d_hash.pprev) != NULL;
	e->unsettled = locked || (dflags & DCACHE_CANT_MOUNT_FLAG) || (!is_root && !hashed);
	// A file unlinked since (d_unlinked) is still walked to where it
	// was: d_path would append " (deleted)", which the ptrace backend
	// strips, so both name it alike, and its identity tells the audit
	// that the path names it no more.
	e->file_len = dir_path((__u64)mnt, (__u64)dentry, e, (__u64)e->path_len + e->base_len);
	return 0;
}

// read_path reads the pending call's path from user memory; at entry the
// page may not be in memory yet (a tracepoint cannot fault it in), so the
// exit, after the kernel copied it, tries again.
__noinline int read_path(struct event *e)
{
	if (!e)
		return 0;
	long n = bpf_probe_read_user_str(e->buf, PATH_MAX, (const void *)e->uptr);
	if (n <= 0)
		return false;
	e->path_len = n;
	if (e->buf[0] != '/')
		base_dir(e);
	return true;
}

// Argument values sys_enter looks at.
#define CLONE_NEWNS_FLAG 0x00020000
#define OPEN_TREE_CLONE_FLAG 1
#define PTRACE_ATTACH_REQ 16
#define PTRACE_SEIZE_REQ 0x4206

// changes_mounts says whether a call of kind, with those arguments, may
// change the mounts a process sees: unshare only with CLONE_NEWNS, setns
// into a mount namespace or one of any kind (nstype 0: whatever the
// descriptor is), open_tree only with OPEN_TREE_CLONE (without, it is a
// path descriptor of a mount that exists), the others always.
static __always_inline bool changes_mounts(__u8 kind, __u64 a0, __u64 a1, __u64 a2)
{
	switch (kind) {
	case K_UNSHARE:
		return a0 & CLONE_NEWNS_FLAG;
	case K_SETNS:
		return !a1 || (a1 & CLONE_NEWNS_FLAG);
	case K_OPEN_TREE:
		return a2 & OPEN_TREE_CLONE_FLAG;
	}
	return true;
}

SEC("raw_tp/sys_enter")
int BPF_PROG(sys_enter, struct pt_regs *tp_regs, long id)
{
	// Every syscall of the machine comes here: the number is checked
	// first, in the tables of both ABIs (a 32-bit call's number may be
	// another 64-bit call's: the ABI is told after), which takes no
	// helper call, then the traced set, which costs a hash lookup.
	if (id < 0 || id >= NR_MAX)
		return 0;
	__u32 nr = id;
	if (!(kinds[nr] | kinds32[nr]))
		return 0;
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tgid = pid_tgid >> 32, tid = (__u32)pid_tgid;
	if (!is_tracked(tgid))
		return 0;
	// The tracepoint's registers are the task's (task_pt_regs), but a
	// raw tracepoint's arguments are plain numbers to the verifier: the
	// helper's pointer is one it lets the program load from.
	struct task_struct *task = (struct task_struct *)bpf_get_current_task_btf();
	struct pt_regs *regs = (struct pt_regs *)bpf_task_pt_regs(task);
	__u16 compat = (task->thread_info.status & TS_COMPAT) != 0;
	__u8 kind = compat ? kinds32[nr] : kinds[nr];
	__u64 a0, a1, a2, a4;
	if (compat) {
		// i386: ebx, ecx, edx, esi, edi, ebp.
		a0 = (__u32)regs->bx;
		a1 = (__u32)regs->cx;
		a2 = (__u32)regs->dx;
		a4 = (__u32)regs->di;
	} else {
		// x86_64: rdi, rsi, rdx, r10, r8, r9.
		a0 = regs->di;
		a1 = regs->si;
		a2 = regs->dx;
		a4 = regs->r8;
	}
	const char *path = NULL;
	const void *how = NULL; // openat2's struct open_how
	__u64 flags = 0;
	__s32 dirfd = -100;
	__u32 sys = SYS_OPEN;
	__u32 target = 0; // ptrace's
	__u64 uptr = 0;   // a received message's
	switch (kind) {
	case K_OPENAT:
		dirfd = (__s32)a0;
		path = (const char *)a1;
		flags = a2;
		break;
	case K_OPEN:
		path = (const char *)a0;
		flags = a1;
		break;
	case K_CREAT:
		path = (const char *)a0;
		flags = 01 | 0100 | 01000; // O_WRONLY|O_CREAT|O_TRUNC
		break;
	case K_OPENAT2:
		dirfd = (__s32)a0;
		path = (const char *)a1;
		how = (const void *)a2;
		break;
	case K_EXECVE:
		path = (const char *)a0;
		sys = SYS_EXEC;
		break;
	case K_EXECVEAT:
		dirfd = (__s32)a0;
		path = (const char *)a1;
		flags = a4;
		sys = SYS_EXEC;
		break;
	case K_OPEN_BY_HANDLE_AT:
		// open_by_handle_at(mount_fd, handle, flags): a file named by
		// its handle, which only the opened descriptor turns into a
		// path.
		flags = a2;
		sys = SYS_OPEN_HANDLE;
		break;
	case K_IO_URING_SETUP:
		sys = SYS_URING;
		break;
	case K_PTRACE:
		// A traced process that attaches to another may make it open
		// files this program never sees (when the other is not
		// traced): user space warns, as the ptrace backend does. Only
		// the requests that attach are noted.
		if (a0 != PTRACE_ATTACH_REQ && a0 != PTRACE_SEIZE_REQ)
			return 0;
		flags = a0;
		target = a1;
		sys = SYS_PTRACE;
		break;
	case K_UNSHARE:
	case K_SETNS:
	case K_OPEN_TREE:
	case K_MOUNT:
	case K_UMOUNT2:
	case K_UMOUNT:
	case K_PIVOT_ROOT:
	case K_MOVE_MOUNT:
	case K_FSMOUNT:
	case K_MOUNT_SETATTR:
		if (!changes_mounts(kind, a0, a1, a2))
			return 0;
		flags = kind;
		sys = SYS_MOUNT;
		break;
	case K_RECVMSG:
	case K_RECVMMSG:
	case K_RECVMMSG_TIME64:
		// The message (or the vector of them) is read at the exit,
		// where the kernel has filled in what was received.
		flags = kind;
		uptr = a1;
		sys = SYS_RECV;
		break;
	case K_SOCKETCALL:
		// socketcall(call, args): which call, and its message, are
		// read from args at the exit.
		flags = kind;
		dirfd = (__s32)a0;
		uptr = a1;
		sys = SYS_RECV;
		break;
	case K_PIDFD_GETFD:
		sys = SYS_GETFD;
		break;
	default:
		return 0;
	}
	// struct open_how starts with its __u64 flags.
	if (how && bpf_probe_read_user(&flags, sizeof(flags), how) != 0)
		return 0;

	struct event *e = pending_of(true);
	if (!e) {
		count_drop(DROP_PENDING);
		return 0;
	}
	// A call in e already is one whose exit never came (an exec by
	// another thread of the process ended it, say): this one replaces
	// it and is counted once.
	if (!e->sys)
		count_inflight(1);
	e->kind = sys == SYS_EXEC ? EV_EXEC : EV_OPEN;
	e->pid = tgid;
	e->tid = tid;
	e->ppid = target;
	clear(e);
	e->flags = flags;
	e->dirfd = dirfd;
	e->sys = sys;
	e->compat = compat;
	e->uptr = path ? (__u64)path : uptr;
	if (path)
		read_path(e);
	return 0;
}

// is_uring reports whether file f is an io_uring instance (an anonymous
// inode named "[io_uring]").
static __always_inline bool is_uring(struct file *f)
{
	const unsigned char *name = BPF_CORE_READ(f, f_path.dentry, d_name.name);
	char b[12] = {};
	if (bpf_probe_read_kernel(b, 11, name) != 0)
		return false;
	return b[0] == '[' && b[1] == 'i' && b[2] == 'o' && b[3] == '_' && b[4] == 'u' && b[5] == 'r' &&
	       b[6] == 'i' && b[7] == 'n' && b[8] == 'g' && b[9] == ']' && b[10] == 0;
}

// received sends the file behind descriptor fd, which the current task
// just received from another process, as an open of it (SYS_RECEIVED: no
// path as named, the file alone, its operation from its f_flags): the
// process that opened it may be one the tracer does not trace. An io_uring
// instance received so is sent as such, since what it opens is unseen.
__noinline int received(struct event *e, long fd)
{
	if (!e)
		return 0;
	struct task_struct *task = (struct task_struct *)bpf_get_current_task_btf();
	struct file *f = fd_file(task, fd);
	if (!f)
		return 0;
	if (is_uring(f)) {
		emit_small(EV_URING, e->pid, e->tid, URING_RECEIVED);
		return 0;
	}
	e->kind = EV_OPEN;
	e->sys = SYS_RECEIVED;
	e->ret = fd;
	e->flags = BPF_CORE_READ(f, f_flags);
	e->path_len = 0;
	e->base_len = 0;
	e->file_len = 0;
	e->mode = 0;
	e->counted = 0;
	opened_file(e, fd);
	if (e->file_len)
		emit(e);
	return 0;
}

// recvctx is the state of a walk over the descriptors a recvmsg,
// recvmmsg or socketcall received: one message after another, in each one
// control message after another, in each SCM_RIGHTS one descriptor after
// another, a step at a time (recv_step).
struct recvctx {
	struct event *e;
	__u64 vec;     // the user address of the first message header
	__u64 msgsize; // the size of a struct mmsghdr (0: one struct msghdr)
	__u32 nmsgs;   // how many messages were received
	__u32 msg;     // the message being walked
	__u64 ctl;     // its control data's user address
	__u64 ctllen;  // and length, as the kernel set it
	__u64 off;     // the next control message's offset
	__u64 fds;     // the user address of the descriptors of the SCM_RIGHTS message being walked
	__u32 nfds, fdi;
	__u32 compat;  // 32-bit layouts
	int have_msg, have_rights;
};

#define SOL_SOCKET_LEVEL 1
#define SCM_RIGHTS_TYPE 1
// The most steps a walk takes: SCM_MAX_FD is 253 descriptors a message.
#define RECV_STEPS 1024
// The most messages of a recvmmsg walked.
#define RECV_MSGS 64

static long recv_step(__u64 i, struct recvctx *c)
{
	struct event *e = c->e;
	if (!e)
		return 1;
	if (c->have_rights) {
		if (c->fdi >= c->nfds) {
			c->have_rights = 0;
			return 0;
		}
		__s32 fd;
		if (bpf_probe_read_user(&fd, sizeof(fd), (const void *)(c->fds + 4 * (__u64)c->fdi)) != 0)
			return 1;
		c->fdi++;
		received(e, fd);
		return 0;
	}
	if (!c->have_msg) {
		if (c->msg >= c->nmsgs || c->msg >= RECV_MSGS)
			return 1;
		// struct user_msghdr: msg_control at 32 and msg_controllen
		// at 40; struct compat_msghdr: at 16 and 20, 32 bits each
		// (read into the low half of a zeroed word: little-endian).
		__u64 word = c->compat ? 4 : 8;
		__u64 at = c->vec + (__u64)c->msg * c->msgsize + 4 * word;
		c->ctl = 0;
		c->ctllen = 0;
		if (bpf_probe_read_user(&c->ctl, word, (const void *)at) != 0 ||
		    bpf_probe_read_user(&c->ctllen, word, (const void *)(at + word)) != 0)
			return 1;
		c->off = 0;
		c->have_msg = 1;
		return 0;
	}
	// struct cmsghdr: cmsg_len (a size_t, or 32 bits for compat), then
	// cmsg_level and cmsg_type; its data aligned as a size_t.
	__u64 hlen = c->compat ? 12 : 16, align = c->compat ? 4 : 8;
	if (!c->ctl || c->off + hlen > c->ctllen) {
		c->have_msg = 0;
		c->msg++;
		return 0;
	}
	__u64 len = 0, word = align;
	__s32 lt[2];
	if (bpf_probe_read_user(&len, word, (const void *)(c->ctl + c->off)) != 0 ||
	    bpf_probe_read_user(lt, sizeof(lt), (const void *)(c->ctl + c->off + word)) != 0)
		return 1;
	if (len < hlen) {
		c->have_msg = 0;
		c->msg++;
		return 0;
	}
	if (lt[0] == SOL_SOCKET_LEVEL && lt[1] == SCM_RIGHTS_TYPE) {
		__u64 n = len;
		if (n > c->ctllen - c->off)
			n = c->ctllen - c->off;
		c->fds = c->ctl + c->off + hlen;
		c->nfds = (n - hlen) / 4;
		c->fdi = 0;
		c->have_rights = 1;
	}
	c->off += (len + align - 1) & ~(align - 1);
	return 0;
}

// recv_fds walks what the call in e received (a recvmsg's message, which
// may carry descriptors without a byte of data, or the ret first messages
// of a recvmmsg) and sends every descriptor that came in an SCM_RIGHTS
// control message (received).
__noinline int recv_fds(struct event *e, long ret)
{
	if (!e)
		return 0;
	struct recvctx c = {.e = e, .vec = e->uptr, .nmsgs = 1, .compat = e->compat};
	__u64 kind = e->flags;
	if (kind == K_SOCKETCALL) {
		// socketcall's arguments: SYS_RECVMSG (17) takes fd, msg,
		// flags; SYS_RECVMMSG (19) fd, msgvec, vlen, flags, timeout.
		__u32 args[2];
		if (bpf_probe_read_user(args, sizeof(args), (const void *)e->uptr) != 0)
			return 0;
		if (e->dirfd == 17)
			kind = K_RECVMSG;
		else if (e->dirfd == 19)
			kind = K_RECVMMSG;
		else
			return 0;
		c.vec = args[1];
	}
	if (kind != K_RECVMSG) {
		c.nmsgs = ret;
		c.msgsize = c.compat ? 32 : 64;
	}
	bpf_loop(RECV_STEPS, recv_step, &c, 0);
	return 0;
}

// uring_refused sends an EV_URING of a traced process's io_uring_setup that
// failed with EPERM. The helper's seccomp filter refuses it before the
// sys_enter tracepoint runs, which then never notes the call: only its
// exit is seen, by its number.
static __noinline int uring_refused(void)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task_btf();
	struct pt_regs *regs = (struct pt_regs *)bpf_task_pt_regs(task);
	long id = regs->orig_ax;
	if (id < 0 || id >= NR_MAX)
		return 0;
	__u32 nr = id;
	bool compat = (task->thread_info.status & TS_COMPAT) != 0;
	if ((compat ? kinds32[nr] : kinds[nr]) != K_IO_URING_SETUP)
		return 0;
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	if (is_tracked(pid_tgid >> 32))
		emit_small(EV_URING, pid_tgid >> 32, (__u32)pid_tgid, URING_REFUSED);
	return 0;
}

SEC("raw_tp/sys_exit")
int BPF_PROG(sys_exit, struct pt_regs *tp_regs, long ret)
{
	if (ret == -1 /* -EPERM */)
		uring_refused();
	// This runs at the end of every syscall of the machine: while no
	// traced call is in flight anywhere, it returns after one load. A
	// thread's entry is its call's, whichever exit comes next: a thread
	// makes one syscall at a time, and the calls that never reach their
	// exit (a successful exec, the exits) delete theirs themselves.
	__u32 zero = 0;
	__u64 *n = bpf_map_lookup_elem(&inflight, &zero);
	if (!n || !*n)
		return 0;
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)pid_tgid;
	struct event *e = pending_of(false);
	if (!e || !e->sys)
		return 0;
	// A successful execve ends in sched_process_exec, which sends and
	// deletes its entry; what is left here failed or is an open.
	if (e->sys == SYS_PTRACE && ret == 0) {
		emit_small(EV_PTRACE, pid_tgid >> 32, tid, e->ppid);
	} else if (e->sys == SYS_URING && ret >= 0) {
		emit_small(EV_URING, pid_tgid >> 32, tid, URING_SET_UP);
	} else if (e->sys == SYS_MOUNT && ret >= 0) {
		emit_small(EV_MOUNT, pid_tgid >> 32, tid, e->flags);
	} else if (e->sys == SYS_RECV && ret >= 0) {
		recv_fds(e, ret);
	} else if (e->sys == SYS_GETFD && ret >= 0) {
		received(e, ret);
	} else if ((e->sys == SYS_OPEN || e->sys == SYS_OPEN_HANDLE) && ret >= 0) {
		e->ret = ret;
		if (e->sys == SYS_OPEN && !e->path_len && !read_path(e)) {
			count_drop(DROP_PATH);
		} else {
			// Without the file (a path deeper than PATH_MAX, a
			// pseudo file), user space resolves the spelling, as
			// the ptrace backend does when readlink fails; an
			// open_by_handle_at whose file the kernel cannot name
			// is no path either side records.
			opened_file(e, ret);
			if ((e->sys == SYS_OPEN || e->file_len) && !count_repeat(e))
				emit(e);
		}
	}
	done(e);
	return 0;
}

SEC("raw_tp/sched_process_fork")
int BPF_PROG(sched_process_fork, struct task_struct *parent, struct task_struct *child)
{
	__u32 ptgid = BPF_CORE_READ(parent, tgid);
	__u32 ctgid = BPF_CORE_READ(child, tgid);
	__u32 cpid = BPF_CORE_READ(child, pid);
	if (ctgid != cpid || !is_tracked(ptgid))
		return 0; // a thread, or not ours
	__u8 one = 1;
	if (bpf_map_update_elem(&tracked, &ctgid, &one, BPF_ANY) != 0) {
		count_drop(DROP_TRACKED);
		return 0;
	}
	// A child in another mount namespace than its parent's was made by
	// clone or clone3 with CLONE_NEWNS: recorded as the parent's.
	if (BPF_CORE_READ(parent, nsproxy, mnt_ns) != BPF_CORE_READ(child, nsproxy, mnt_ns))
		emit_small(EV_MOUNT, ptgid, BPF_CORE_READ(parent, pid), K_CLONE);
	set_image(ctgid);
	emit_small(EV_FORK, ctgid, cpid, ptgid);
	return 0;
}

SEC("raw_tp/sched_process_exec")
int BPF_PROG(sched_process_exec, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	__u32 tgid = BPF_CORE_READ(p, tgid);
	if (!is_tracked(tgid))
		return 0;
	__u64 seq = set_image(tgid);
	if (seq)
		emit_args(tgid, BPF_CORE_READ(p, pid), seq);
	__u32 old = old_pid;
	// The thread that called execve, whose tid became the leader's if
	// it was another: its storage is its task's.
	struct event *e = pending_of(false);
	if (!e || e->sys != SYS_EXEC) {
		// An exec whose entry was lost: still a new program image.
		emit_small(EV_EXEC, tgid, BPF_CORE_READ(p, pid), old);
		return 0;
	}
	if (!e->path_len) {
		// The old image's memory is gone: the kernel's copy of the
		// name, relative to the same directory.
		const char *fn = BPF_CORE_READ(bprm, filename);
		long n = bpf_probe_read_kernel_str(e->buf, PATH_MAX, fn);
		if (n > 0) {
			e->path_len = n;
			if (e->buf[0] != '/')
				base_dir(e);
		}
	}
	// The executable that runs (the interpreter of a script), named now:
	// a short-lived process is gone before user space could read
	// /proc/PID/exe.
	struct file *exe = BPF_CORE_READ(p, mm, exe_file);
	if (exe) {
		file_facts(e, (__u64)exe);
		e->file_len = dir_path((__u64)BPF_CORE_READ(exe, f_path.mnt), (__u64)BPF_CORE_READ(exe, f_path.dentry), e, (__u64)e->path_len + e->base_len);
	}
	e->kind = EV_EXEC;
	e->pid = tgid;
	e->tid = BPF_CORE_READ(p, pid);
	e->ppid = old;
	e->key.image = seq;
	emit(e);
	done(e);
	return 0;
}

SEC("raw_tp/sched_process_exit")
int BPF_PROG(sched_process_exit, struct task_struct *p, bool group_dead)
{
	__u32 tgid = BPF_CORE_READ(p, tgid);
	__u32 tid = BPF_CORE_READ(p, pid);
	done(pending_of(false)); // the exiting thread's, which the kernel frees with it
	if (!group_dead || !is_tracked(tgid))
		return 0;
	bpf_map_delete_elem(&tracked, &tgid);
	bpf_map_delete_elem(&image, &tgid);
	emit_small(EV_EXIT, tgid, tid, 0);
	return 0;
}
