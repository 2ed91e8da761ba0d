package tracer

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// distinctPaths generates the i-th of a workload's distinct paths into b,
// with the real path the kernel would name (nil: the same).
type distinctPaths struct {
	name string
	gen  func(b []byte, i int) (path, real []byte)
}

// file is the inode of the i-th path's file: its own in a package tree,
// the one file for the workloads of spellings.
func (w distinctPaths) file(i int) uint64 {
	if w.name == "tree" {
		return uint64(i)
	}
	return 1
}

var memWorkloads = []distinctPaths{
	// A package tree: 10,000 packages of 100 files.
	{"tree", func(b []byte, i int) ([]byte, []byte) {
		b = append(b[:0], "/work/project/node_modules/pkg"...)
		b = strconv.AppendInt(b, int64(i/100), 10)
		b = append(b, "/lib/file"...)
		b = strconv.AppendInt(b, int64(i%100), 10)
		b = append(b, ".js"...)
		return b, b
	}},
	// One file under a million spellings made of "./" and "//", up to
	// 4 KB long (the red team's "distinct path spelling").
	{"spellings", func(b []byte, i int) ([]byte, []byte) {
		b = append(b[:0], "/work/project/node_modules/pkg/"...)
		for bit := 0; bit < 20; bit++ {
			if i&(1<<bit) != 0 {
				b = append(b, strings.Repeat("./", 50)...)
			} else {
				b = append(b, strings.Repeat("/", 50)...)
			}
		}
		b = append(b, "index.js"...)
		return b, []byte("/work/project/node_modules/pkg/index.js")
	}},
	// One file under a million spellings through "..", short enough to
	// be kept as spelled.
	{"dotdot-short", func(b []byte, i int) ([]byte, []byte) {
		b = append(b[:0], "/work/project/node_modules/pkg"...)
		for bit := 0; bit < 20; bit++ {
			if i&(1<<bit) != 0 {
				b = append(b, "/lib/.."...)
			} else {
				b = append(b, "/src/.."...)
			}
		}
		b = append(b, "/index.js"...)
		return b, []byte("/work/project/node_modules/pkg/index.js")
	}},
	// The same, past maxSpelling: recorded under the real path.
	{"dotdot-long", func(b []byte, i int) ([]byte, []byte) {
		b = append(b[:0], "/work/project/node_modules/pkg"...)
		for bit := 0; bit < 20; bit++ {
			if i&(1<<bit) != 0 {
				b = append(b, "/lib/.."...)
			} else {
				b = append(b, "/src/.."...)
			}
		}
		b = append(b, strings.Repeat("/lib/..", 60)...)
		b = append(b, "/index.js"...)
		return b, []byte("/work/project/node_modules/pkg/index.js")
	}},
}

// BenchmarkRecorderMemory feeds the recorder 1,000,000 distinct paths of
// each workload, as the tracer's loop does for successful opens, and
// reports the heap it holds per distinct path while the command runs
// (B/path-run) and once the accesses are built (B/path-trace). Run it with
// -benchtime=1x.
func BenchmarkRecorderMemory(b *testing.B) {
	const n = 1000000
	for _, w := range memWorkloads {
		b.Run(w.name, func(b *testing.B) {
			for range b.N {
				run, trace := recorderMemory(w, n)
				b.ReportMetric(run, "B/path-run")
				b.ReportMetric(trace, "B/path-trace")
			}
		})
	}
}

func recorderMemory(w distinctPaths, n int) (run, trace float64) {
	var m0, m1, m2 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	r := newRecorder()
	r.startResolver()
	p := r.addProcess(Process{PID: 1, Exe: "/usr/bin/node", Argv: []string{"node"}, Exec: true})
	var buf []byte
	for i := range n {
		path, real := w.gen(buf, i)
		buf = path
		f := fileFacts{dev: 1, ino: w.file(i), nlink: 1, kind: fileOther}
		r.addAccess(p, opRead, path, real, &f)
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	acc := r.accesses(newResolver())
	runtime.GC()
	runtime.ReadMemStats(&m2)
	runtime.KeepAlive(r)
	runtime.KeepAlive(acc)
	return float64(int64(m1.HeapInuse)-int64(m0.HeapInuse)) / float64(n), float64(int64(m2.HeapInuse)-int64(m0.HeapInuse)) / float64(n)
}
