package tracer

import (
	"sort"
	"strings"
)

// interner gives every distinct string one small id and one copy in memory,
// so the tracer's memory grows with the number of distinct paths (and
// command lines), not with the number of events.
type interner struct {
	ids  map[string]uint32
	strs []string
}

func newInterner() *interner {
	return &interner{ids: make(map[string]uint32, 1024)}
}

// bytes returns the id of string(b) without allocating when b is known.
func (in *interner) bytes(b []byte) uint32 {
	if id, ok := in.ids[string(b)]; ok {
		return id
	}
	return in.add(string(b))
}

func (in *interner) str(s string) uint32 {
	if id, ok := in.ids[s]; ok {
		return id
	}
	return in.add(strings.Clone(s))
}

func (in *interner) add(s string) uint32 {
	id := uint32(len(in.strs))
	in.strs = append(in.strs, s)
	in.ids[s] = id
	return id
}

func (in *interner) get(id uint32) string { return in.strs[id] }

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

// accKey is one (process record, operation, raw path) triple.
type accKey struct {
	rec  int32
	op   uint8
	path uint32
}

// recorder accumulates the trace while the command runs: process records,
// and access counts aggregated by accKey.
type recorder struct {
	strs   *interner
	acc    map[accKey]int64
	events int64
	procs  []Process
	// bg resolves each distinct accessed path while the command runs,
	// when started; seen marks the string ids already handed to it.
	bg   *bgResolver
	seen []bool
}

func newRecorder() *recorder {
	return &recorder{strs: newInterner(), acc: make(map[accKey]int64, 4096)}
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

// add records one successful access of path (absolute, as the process
// named it) by process record rec. Accesses of rec 0 (the helper before it
// executes the command) are not the command's and are dropped.
func (r *recorder) add(rec int, op uint8, path []byte) {
	if rec == 0 || len(path) == 0 {
		return
	}
	id := r.strs.bytes(path)
	r.acc[accKey{rec: int32(rec), op: op, path: id}]++
	r.events++
	r.resolveSoon(id)
}

func (r *recorder) addString(rec int, op uint8, path string) {
	if rec == 0 || path == "" {
		return
	}
	id := r.strs.str(path)
	r.acc[accKey{rec: int32(rec), op: op, path: id}]++
	r.events++
	r.resolveSoon(id)
}

// accesses turns the aggregated counts into Access records: paths cleaned
// and resolved (once per distinct path), opens of directories dropped, and
// counts of paths that clean to the same string merged. An exec access
// whose path is only the resolved form of another exec access of the same
// record (the binary behind a symlink the process executed, as /proc/PID/exe
// names it) is dropped as a duplicate.
func (r *recorder) accesses(res *resolver) []Access {
	early := r.stopResolver()
	type key struct {
		rec  int
		op   uint8
		path string
	}
	merged := make(map[key]int, len(r.acc))
	var out []Access
	for k, n := range r.acc {
		path := cleanPath(r.strs.get(k.path))
		info, ok := early[path]
		if !ok {
			info = res.resolve(path)
		}
		if info.dir && k.op != opExec {
			continue
		}
		mk := key{int(k.rec), k.op, path}
		if i, ok := merged[mk]; ok {
			out[i].Count += int(n)
			continue
		}
		a := Access{Proc: int(k.rec), Op: opNames[k.op], Path: path, Count: int(n)}
		if info.real != "" && info.real != path {
			a.Real = info.real
		}
		merged[mk] = len(out)
		out = append(out, a)
	}
	// Drop exec duplicates.
	named := make(map[key]bool)
	for _, a := range out {
		if a.Op == OpExec && a.Real != "" {
			named[key{a.Proc, opExec, a.Real}] = true
		}
	}
	kept := out[:0]
	for _, a := range out {
		if a.Op == OpExec && a.Real == "" && named[key{a.Proc, opExec, a.Path}] {
			continue
		}
		kept = append(kept, a)
	}
	sort.Slice(kept, func(i, j int) bool {
		a, b := kept[i], kept[j]
		if a.Proc != b.Proc {
			return a.Proc < b.Proc
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Op < b.Op
	})
	return kept
}

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
