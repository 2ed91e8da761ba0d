//go:build linux && (amd64 || arm64)

package tracer

import (
	"bytes"
	"encoding/binary"
	"os"
	"strconv"
)

// A descriptor received from another process (over a Unix socket as
// SCM_RIGHTS, or copied with pidfd_getfd) names a file that process
// opened, and that process may be one the tracer does not trace: a daemon
// started before the run, a container's. So every received descriptor's
// file is recorded as an access of the receiver, as an open of it would
// be (the eBPF backend: received in bpf/trace.bpf.c).

// Sizes and offsets of the message structures (<linux/socket.h>): struct
// user_msghdr and struct mmsghdr, and their compat forms for the 32-bit
// ABIs (x32 included), whose pointers and sizes are 32 bits wide.
const (
	msgControl, msgControlLen          = 32, 40
	compatMsgControl, compatMsgCtlLen  = 16, 20
	mmsgSize, compatMmsgSize           = 64, 32
	cmsgHdr, compatCmsgHdr             = 16, 12
	solSocket, scmRights               = 1, 1
	socketcallRecvmsg, socketcallRecmm = 17, 19
	// maxControl bounds the control data read of one message: SCM_MAX_FD
	// (253) descriptors take about 1 KiB.
	maxControl = 64 << 10
	// maxMsgs bounds the messages of a recvmmsg read.
	maxMsgs = 1024
)

// receivedFds returns the descriptors that the call kind of th, which
// returned ret, received in SCM_RIGHTS control messages.
func (t *tracer) receivedFds(th *thread, kind sysKind, ret int64) []int64 {
	compat := th.abi != t.arch.native
	vec, n := th.flags, int64(1)
	switch kind {
	case sysSocketcall:
		// socketcall(call, args): SYS_RECVMSG takes fd, msg, flags;
		// SYS_RECVMMSG fd, msgvec, vlen, flags, timeout; 32 bits each.
		var a [8]byte
		if got, _ := t.mem.read(th.tid, th.flags, a[:], false); got < len(a) {
			return nil
		}
		vec = uint64(binary.LittleEndian.Uint32(a[4:]))
		switch th.dirfd {
		case socketcallRecvmsg:
		case socketcallRecmm:
			n = ret
		default:
			return nil
		}
	case sysRecvmmsg, sysRecvmmsgTime64:
		n = ret
	}
	size := uint64(mmsgSize)
	if compat {
		size = compatMmsgSize
	}
	var fds []int64
	for i := int64(0); i < min(n, maxMsgs); i++ {
		ctl, ctlLen, ok := t.msgControl(th.tid, vec+uint64(i)*size, compat)
		if !ok {
			break
		}
		if ctl == 0 || ctlLen == 0 {
			continue
		}
		buf := make([]byte, min(ctlLen, maxControl))
		got := 0
		for got < len(buf) {
			chunk := min(len(buf)-got, int(pageSize-(ctl+uint64(got))%pageSize))
			n, err := t.mem.read(th.tid, ctl+uint64(got), buf[got:got+chunk], false)
			got += n
			if err != nil || n < chunk {
				break
			}
		}
		fds = append(fds, rightsIn(buf[:got], compat)...)
	}
	return fds
}

// msgControl reads the control data's address and length from the message
// header at addr, as the kernel left them after the call.
func (t *tracer) msgControl(tid int, addr uint64, compat bool) (ctl uint64, n int, ok bool) {
	var b [16]byte
	off, size := uint64(msgControl), 16
	if compat {
		off, size = compatMsgControl, 8
	}
	if got, _ := t.mem.read(tid, addr+off, b[:size], false); got < size {
		return 0, 0, false
	}
	if compat {
		return uint64(binary.LittleEndian.Uint32(b[:])), int(binary.LittleEndian.Uint32(b[4:])), true
	}
	l := binary.LittleEndian.Uint64(b[8:])
	return binary.LittleEndian.Uint64(b[:]), int(min(l, maxControl)), true
}

// rightsIn returns the descriptors of the SCM_RIGHTS messages in the
// control data b (struct cmsghdr, each aligned as a size_t; its compat
// form with a 32-bit length and 4-byte alignment).
func rightsIn(b []byte, compat bool) []int64 {
	hdr, align := cmsgHdr, 8
	if compat {
		hdr, align = compatCmsgHdr, 4
	}
	var fds []int64
	for off := 0; off+hdr <= len(b); {
		var l int
		if compat {
			l = int(binary.LittleEndian.Uint32(b[off:]))
		} else {
			l = int(min(binary.LittleEndian.Uint64(b[off:]), uint64(len(b))))
		}
		if l < hdr {
			break
		}
		level := int32(binary.LittleEndian.Uint32(b[off+hdr-8:]))
		typ := int32(binary.LittleEndian.Uint32(b[off+hdr-4:]))
		end := min(off+l, len(b))
		if level == solSocket && typ == scmRights {
			for p := off + hdr; p+4 <= end; p += 4 {
				fds = append(fds, int64(int32(binary.LittleEndian.Uint32(b[p:]))))
			}
		}
		off += (l + align - 1) &^ (align - 1)
	}
	return fds
}

// receive records the file behind descriptor fd, which tid just received
// from another process, as an access by rec: read unless it was opened for
// writing. An io_uring instance received so is a gap in the trace.
func (t *tracer) receive(tid, rec int, fd int64) {
	l, err := readlinkFd(tid, fd, t.link)
	if err != nil {
		return
	}
	if bytes.Equal(l, uringLink) {
		t.ioURing[rec] |= uringReceived
		return
	}
	real := t.opened(tid, fd)
	if real == nil {
		return
	}
	op := opRead
	if flags, ok := fdFlags(tid, fd); ok {
		if o, _ := t.arch.native.openOp(flags &^ (oCreat | oTrunc)); o == OpWrite {
			op = opWrite
		}
	}
	t.record(tid, fd, rec, op, real, real)
}

// uringLink is what /proc/PID/fd/N names an io_uring instance.
var uringLink = []byte("anon_inode:[io_uring]")

// fdFlags returns the open flags of descriptor fd of tid
// (/proc/TID/fdinfo/FD's "flags:", in octal).
func fdFlags(tid int, fd int64) (uint64, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(tid) + "/fdinfo/" + strconv.FormatInt(fd, 10))
	if err != nil {
		return 0, false
	}
	for _, line := range bytes.Split(b, []byte("\n")) {
		if v, ok := bytes.CutPrefix(line, []byte("flags:")); ok {
			f, err := strconv.ParseUint(string(bytes.TrimSpace(v)), 8, 64)
			return f, err == nil
		}
	}
	return 0, false
}
