package redteam

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// deepPOM is a pom.xml whose properties nest levels deep.
func deepPOM(levels int) string {
	var b strings.Builder
	b.WriteString("<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>org.example</groupId>\n  <artifactId>rt</artifactId>\n  <version>1.0</version>\n  <properties>\n")
	b.WriteString(strings.Repeat("<a>", levels))
	b.WriteString(strings.Repeat("</a>", levels))
	b.WriteString("\n  </properties>\n</project>\n")
	return b.String()
}

// hugeRequirements is a requirements.txt of about size bytes.
func hugeRequirements(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "package-%07d==1.0\n", i)
	}
	return b.String()
}

// capDeadline is how long a step on hostile input may take before the
// suite kills it as a hung job: far above what the step takes on the
// same project without the hostile file.
const capDeadline = 90 * time.Second

// capMemory is the address space the step gets (prlimit --as): a run-away
// parser fails at it instead of taking the machine's memory.
const capMemory = 4 << 30

// TestAttackCaps reproduces issue 10's denial of service outside
// `timeout`: a deep pom.xml (quadratic parse), a 40 MB requirements.txt
// (13.6 GB for 47 MB), a manifest symlinked to /dev/zero (grows without
// bound), a FIFO in node_modules (hangs forever). The step must end well
// within the deadline, within the memory limit, and say which file it
// refused.
func TestAttackCaps(t *testing.T) {
	for _, tt := range []struct {
		name string
		// file is the hostile file, which the step's output must name; ""
		// when a file that is no regular file may be passed over unnamed.
		file string
		make func(j *job)
	}{
		{name: "deepPOM", file: "pom.xml", make: func(j *job) {
			j.writeFile(filepath.Join(j.app, "pom.xml"), deepPOM(200000), 0o644)
		}},
		{name: "hugeRequirements", file: "requirements.txt", make: func(j *job) {
			j.writeFile(filepath.Join(j.app, "requirements.txt"), hugeRequirements(40<<20), 0o644)
		}},
		{name: "devZeroManifest", file: "requirements.txt", make: func(j *job) {
			// A requirements file that includes one linked to /dev/zero.
			j.writeFile(filepath.Join(j.app, "requirements.txt"), "six\n-r more.txt\n", 0o644)
			if err := os.Symlink("/dev/zero", filepath.Join(j.app, "more.txt")); err != nil {
				j.t.Fatal(err)
			}
		}},
		{name: "fifoInNodeModules", make: func(j *job) {
			// A hostile dependency's install script leaves a named pipe
			// where a package's metadata belongs.
			j.commit()
			dir := filepath.Join(j.app, "node_modules", "evil")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				j.t.Fatal(err)
			}
			if err := syscall.Mkfifo(filepath.Join(dir, "package.json"), 0o644); err != nil {
				j.t.Fatal(err)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			j := newJob(t, "")
			tt.make(j)
			j.inputs["run"] = "true"
			j.inputs["working-directory"] = "app"
			j.deadline = capDeadline
			j.memLimit = capMemory
			res := j.run(0)
			named := tt.file == "" || strings.Contains(res.stdout+res.stderr, tt.file)
			held := !res.killed && res.signal == "" && res.maxRSS < 1<<30 && named && !strings.Contains(res.stderr, "out of memory")
			observe(t, held, "step %s after %v, max RSS %d MiB (limit %d MiB), output names %q: %v",
				outcome(res), res.elapsed.Round(100*time.Millisecond), res.maxRSS>>20, capMemory>>20, tt.file, named)
		})
	}
}

// TestAttackSIGTERM reproduces issue 10's "one SIGTERM is ignored while
// parsing": the job is cancelled (SIGTERM to the step's process) while
// envaudit reads a deep pom.xml, and while the test command runs. The
// step must end soon after the signal.
func TestAttackSIGTERM(t *testing.T) {
	const grace = 30 * time.Second
	for _, tt := range []struct {
		name string
		run  string
		make func(j *job)
	}{
		{name: "whileParsing", run: "true", make: func(j *job) {
			j.writeFile(filepath.Join(j.app, "pom.xml"), deepPOM(200000), 0o644)
		}},
		{name: "whileTracing", run: "sleep 600"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			j := newJob(t, "")
			if tt.make != nil {
				tt.make(j)
			}
			j.inputs["run"] = tt.run
			j.inputs["working-directory"] = "app"
			j.sigterm = 3 * time.Second
			j.deadline = j.sigterm + grace
			res := j.run(0)
			if res.elapsed < j.sigterm {
				observe(t, !res.killed, "the step ended before the signal, after %v (%s)", res.elapsed.Round(100*time.Millisecond), outcome(res))
				return
			}
			observe(t, !res.killed, "the step %s %v after SIGTERM", outcome(res), (res.elapsed - j.sigterm).Round(100*time.Millisecond))
		})
	}
}

// TestAttackEvaluationBombs reproduces issue 20's exponential pre-run
// reads (item 10): manifests that are small files but ask envaudit's
// evaluators for exponential work — a tsconfig "extends" diamond of depth
// 40, 64 CMake set()s that each double a value, a CMake include fan-out
// of 2^30, setup.py names each joining 16 copies of the one before, pom
// properties each referring 10 times to the one before, 16 deep. The
// step must end well within the deadline and the memory limit, with an
// error naming the file and the work budget it passed (the tsconfig's
// aliases are only import evidence: there the step goes on, having read
// each file once, and the chain's error is a warning of the imports).
func TestAttackEvaluationBombs(t *testing.T) {
	for _, tt := range []struct {
		name   string
		file   string // the file the output or the summary must name, if any
		budget bool   // the output must say a budget was passed
		make   func(j *job)
	}{
		{name: "tsconfigDiamond", make: func(j *job) {
			j.writeFile(filepath.Join(j.app, "package.json"), `{"name": "app", "version": "1.0.0"}`+"\n", 0o644)
			j.writeFile(filepath.Join(j.app, "index.js"), "module.exports = 1;\n", 0o644)
			j.writeFile(filepath.Join(j.app, "tsconfig.json"), `{"extends": ["./l1a.json", "./l1b.json"]}`+"\n", 0o644)
			for i := 1; i <= 40; i++ {
				next := fmt.Sprintf(`{"extends": ["./l%da.json", "./l%db.json"]}`, i+1, i+1)
				for _, s := range []string{"a", "b"} {
					j.writeFile(filepath.Join(j.app, fmt.Sprintf("l%d%s.json", i, s)), next+"\n", 0o644)
				}
			}
		}},
		{name: "cmakeDoubling", file: "CMakeLists.txt", budget: true, make: func(j *job) {
			var b strings.Builder
			b.WriteString("cmake_minimum_required(VERSION 3.16)\nproject(bomb C)\nset(A0 \"x\")\n")
			for i := 1; i <= 64; i++ {
				fmt.Fprintf(&b, "set(A%d \"${A%d}${A%d}\")\n", i, i-1, i-1)
			}
			b.WriteString("find_package(${A64})\n")
			j.writeFile(filepath.Join(j.app, "CMakeLists.txt"), b.String(), 0o644)
		}},
		{name: "cmakeIncludeFanOut", file: ".cmake", budget: true, make: func(j *job) {
			j.writeFile(filepath.Join(j.app, "CMakeLists.txt"), "cmake_minimum_required(VERSION 3.16)\nproject(fan C)\ninclude(cmake/f0.cmake)\n", 0o644)
			for i := 0; i < 30; i++ {
				j.writeFile(filepath.Join(j.app, "cmake", fmt.Sprintf("f%d.cmake", i)), fmt.Sprintf("include(${CMAKE_CURRENT_LIST_DIR}/f%d.cmake)\ninclude(${CMAKE_CURRENT_LIST_DIR}/f%d.cmake)\n", i+1, i+1), 0o644)
			}
			j.writeFile(filepath.Join(j.app, "cmake", "f30.cmake"), "set(X y)\n", 0o644)
		}},
		{name: "setupPyConcatenation", file: "setup.py", budget: true, make: func(j *job) {
			var b strings.Builder
			b.WriteString("from setuptools import setup\nA0 = 'six'\n")
			for i := 1; i <= 7; i++ {
				refs := make([]string, 16)
				for k := range refs {
					refs[k] = fmt.Sprintf("A%d", i-1)
				}
				fmt.Fprintf(&b, "A%d = %s\n", i, strings.Join(refs, " + "))
			}
			b.WriteString("setup(name='bomb', version='1.0', install_requires=A7)\n")
			j.writeFile(filepath.Join(j.app, "setup.py"), b.String(), 0o644)
		}},
		{name: "pomProperties", file: "pom.xml", budget: true, make: func(j *job) {
			var b strings.Builder
			b.WriteString("<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>org.example</groupId>\n  <artifactId>rt</artifactId>\n  <version>1.0</version>\n  <properties>\n    <p0>x</p0>\n")
			for i := 1; i <= 16; i++ {
				fmt.Fprintf(&b, "    <p%d>%s</p%d>\n", i, strings.Repeat(fmt.Sprintf("${p%d}", i-1), 10), i)
			}
			b.WriteString("  </properties>\n  <dependencies>\n    <dependency>\n      <groupId>x</groupId>\n      <artifactId>y</artifactId>\n      <version>${p16}</version>\n    </dependency>\n  </dependencies>\n</project>\n")
			j.writeFile(filepath.Join(j.app, "pom.xml"), b.String(), 0o644)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			j := newJob(t, "")
			tt.make(j)
			j.inputs["run"] = "true"
			j.inputs["working-directory"] = "app"
			j.deadline = capDeadline
			j.memLimit = capMemory
			res := j.run(0)
			out := res.stdout + res.stderr
			named := tt.file == "" || strings.Contains(out+res.summary, tt.file)
			said := !tt.budget || strings.Contains(out, "over the work budget")
			held := !res.killed && res.signal == "" && res.maxRSS < 1<<30 && named && said && !strings.Contains(res.stderr, "out of memory")
			observe(t, held, "step %s after %v, max RSS %d MiB (limit %d MiB), output names %q: %v, says the budget: %v",
				outcome(res), res.elapsed.Round(100*time.Millisecond), res.maxRSS>>20, capMemory>>20, tt.file, named, said)
		})
	}
}
