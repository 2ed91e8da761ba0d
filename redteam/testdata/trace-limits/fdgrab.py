# fdgrab.py MODE LOOT: the test's side of scmRights and pidfdGetfd: take
# the descriptor of is-number's index.js from the daemon (fddaemon.py) and
# read the file through it.
import ctypes, os, socket, sys

mode, loot = sys.argv[1], sys.argv[2]
if mode == "scmRights":
    s = socket.socket(socket.AF_UNIX)
    s.connect(loot + "/fd.sock")
    _, fds, _, _ = socket.recv_fds(s, 1, 1)
    fd = fds[0]
else:
    pid, num = open(loot + "/fd.daemon").read().split()
    libc = ctypes.CDLL(None, use_errno=True)
    pidfd = os.pidfd_open(int(pid))
    fd = libc.syscall(438, pidfd, int(num), 0)
    if fd < 0:
        sys.exit("pidfd_getfd: " + os.strerror(ctypes.get_errno()))
os.read(fd, 4096)
