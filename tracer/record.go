package tracer

import (
	"bytes"
	"cmp"
	"hash/maphash"
	"sort"
	"strings"
	"unsafe"
)

// interner gives every distinct string one small id and one copy in memory,
// so the tracer's memory grows with the number of distinct paths (and
// command lines), not with the number of events. The copies live in large
// chunks (no object, pointer or map entry per string: the garbage collector
// sees a few chunks), and the table is open-addressed over the ids: a
// distinct string costs its bytes plus about 20.
type interner struct {
	chunks [][]byte
	refs   []strRef
	table  []uint32 // id+1 per slot, 0 when empty; at most half full
	seed   maphash.Seed
}

// strRef locates string id in the chunks.
type strRef struct{ chunk, off, n uint32 }

// chunkSize is the size of an arena chunk; a longer string gets a chunk of
// its own.
const chunkSize = 1 << 20

func newInterner() *interner {
	return &interner{table: make([]uint32, 1024), seed: maphash.MakeSeed()}
}

// bytes returns the id of string(b), adding a copy when b is new.
func (in *interner) bytes(b []byte) uint32 {
	slot, id, ok := in.find(b)
	if ok {
		return id
	}
	return in.insert(slot, b)
}

func (in *interner) str(s string) uint32 {
	return in.bytes(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// find returns the id of b, or the empty slot where it belongs.
func (in *interner) find(b []byte) (slot int, id uint32, ok bool) {
	mask := len(in.table) - 1
	for i := int(maphash.Bytes(in.seed, b)) & mask; ; i = (i + 1) & mask {
		v := in.table[i]
		if v == 0 {
			return i, 0, false
		}
		if in.get(v-1) == string(b) {
			return i, v - 1, true
		}
	}
}

func (in *interner) insert(slot int, b []byte) uint32 {
	id := uint32(len(in.refs))
	in.refs = append(in.refs, in.store(b))
	in.table[slot] = id + 1
	if 2*len(in.refs) > len(in.table) {
		in.grow()
	}
	return id
}

// store copies b into the arena.
func (in *interner) store(b []byte) strRef {
	if len(b) == 0 {
		return strRef{}
	}
	n := len(in.chunks)
	if n == 0 || cap(in.chunks[n-1])-len(in.chunks[n-1]) < len(b) {
		in.chunks = append(in.chunks, make([]byte, 0, max(chunkSize, len(b))))
		n++
	}
	c := in.chunks[n-1]
	off := len(c)
	in.chunks[n-1] = append(c, b...)
	return strRef{chunk: uint32(n - 1), off: uint32(off), n: uint32(len(b))}
}

func (in *interner) grow() {
	old := in.table
	in.table = make([]uint32, 2*len(old))
	mask := len(in.table) - 1
	for _, v := range old {
		if v == 0 {
			continue
		}
		s := in.get(v - 1)
		i := int(maphash.String(in.seed, s)) & mask
		for in.table[i] != 0 {
			i = (i + 1) & mask
		}
		in.table[i] = v
	}
}

// get returns string id. It shares the arena's memory, which is never
// written again.
func (in *interner) get(id uint32) string {
	r := in.refs[id]
	if r.n == 0 {
		return ""
	}
	return unsafe.String(&in.chunks[r.chunk][r.off], int(r.n))
}

func (in *interner) len() int { return len(in.refs) }

// opIndex is the compact form of Op inside accKey.
const (
	opRead uint8 = iota
	opWrite
	opExec
)

var opNames = [...]Op{opRead: OpRead, opWrite: OpWrite, opExec: OpExec}

func opIndexOf(op Op) uint8 {
	switch op {
	case OpWrite:
		return opWrite
	case OpExec:
		return opExec
	}
	return opRead
}

// noReal marks an access whose file the kernel did not name (an execution,
// whose real path is resolved from its spelling).
const noReal = ^uint32(0)

// accKey is one (process record, operation, path as named, file as opened)
// tuple; path and real are interner ids, flags what the kernel's facts say
// of the path (accForeign and the others). Where the kernel described the
// file (accFacts), its identity is recorder.info's of the real path (the
// path, when it named none): the first file the path named, or, for alt
// k > 0, the k-th other one it named (recorder.alts), so that one
// spelling that named two files is two accesses. The key stays 16 bytes.
type accKey struct {
	rec   int32
	op    uint8
	flags uint8
	alt   uint16
	path  uint32
	real  uint32
}

// The flags of an accKey: why the path of an open of a regular file may not
// say which file it was.
const (
	// accForeign: the file was opened on a mount that was not among the
	// tracer's own when the run started: a mount made during the run, or
	// one of another mount namespace.
	accForeign uint8 = 1 << iota
	// accLate: the file's inode changed (its ctime) after the run started:
	// it was renamed, linked, written or had its attributes changed.
	accLate
	// accNameless: the kernel could not name the file (its path exceeds
	// PATH_MAX), so the path is the spelling alone.
	accNameless
	// accGone: the tracer could not look at the opened file (its
	// descriptor was closed before it did).
	accGone
	// accFacts: the kernel described the file (recorder.fileOf).
	accFacts
)

// maxAlts bounds the other files one real path may be recorded as naming:
// past it, a further one counts as the last.
const maxAlts = 1<<16 - 1

// fileInfo is what the tracer learnt of an opened file, once per distinct
// identity: its type, its link count when first opened, and its identity
// for attribution where the path does not give it (hard links, files moved
// after the open).
type fileInfo struct {
	dev, ino uint64
	nlink    uint32
	kind     uint8 // fileUnknown until set
}

// fileFacts is what the kernel said, at one open, of the file the open
// returned: its identity, link count and type, the ID of the mount it was
// opened on, and when its inode last changed (its ctime, in nanoseconds
// since the epoch). kind is fileUnknown when the tracer could not look.
type fileFacts struct {
	dev, ino uint64
	nlink    uint32
	kind     uint8
	mnt      uint64
	ctime    int64
}

// exeFacts is what the kernel said of the binary a process record runs.
type exeFacts struct {
	path  string
	facts fileFacts
}

const (
	fileUnknown uint8 = iota
	fileRegular
	fileDir
	fileOther
)

// maxSpelling bounds what one spelling of a file may cost: a path as the
// process named it that goes through ".." or /proc and is longer than this
// is recorded under the real path the kernel gave, and counted. Without the
// bound every distinct spelling (up to PATH_MAX bytes each) of one file
// would be kept.
const maxSpelling = 512

// recorder accumulates the trace while the command runs: process records,
// and access counts aggregated by accKey.
type recorder struct {
	strs   *interner
	acc    map[accKey]int64
	events int64
	procs  []Process
	// info is what the kernel said of the file a real path (or a path
	// the kernel named no file for) named first, by string id; alts the
	// other files it named, by string id; written the identities the
	// command opened for writing.
	info    []fileInfo
	alts    map[uint32][]fileInfo
	written map[[2]uint64]bool
	// start is the coarse wall-clock time (ns) at which the command was
	// let run: an inode whose ctime is not before it changed during the
	// run. Zero: unknown, nothing is late.
	start int64
	// mounts holds the IDs of the tracer's own mounts when the run
	// started; nil: unknown, nothing is foreign.
	mounts map[uint64]bool
	// exes holds, per process record, the binary it runs, as the kernel
	// named and described it at the exec.
	exes map[int]exeFacts
	// respelled counts the opens recorded under their real path because
	// their spelling exceeded maxSpelling.
	respelled int64
	clean     []byte // scratch for cleanBytes
	// bg resolves each distinct accessed path while the command runs,
	// when started; seen marks the string ids already handed to it.
	bg   *bgResolver
	seen []bool
}

func newRecorder() *recorder {
	return &recorder{strs: newInterner(), acc: make(map[accKey]int64, 4096), alts: map[uint32][]fileInfo{}, written: map[[2]uint64]bool{}, exes: map[int]exeFacts{}}
}

// bgResolver resolves paths in its own goroutine: the real path of a file
// is needed only in the trace, so there is no reason to make the command
// wait for it, either in the tracer's loop or after the command ended.
type bgResolver struct {
	in   chan string
	done chan struct{}
	res  *resolver
	out  map[string]resolved // by cleaned path; owned by the goroutine until done
}

func (r *recorder) startResolver() {
	b := &bgResolver{in: make(chan string, 4096), done: make(chan struct{}), res: newResolver(), out: map[string]resolved{}}
	r.bg = b
	go func() {
		defer close(b.done)
		for raw := range b.in {
			p := cleanPath(raw)
			if _, ok := b.out[p]; !ok {
				b.out[p] = b.res.resolve(p)
			}
		}
	}()
}

// stopResolver waits for the resolver goroutine and returns what it found.
func (r *recorder) stopResolver() map[string]resolved {
	if r.bg == nil {
		return nil
	}
	close(r.bg.in)
	<-r.bg.done
	out := r.bg.out
	r.bg = nil
	return out
}

// resolveSoon hands a newly accessed path to the resolver goroutine. It
// never blocks: a path it drops is resolved after the run.
func (r *recorder) resolveSoon(id uint32) {
	if r.bg == nil {
		return
	}
	for int(id) >= len(r.seen) {
		r.seen = append(r.seen, make([]bool, len(r.seen)+1024)...)
	}
	if r.seen[id] {
		return
	}
	r.seen[id] = true
	select {
	case r.bg.in <- r.strs.get(id):
	default:
	}
}

// addProcess appends a process record and returns its ID. Its strings are
// interned: a test run starts the same `sh -c ...` thousands of times.
func (r *recorder) addProcess(p Process) int {
	p.ID = len(r.procs) + 1
	p.Exe = r.intern(p.Exe)
	p.Cwd = r.intern(p.Cwd)
	for i, a := range p.Argv {
		p.Argv[i] = r.intern(a)
	}
	r.procs = append(r.procs, p)
	return p.ID
}

func (r *recorder) intern(s string) string {
	if s == "" {
		return ""
	}
	return r.strs.get(r.strs.str(s))
}

// add records one access of path (absolute, as the process named it) by
// process record rec for which the kernel gave no facts of the file: an
// execution's path, resolved later. real is the file's path when known.
// Accesses of rec 0 (the helper before it executes the command) are not
// the command's and are dropped.
func (r *recorder) add(rec int, op uint8, path, real []byte) {
	r.addAccess(rec, op, path, real, nil)
}

// accRef is an access as add recorded it, for repeat.
type accRef struct {
	key       accKey // rec 0: not recorded
	respelled bool
}

// addAccess records one successful access of path by record rec. real is
// the path of the file the kernel opened, read back from the new
// descriptor, or nil when it named none; f is what the kernel said of that
// file at this open (nil for an execution's path, which no descriptor
// names). It returns what repeat needs to count the same access again.
func (r *recorder) addAccess(rec int, op uint8, path, real []byte, f *fileFacts) accRef {
	var ref accRef
	if rec == 0 || len(path) == 0 {
		return ref
	}
	r.clean = cleanBytes(r.clean[:0], path)
	path = r.clean
	if real != nil && len(path) > maxSpelling && (bytes.Contains(path, slashDotDot) || bytes.HasPrefix(path, procPrefix)) {
		path = real
		r.respelled++
		ref.respelled = true
	}
	id := r.strs.bytes(path)
	realID := noReal
	if real != nil {
		if string(real) == string(path) {
			realID = id
		} else {
			realID = r.strs.bytes(real)
		}
	}
	var flags uint8
	var alt uint16
	if f != nil {
		at := realID
		if at == noReal {
			at = id
		}
		alt, flags = r.file(at, op, real == nil, f)
	}
	ref.key = accKey{rec: int32(rec), op: op, flags: flags, alt: alt, path: id, real: realID}
	r.acc[ref.key]++
	r.events++
	if realID == noReal {
		r.resolveSoon(id)
	}
	return ref
}

// file records the file f describes, which an open with operation op
// returned, as one string id at names (its real path, or its path when the
// kernel named none: nameless), and returns which of the files at names it
// is (accKey.alt) and the access's flags: what the kernel's facts say of
// its path.
func (r *recorder) file(at uint32, op uint8, nameless bool, f *fileFacts) (uint16, uint8) {
	if f.kind == fileUnknown {
		return 0, accGone
	}
	fi := fileInfo{dev: f.dev, ino: f.ino, nlink: f.nlink, kind: f.kind}
	for int(at) >= len(r.info) {
		r.info = append(r.info, make([]fileInfo, max(len(r.info), r.strs.len()-len(r.info)))...)
	}
	var alt uint16
	switch first := &r.info[at]; {
	case first.kind == fileUnknown:
		*first = fi
	case first.dev != fi.dev || first.ino != fi.ino:
		alts := r.alts[at]
		i := 0
		for i < len(alts) && (alts[i].dev != fi.dev || alts[i].ino != fi.ino) {
			i++
		}
		if i == len(alts) && len(alts) < maxAlts {
			r.alts[at] = append(alts, fi)
		}
		alt = uint16(min(i, maxAlts-1) + 1)
	}
	if op == opWrite {
		r.written[[2]uint64{f.dev, f.ino}] = true
	}
	flags := accFacts
	if f.kind == fileRegular {
		if nameless {
			flags |= accNameless
		}
		if r.mounts != nil && f.mnt != 0 && !r.mounts[f.mnt] {
			flags |= accForeign
		}
		if r.start != 0 && f.ctime >= r.start {
			flags |= accLate
		}
	}
	return alt, flags
}

// fileOf returns what the kernel said of the file of access k, whose
// string id is at (its real path's, or its path's).
func (r *recorder) fileOf(k accKey, at uint32) fileInfo {
	if k.flags&accFacts == 0 || int(at) >= len(r.info) {
		return fileInfo{}
	}
	if k.alt == 0 {
		return r.info[at]
	}
	return r.alts[at][k.alt-1]
}

// setExe records what the kernel said of the binary process record rec
// runs (its /proc/PID/exe), named exe.
func (r *recorder) setExe(rec int, exe string, f fileFacts) {
	if rec == 0 || exe == "" || f.kind == fileUnknown {
		return
	}
	r.exes[rec] = exeFacts{path: r.intern(exe), facts: f}
}

// repeat counts n more occurrences of the access addAccess returned ref
// for: the eBPF backend counts repeated opens in the kernel and adds them
// at the end.
func (r *recorder) repeat(ref accRef, n int64) {
	if ref.key.rec == 0 || n <= 0 {
		return
	}
	r.acc[ref.key] += n
	r.events += n
	if ref.respelled {
		r.respelled += n
	}
}

var (
	procPrefix  = []byte("/proc/")
	slashDotDot = []byte("/..")
)

func (r *recorder) addString(rec int, op uint8, path string) {
	if rec == 0 || path == "" {
		return
	}
	r.add(rec, op, unsafe.Slice(unsafe.StringData(path), len(path)), nil)
}

// unproven says why the path of an access with flags to the file fi is no
// evidence of which file was opened (Access.Unproven), "" when it is. A
// file the command itself wrote during the run is not one whose change
// hides anything: its late ctime is its own writing.
func (r *recorder) unproven(flags uint8, fi fileInfo) string {
	switch {
	case flags&accGone != 0:
		return UnprovenGone
	case flags&accLate != 0 && !r.written[[2]uint64{fi.dev, fi.ino}]:
		return UnprovenChanged
	case flags&accForeign != 0:
		return UnprovenMount
	case flags&accNameless != 0:
		return UnprovenLong
	}
	return ""
}

// accessItem is an access being built, with what decides whether it
// carries its file's identity.
type accessItem struct {
	Access
	dev, ino uint64
	identify bool // it carries them whatever its neighbours
	regular  bool // a regular file of known identity
}

// accesses turns the aggregated counts into Access records: real paths
// from the kernel where it named them, resolved (once per distinct path)
// otherwise; opens of directories dropped; an identity (device and inode)
// where the path does not identify the file: it has other hard links, its
// real path names another file (or none) after the run, the path is not
// proven (Access.Unproven), or the same spelling named other files too. An
// exec access whose path is only the resolved form of another exec access
// of the same record (the binary behind a symlink the process executed, as
// /proc/PID/exe names it) is dropped as a duplicate.
func (r *recorder) accesses(res *resolver) []Access {
	early := r.stopResolver()
	moved := make(map[[2]uint64]bool)
	items := make([]accessItem, 0, len(r.acc))
	for k, n := range r.acc {
		path := r.strs.get(k.path)
		it := accessItem{Access: Access{Proc: int(k.rec), Op: opNames[k.op], Path: path, Count: int(n)}}
		at := k.real
		if at == noReal {
			at = k.path
		}
		fi := r.fileOf(k, at)
		if fi.kind == fileDir && k.op != opExec {
			continue
		}
		if k.real != noReal {
			real := r.strs.get(k.real)
			if real != path && !(unresolvable(real) && unresolvable(path)) {
				it.Real = real
			}
			if fi.kind == fileRegular {
				id := [2]uint64{fi.dev, fi.ino}
				m, ok := moved[id]
				if !ok {
					m = !sameFile(real, fi)
					moved[id] = m
				}
				it.identify = m || fi.nlink > 1
			}
		} else {
			info, ok := early[path]
			if !ok {
				info = res.resolve(path)
			}
			if info.dir && k.op != opExec {
				continue
			}
			if info.real != "" && info.real != path {
				it.Real = info.real
			}
		}
		it.Unproven = r.unproven(k.flags, fi)
		if fi.kind == fileRegular {
			it.regular, it.dev, it.ino = true, fi.dev, fi.ino
			it.identify = it.identify || it.Unproven != ""
		}
		items = append(items, it)
	}
	r.applyExes(items)
	sort.Slice(items, func(i, j int) bool {
		if c := compareAccesses(&items[i].Access, &items[j].Access); c != 0 {
			return c < 0
		}
		return items[i].ino < items[j].ino
	})
	// One spelling that named several files: each carries its identity,
	// or the records could not be told apart.
	for i := 0; i < len(items); {
		j := i + 1
		for j < len(items) && sameAccess(&items[i].Access, &items[j].Access) {
			j++
		}
		if j-i > 1 {
			for k := i; k < j; k++ {
				items[k].identify = items[k].identify || items[k].regular
			}
		}
		i = j
	}
	out := make([]Access, 0, len(items))
	for _, it := range items {
		a := it.Access
		if it.identify && it.regular {
			a.Dev, a.Ino = it.dev, it.ino
		}
		out = append(out, a)
	}
	// Merge what the kernel and the resolver named alike, and drop exec
	// duplicates.
	merged := out[:0]
	for _, a := range out {
		if n := len(merged); n > 0 {
			if last := &merged[n-1]; sameAccess(last, &a) && last.Unproven == a.Unproven &&
				(last.Ino == 0 || a.Ino == 0 || last.Dev == a.Dev && last.Ino == a.Ino) {
				last.Count += a.Count
				if last.Ino == 0 {
					last.Dev, last.Ino = a.Dev, a.Ino
				}
				continue
			}
		}
		merged = append(merged, a)
	}
	type key struct {
		rec  int
		path string
	}
	named := make(map[key]bool)
	for _, a := range merged {
		if a.Op == OpExec && a.Real != "" {
			named[key{a.Proc, a.Real}] = true
		}
	}
	kept := merged[:0]
	for _, a := range merged {
		if a.Op == OpExec && a.Real == "" && named[key{a.Proc, a.Path}] {
			continue
		}
		kept = append(kept, a)
	}
	return kept
}

// applyExes gives the exec accesses of each process record what the kernel
// said of the binary it runs: the access of the binary itself its
// identity, and every exec access of a binary opened on a foreign mount,
// or changed during the run, the reason its path is no evidence.
func (r *recorder) applyExes(items []accessItem) {
	if len(r.exes) == 0 {
		return
	}
	for i := range items {
		it := &items[i]
		x, ok := r.exes[it.Proc]
		if !ok || it.Op != OpExec || x.facts.kind != fileRegular {
			continue
		}
		why := r.unproven(r.exeFlags(x.facts), fileInfo{dev: x.facts.dev, ino: x.facts.ino})
		if it.RealPath() == x.path || it.Path == x.path {
			it.regular, it.dev, it.ino = true, x.facts.dev, x.facts.ino
			if why != "" {
				it.Unproven, it.identify = why, true
			}
			continue
		}
		if r.exeFlags(x.facts)&accForeign != 0 && it.Unproven == "" {
			// The files the kernel loaded for that exec (a script, its
			// interpreters, the loader) were reached through the same
			// mounts; only the binary's identity is known.
			it.Unproven = UnprovenMount
		}
	}
}

// exeFlags returns what the kernel's facts of an executed binary say of
// its path, as file does for an open.
func (r *recorder) exeFlags(f fileFacts) uint8 {
	var flags uint8
	if r.mounts != nil && f.mnt != 0 && !r.mounts[f.mnt] {
		flags |= accForeign
	}
	if r.start != 0 && f.ctime >= r.start {
		flags |= accLate
	}
	return flags
}

// sameAccess reports whether a and b are of the same process, operation,
// path and real path.
func sameAccess(a, b *Access) bool {
	return a.Proc == b.Proc && a.Op == b.Op && a.Path == b.Path && a.Real == b.Real
}

// orderAccesses sorts by process, path, operation, real path and
// identity.
func orderAccesses(acc []Access) {
	sort.Slice(acc, func(i, j int) bool {
		if c := compareAccesses(&acc[i], &acc[j]); c != 0 {
			return c < 0
		}
		return acc[i].Ino < acc[j].Ino
	})
}

// compareAccesses orders accesses by process, path, operation and real
// path.
func compareAccesses(a, b *Access) int {
	switch {
	case a.Proc != b.Proc:
		return cmp.Compare(a.Proc, b.Proc)
	case a.Path != b.Path:
		return strings.Compare(a.Path, b.Path)
	case a.Op != b.Op:
		return strings.Compare(string(a.Op), string(b.Op))
	}
	return strings.Compare(a.Real, b.Real)
}

// unresolvable reports whether p lies where real paths are not resolved
// (unresolvedRoots): the kernel's name of /proc/self/status is
// /proc/PID/status, which says nothing more.
func unresolvable(p string) bool {
	for _, root := range unresolvedRoots {
		if p == root || strings.HasPrefix(p, root+"/") {
			return true
		}
	}
	return false
}

// identityOf returns the device and inode of the file at path, without
// following a final symbolic link (set where tracing is possible).
var identityOf = func(string) (dev, ino uint64, ok bool) { return 0, 0, false }

// sameFile reports whether path still names the file fi describes.
func sameFile(path string, fi fileInfo) bool {
	dev, ino, ok := identityOf(path)
	return ok && dev == fi.dev && ino == fi.ino
}

// cleanBytes is cleanPath for bytes, appending to dst.
func cleanBytes(dst, p []byte) []byte {
	if len(p) == 0 || p[0] != '/' {
		return append(dst, p...)
	}
	if !bytes.Contains(p, dslash) && !bytes.Contains(p, slashDot) && !bytes.HasSuffix(p, slashDot[:2]) &&
		(len(p) == 1 || p[len(p)-1] != '/') {
		return append(dst, p...)
	}
	start := len(dst)
	for rest := p; len(rest) > 0; {
		var comp []byte
		comp, rest, _ = bytes.Cut(rest, slash)
		if len(comp) == 0 || (len(comp) == 1 && comp[0] == '.') {
			continue
		}
		dst = append(dst, '/')
		dst = append(dst, comp...)
	}
	if len(dst) == start {
		dst = append(dst, '/')
	}
	return dst
}

var (
	slash    = []byte("/")
	dslash   = []byte("//")
	slashDot = []byte("/./")
)

// cleanPath tidies an absolute path without changing what it names: it
// collapses repeated slashes and "." components and drops a trailing slash,
// but keeps "..", because "a/b/.." is not "a" when b is a symbolic link (the
// resolved path settles that). A relative path (a process whose cwd was
// unreadable) is returned as it is.
func cleanPath(p string) string {
	if p == "" || p[0] != '/' {
		return p
	}
	if !strings.Contains(p, "//") && !strings.Contains(p, "/./") && !strings.HasSuffix(p, "/.") &&
		(len(p) == 1 || p[len(p)-1] != '/') {
		return p
	}
	var b strings.Builder
	b.Grow(len(p))
	for rest := p; rest != ""; {
		var comp string
		comp, rest, _ = strings.Cut(rest, "/")
		if comp == "" || comp == "." {
			continue
		}
		b.WriteByte('/')
		b.WriteString(comp)
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}
