# trace-limits/test.sh HOW reads is-number's index.js, which nothing
# declares, in a way the tracer could not see before issue 20, or tries to.
set -e
node test.js
case "$1" in
ioUring)
  # io_uring opens files in the kernel, unseen by any tracer here: the
  # attacker first needs a ring.
  python3 -c '
import ctypes, errno
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.syscall(425, 4, ctypes.create_string_buffer(120))
print("ok" if fd >= 0 else errno.errorcode[ctypes.get_errno()])' >@LOOT@/iouring ;;
scmRights|pidfdGetfd)
  # A daemon left before the audit step (an install script's) opened the
  # file; the test takes its descriptor.
  python3 fdgrab.py "$1" @LOOT@ ;;
longPath)
  # is-number's directory moved below a path longer than PATH_MAX, its
  # file read there, and the directory moved back.
  python3 -c '
import os
d = os.open(".", os.O_RDONLY)
for i in range(25):
    name = "d" * 200
    try:
        os.mkdir(name, dir_fd=d)
    except FileExistsError:
        pass
    d2 = os.open(name, os.O_RDONLY, dir_fd=d)
    os.close(d)
    d = d2
os.rename("node_modules/is-number", "pkg", dst_dir_fd=d)
fd = os.open("pkg/index.js", os.O_RDONLY, dir_fd=d)
os.read(fd, 4096)
os.rename("pkg", "node_modules/is-number", src_dir_fd=d)' ;;
esac
