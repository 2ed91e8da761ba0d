// Command suites measures what envaudit costs on real test suites: each
// project of the corpus (testdata/corpus, installed by `make setup`) runs
// its own test command untraced and under `envaudit run` (the default
// auto backend, the report and the SBOM written), side by side:
//
//	go run ./bench/suites [-n REPS] [-cold REPS] [-p NAME,...] [-o FILE.md] [-csv FILE]
//
// Every repetition runs every project in both modes, the mode that goes
// first alternating and the projects' order rotating, so that machine noise
// spreads over both. Two rounds are measured:
//
//   - warm: the project's build outputs and caches as its previous run left
//     them (one unmeasured run of each mode comes first);
//   - cold: before every run, the build outputs and caches the ecosystems
//     keep are removed or replaced by empty ones (a fresh GOCACHE,
//     CARGO_TARGET_DIR and Maven target/, the project's own __pycache__
//     and node_modules/.cache; the CMake projects build in a fresh
//     directory already) and, when this process may, the kernel's page
//     cache is dropped: the state of a fresh CI runner that restored no
//     cache. The downloaded packages (the module cache, node_modules, the
//     virtual environments) stay: they are the install, not the run.
//
// For each project and round it reports the untraced run's median time and
// the medians of the per-repetition ratios to it of the traced command
// alone (the run's duration in envaudit's report) and of the whole step
// (envaudit's wall time: the reads before the command, the traced command,
// the audit and the outputs), and envaudit's own work around the command
// (the step minus the traced command) in seconds and as a share of the
// untraced run. Over the projects it reports the median and the p90
// (nearest rank) of both ratios, beside issue 22's targets and in-toto
// witness's published figures (docs/tracer.md).
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/envaudit/envaudit/ecosystems/system"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "suites:", err)
		os.Exit(2)
	}
}

// project is what the benchmark reads of a corpus project.json.
type project struct {
	Name       string   `json:"name"`
	Ecosystems []string `json:"ecosystems"`
	Test       struct {
		Command []string          `json:"command"`
		Env     map[string]string `json:"env"`
	} `json:"test"`
	dir string // testdata/corpus/<name>/src, absolute
}

// sample is one repetition of one project in one round.
type sample struct {
	untraced time.Duration
	step     time.Duration // envaudit run's wall time
	command  time.Duration // the traced command, from the report
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("suites", flag.ContinueOnError)
	reps := fs.Int("n", 3, "measured warm repetitions per project and mode")
	coldReps := fs.Int("cold", 1, "measured cold repetitions per project and mode (0: no cold round)")
	only := fs.String("p", "", "only these projects (comma-separated names)")
	out := fs.String("o", "", "also write the Markdown table to `FILE`")
	csvPath := fs.String("csv", "", "also write every measurement as CSV to `FILE`")
	root := fs.String("C", ".", "the envaudit repository")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *reps < 1 || *coldReps < 0 {
		return errors.New("-n must be at least 1 and -cold at least 0")
	}
	projects, err := loadProjects(*root, *only)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "envaudit-suites-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	b := &bench{work: work, envaudit: filepath.Join(work, "envaudit"), log: os.Stderr}
	build := exec.Command("go", "build", "-o", b.envaudit, "./cmd/envaudit")
	build.Dir, build.Stdout, build.Stderr = *root, os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("build envaudit: %w", err)
	}
	b.dropCaches = canDropCaches()

	var csv bytes.Buffer
	csv.WriteString("round,rep,project,untraced_s,step_s,command_s\n")
	results := map[string]map[string][]sample{}
	for _, round := range []struct {
		name string
		reps int
		cold bool
	}{{"warm", *reps, false}, {"cold", *coldReps, true}} {
		if round.reps == 0 {
			continue
		}
		results[round.name] = map[string][]sample{}
		if !round.cold {
			for _, p := range projects {
				fmt.Fprintf(b.log, "warm-up %s\n", p.Name)
				if _, err := b.untraced(p, false); err != nil {
					return err
				}
				if _, err := b.traced(p, false); err != nil {
					return err
				}
			}
		}
		for rep := 0; rep < round.reps; rep++ {
			for i := range projects {
				p := projects[(i+rep)%len(projects)]
				s, err := b.pair(p, round.cold, rep%2 == 1)
				if err != nil {
					return err
				}
				results[round.name][p.Name] = append(results[round.name][p.Name], s)
				fmt.Fprintf(b.log, "%s %d %s: untraced %.2fs, step %.2fs, command %.2fs\n", round.name, rep+1, p.Name, s.untraced.Seconds(), s.step.Seconds(), s.command.Seconds())
				fmt.Fprintf(&csv, "%s,%d,%s,%.3f,%.3f,%.3f\n", round.name, rep+1, p.Name, s.untraced.Seconds(), s.step.Seconds(), s.command.Seconds())
			}
		}
	}

	var md bytes.Buffer
	writeTables(&md, projects, results, machine(b.dropCaches))
	if _, err := stdout.Write(md.Bytes()); err != nil {
		return err
	}
	if *out != "" {
		if err := os.WriteFile(*out, md.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if *csvPath != "" {
		if err := os.WriteFile(*csvPath, csv.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// loadProjects reads testdata/corpus/*/project.json under root, keeping
// those named in only (all when empty), and checks that each is installed.
func loadProjects(root, only string) ([]*project, error) {
	paths, err := filepath.Glob(filepath.Join(root, "testdata", "corpus", "*", "project.json"))
	if err != nil {
		return nil, err
	}
	slices.Sort(paths)
	var want []string
	if only != "" {
		want = strings.Split(only, ",")
	}
	var out []*project
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var p project
		if err := json.Unmarshal(data, &p); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if want != nil && !slices.Contains(want, p.Name) {
			continue
		}
		if p.dir, err = filepath.Abs(filepath.Join(filepath.Dir(path), "src")); err != nil {
			return nil, err
		}
		if _, err := os.Stat(filepath.Join(p.dir, ".envaudit-corpus-stamp")); err != nil {
			return nil, fmt.Errorf("%s is not installed: run `make setup` (scripts/setup.d/corpus.sh)", p.Name)
		}
		out = append(out, &p)
	}
	for _, w := range want {
		if !slices.ContainsFunc(out, func(p *project) bool { return p.Name == w }) {
			return nil, fmt.Errorf("no corpus project %q", w)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no corpus projects found under " + filepath.Join(root, "testdata", "corpus"))
	}
	return out, nil
}

type bench struct {
	work       string
	envaudit   string
	dropCaches bool
	log        io.Writer
	runs       int
}

// pair runs p untraced and traced, the traced run first when tracedFirst.
func (b *bench) pair(p *project, cold, tracedFirst bool) (s sample, err error) {
	untraced := func() (err error) {
		s.untraced, err = b.untraced(p, cold)
		return err
	}
	traced := func() error {
		t, err := b.traced(p, cold)
		s.step, s.command = t.step, t.command
		return err
	}
	first, second := untraced, traced
	if tracedFirst {
		first, second = traced, untraced
	}
	if err := first(); err != nil {
		return s, err
	}
	return s, second()
}

// environ is the environment both runs of p get: this process's, without
// the CI variables, with the project's test environment and, when cold,
// its fresh caches.
func (b *bench) environ(p *project, cold bool) ([]string, error) {
	set := map[string]string{}
	for k, v := range p.Test.Env {
		set[k] = v
	}
	if cold {
		fresh, err := b.coldState(p)
		if err != nil {
			return nil, err
		}
		for k, v := range fresh {
			set[k] = v
		}
	}
	// Both runs are outside CI (envaudit in a CI job also writes
	// annotations).
	var env []string
	for _, kv := range system.OutsideCI(os.Environ()) {
		k, _, _ := strings.Cut(kv, "=")
		if _, ok := set[k]; ok {
			continue
		}
		env = append(env, kv)
	}
	for _, k := range slices.Sorted(maps.Keys(set)) {
		env = append(env, k+"="+set[k])
	}
	return env, nil
}

// coldState removes the build outputs and caches p's ecosystems keep in
// the project and returns the variables that point the others at fresh
// empty directories; it then drops the page cache when it may.
func (b *bench) coldState(p *project) (map[string]string, error) {
	b.runs++
	fresh := func(name string) (string, error) {
		dir := filepath.Join(b.work, fmt.Sprintf("%s-%d", name, b.runs))
		return dir, os.MkdirAll(dir, 0o755)
	}
	set := map[string]string{}
	for _, e := range p.Ecosystems {
		var err error
		switch e {
		case "go":
			set["GOCACHE"], err = fresh("gocache")
		case "cargo":
			set["CARGO_TARGET_DIR"], err = fresh("target")
		case "maven":
			err = os.RemoveAll(filepath.Join(p.dir, "target"))
		case "npm":
			err = os.RemoveAll(filepath.Join(p.dir, "node_modules", ".cache"))
		case "python":
			err = removePycache(p.dir)
		}
		if err != nil {
			return nil, err
		}
	}
	if b.dropCaches {
		if err := dropPageCache(); err != nil {
			return nil, err
		}
	}
	return set, nil
}

// removePycache removes the byte code the project's own modules left
// (__pycache__ directories outside its virtual environments and
// node_modules).
func removePycache(dir string) error {
	return filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		switch d.Name() {
		case "__pycache__":
			if err := os.RemoveAll(path); err != nil {
				return err
			}
			return filepath.SkipDir
		case "node_modules", ".git":
			return filepath.SkipDir
		}
		if path != dir {
			if _, err := os.Stat(filepath.Join(path, "pyvenv.cfg")); err == nil {
				return filepath.SkipDir
			}
		}
		return nil
	})
}

const dropCachesFile = "/proc/sys/vm/drop_caches"

func canDropCaches() bool {
	f, err := os.OpenFile(dropCachesFile, os.O_WRONLY, 0)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

func dropPageCache() error {
	if err := exec.Command("sync").Run(); err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	return os.WriteFile(dropCachesFile, []byte("3\n"), 0o200)
}

// untraced runs p's test command and returns its wall time.
func (b *bench) untraced(p *project, cold bool) (time.Duration, error) {
	env, err := b.environ(p, cold)
	if err != nil {
		return 0, err
	}
	cmd := exec.Command(p.Test.Command[0], p.Test.Command[1:]...)
	cmd.Dir, cmd.Env = p.dir, env
	start := time.Now()
	out, err := cmd.CombinedOutput()
	d := time.Since(start)
	if err != nil {
		return 0, fmt.Errorf("%s: %q untraced: %v; its output ends:\n%s", p.Name, p.Test.Command, err, tail(out))
	}
	return d, nil
}

type tracedRun struct{ step, command time.Duration }

// traced runs p's test command under `envaudit run`, the report and the
// SBOM written, and returns the step's wall time and the command's, as the
// report gives it.
func (b *bench) traced(p *project, cold bool) (tracedRun, error) {
	env, err := b.environ(p, cold)
	if err != nil {
		return tracedRun{}, err
	}
	report := filepath.Join(b.work, "report.json")
	args := append([]string{"run", "-C", p.dir, "--report", report, "--sbom", filepath.Join(b.work, "sbom.json"), "--fail-on", "none", "--"}, p.Test.Command...)
	cmd := exec.Command(b.envaudit, args...)
	cmd.Dir, cmd.Env = p.dir, env
	start := time.Now()
	out, err := cmd.CombinedOutput()
	d := time.Since(start)
	if err != nil {
		return tracedRun{}, fmt.Errorf("%s: envaudit run: %v; its output ends:\n%s", p.Name, err, tail(out))
	}
	data, err := os.ReadFile(report)
	if err != nil {
		return tracedRun{}, err
	}
	var r struct {
		Run *struct {
			DurationMs int64 `json:"durationMs"`
		} `json:"run"`
	}
	if err := json.Unmarshal(data, &r); err != nil || r.Run == nil {
		return tracedRun{}, fmt.Errorf("%s: the report has no run (%v)", p.Name, err)
	}
	return tracedRun{step: d, command: time.Duration(r.Run.DurationMs) * time.Millisecond}, nil
}

func tail(out []byte) string {
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) > 30 {
		lines = lines[len(lines)-30:]
	}
	return strings.Join(lines, "\n")
}

// projectStats are one project's figures in one round.
type projectStats struct {
	untraced      float64 // median seconds
	command, step float64 // medians of the per-repetition ratios
	around        float64 // median seconds of envaudit's own work (step - command)
	aroundBudget  float64 // max(0.5 s, 3% of the untraced run)
}

func stats(samples []sample) projectStats {
	var u, c, s, a []float64
	for _, x := range samples {
		u = append(u, x.untraced.Seconds())
		c = append(c, x.command.Seconds()/x.untraced.Seconds())
		s = append(s, x.step.Seconds()/x.untraced.Seconds())
		a = append(a, (x.step - x.command).Seconds())
	}
	ps := projectStats{untraced: median(u), command: median(c), step: median(s), around: median(a)}
	ps.aroundBudget = math.Max(0.5, 0.03*ps.untraced)
	return ps
}

// median of xs (the mean of the middle two for an even count).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// p90 is the nearest-rank 90th percentile of xs: the smallest value with
// at least 90% of the values at or below it.
func p90(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[int(math.Ceil(0.9*float64(len(s))))-1]
}

// Issue 22's targets and in-toto witness's figures on 93 CNCF cold builds
// (Uk-jake/sbomit-overhead-experiment).
const (
	targetCommandMedian = 1.02
	targetCommandP90    = 1.05
	targetStepMedian    = 1.05
	witnessCommand      = "1.038× (p90 1.076×)"
	witnessStep         = "1.075×"
)

func writeTables(w io.Writer, projects []*project, results map[string]map[string][]sample, machine string) {
	fmt.Fprintf(w, "Machine: %s.\n", machine)
	for _, round := range []string{"warm", "cold"} {
		res, ok := results[round]
		if !ok {
			continue
		}
		fmt.Fprintf(w, "\n### %s (%d repetitions)\n\n", round, len(res[projects[0].Name]))
		fmt.Fprintln(w, "| project | untraced | traced command | whole step | envaudit's own work | within max(0.5 s, 3%) |")
		fmt.Fprintln(w, "|---|---:|---:|---:|---:|---|")
		var cs, ss []float64
		over := 0
		for _, p := range projects {
			st := stats(res[p.Name])
			cs, ss = append(cs, st.command), append(ss, st.step)
			within := "yes"
			if st.around > st.aroundBudget {
				within = fmt.Sprintf("no (%.1f×)", st.around/st.aroundBudget)
				over++
			}
			fmt.Fprintf(w, "| %s | %.2f s | %.3f× | %.3f× | %.2f s (%.1f%%) | %s |\n", p.Name, st.untraced, st.command, st.step, st.around, 100*st.around/st.untraced, within)
		}
		fmt.Fprintf(w, "\n| over %d projects | median | p90 | target | in-toto witness |\n|---|---:|---:|---|---|\n", len(projects))
		fmt.Fprintf(w, "| traced command | %.3f× | %.3f× | median ≤ %.2f×, p90 ≤ %.2f× (%s) | %s |\n", median(cs), p90(cs), targetCommandMedian, targetCommandP90, met(median(cs) <= targetCommandMedian && p90(cs) <= targetCommandP90), witnessCommand)
		fmt.Fprintf(w, "| whole step | %.3f× | %.3f× | median ≤ %.2f× (%s) | %s |\n", median(ss), p90(ss), targetStepMedian, met(median(ss) <= targetStepMedian), witnessStep)
		fmt.Fprintf(w, "\nenvaudit's own work within max(0.5 s, 3%% of the run): %d of %d projects.\n", len(projects)-over, len(projects))
	}
}

func met(ok bool) string {
	if ok {
		return "met"
	}
	return "not met"
}

// machine describes where the bench ran.
func machine(dropped bool) string {
	s := fmt.Sprintf("%s, %d CPUs, %s/%s, %s", time.Now().UTC().Format("2006-01-02"), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
	if data, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		s += ", Linux " + strings.TrimSpace(string(data))
	}
	if dropped {
		s += ", cold runs with the page cache dropped"
	} else {
		s += ", cold runs without dropping the page cache (not permitted)"
	}
	return s
}
