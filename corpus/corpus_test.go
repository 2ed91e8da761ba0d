package corpus

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/ecosystems/system"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/policy"
	"github.com/envaudit/envaudit/tracer"
)

func TestMain(m *testing.M) {
	tracer.Main() // the test binary doubles as the tracer's helper
	testenv.Hermetic()
	os.Exit(m.Run())
}

// gateList is the gate the corpus is judged by: the default --fail-on,
// whatever it is.
const gateList = policy.DefaultFailOn

// Environment variables that tune a run of the checker; none is needed.
const (
	// envReport names a file the checker writes its tables to as
	// Markdown (BASELINE.md is made from it).
	envReport = "ENVAUDIT_CORPUS_REPORT"
	// envUntraced, set to 1, also runs each test command without
	// envaudit, to time it and to check that tracing does not change its
	// exit status.
	envUntraced = "ENVAUDIT_CORPUS_UNTRACED"
	// envBackend names the tracer backend the test commands run under:
	// ptrace, ebpf, or both, which judges the eBPF run (auto's choice as
	// root, what CI jobs get) and fails a project whose D3 (its traced
	// packages, per ecosystem) the ptrace run does not give identically:
	// issue 11's proof that the two backends see the same packages on
	// real projects. Unset is both for one project of each ecosystem
	// (sampled) and ebpf for the rest: the proof on every ecosystem at a
	// fraction of the time (make test); make corpus asks for both
	// everywhere.
	envBackend = "ENVAUDIT_CORPUS_BACKEND"
)

// corpusBackends returns the backends envBackend asks for project p, the
// one judged first; sampled are the projects compared when it is unset.
func corpusBackends(p *project, sampled map[string]bool) ([]string, error) {
	both := []string{tracer.BackendEBPF, tracer.BackendPtrace}
	switch b := os.Getenv(envBackend); b {
	case tracer.BackendPtrace:
		return []string{tracer.BackendPtrace}, nil
	case tracer.BackendEBPF:
		return []string{tracer.BackendEBPF}, nil
	case "both":
		return both, nil
	case "":
		if sampled[p.Name] {
			return both, nil
		}
		return []string{tracer.BackendEBPF}, nil
	default:
		return nil, fmt.Errorf("%s=%q: want ptrace, ebpf or both", envBackend, b)
	}
}

// sample returns the first project, by name, of each ecosystem that is
// the first one a project lists: every ecosystem's traced layer is
// compared between the backends.
func sample(projects []*project) map[string]bool {
	out := map[string]bool{}
	seen := map[string]bool{}
	for _, p := range projects {
		if len(p.Ecosystems) > 0 && !seen[p.Ecosystems[0]] {
			seen[p.Ecosystems[0]] = true
			out[p.Name] = true
		}
	}
	return out
}

// runTimeout bounds one project's test command, traced or not: each is
// chosen to take well under a minute on a 2-core machine.
const runTimeout = 5 * time.Minute

// project is a corpus project's project.json: where its snapshot comes
// from and how it is installed and tested.
type project struct {
	Name         string   `json:"name"`
	Repository   string   `json:"repository"`
	Commit       string   `json:"commit"`
	Licence      string   `json:"licence"`
	LicenceFiles []string `json:"licenceFiles"`
	Ecosystems   []string `json:"ecosystems"`
	Why          string   `json:"why"`
	Snapshot     struct {
		Paths   []string `json:"paths"`
		LeftOut []string `json:"leftOut"`
	} `json:"snapshot"`
	Install     []string `json:"install"`
	Stamp       []string `json:"stamp"`
	Test        testRun  `json:"test"`
	Adaptations []string `json:"adaptations"`

	dir string // the project's directory, ../testdata/corpus/<name>
}

// testRun is the command the checker traces, run in the snapshot's root
// with Env set over the checker's own environment.
type testRun struct {
	Command []string          `json:"command"`
	Env     map[string]string `json:"env"`
}

// judgment is a project's expected.json: the findings judged correct by
// reading its code and manifests.
type judgment struct {
	Findings []expectedFinding `json:"findings"`
	// Notes record judgments that are not findings: why a package needs
	// none, and the findings that would be wrong (never gating) but whose
	// exact reason is left to the analysis.
	Notes []string `json:"notes"`
}

// expectedFinding is one judged finding. Rationale cites the file:line
// that justifies it.
type expectedFinding struct {
	Ecosystem string `json:"ecosystem"`
	Kind      string `json:"kind"`
	Reason    string `json:"reason"`
	Package   string `json:"package"`
	Gating    bool   `json:"gating"`
	Rationale string `json:"rationale"`
}

func (f expectedFinding) key() findingKey {
	return findingKey{f.Ecosystem, f.Kind + ":" + f.Reason, f.Package}
}

// findingKey identifies a finding for the comparison: ecosystem, kind:reason
// and package.
type findingKey struct {
	ecosystem, kindReason, pkg string
}

// gotFinding is a finding envaudit produced, with the gate's verdict.
type gotFinding struct {
	key    findingKey
	gating bool
}

// result is what the checker found for one project.
type result struct {
	name       string
	ecosystems []string
	exitCode   int
	untraced   time.Duration // 0 when not measured
	untracedRC int
	traced     time.Duration
	audit      time.Duration
	backends   []string // the backends traced with, the judged one first
	warnings   []string // installations that could not be enumerated, failed runs

	expected []expectedFinding
	got      []gotFinding

	falseGating []gotFinding      // gating, not judged gating
	missed      []expectedFinding // judged, not produced (as judged)
}

// TestCorpus runs envaudit on every corpus project's test command and
// compares its findings with the judged ones: no gating finding may be
// missing from expected.json as gating (precision), and every judged
// finding must be produced with its kind, reason and gate verdict
// (recall). It prints a table per project and the corpus's precision and
// recall of gating findings.
func TestCorpus(t *testing.T) {
	testenv.RealInstall(t)
	gate, unknown := parseGate(gateList)
	projects := loadProjects(t)
	if len(projects) == 0 {
		t.Fatal("no testdata/corpus/*/project.json")
	}
	var results []*result
	sampled := sample(projects)
	for _, p := range projects {
		t.Run(p.Name, func(t *testing.T) {
			r := checkProject(t, p, gate, sampled)
			results = append(results, r)
			for _, f := range r.falseGating {
				t.Errorf("false gating finding: %s %s %s", f.key.ecosystem, f.key.kindReason, f.key.pkg)
			}
			for _, f := range r.missed {
				t.Errorf("judged finding not produced: %s %s:%s %s (gating %v)", f.Ecosystem, f.Kind, f.Reason, f.Package, f.Gating)
			}
			for _, w := range r.warnings {
				t.Error(w)
			}
		})
	}
	var text bytes.Buffer
	writeReport(&text, results, unknown)
	fmt.Print(text.String())
	if path := os.Getenv(envReport); path != "" {
		var md bytes.Buffer
		writeMarkdown(&md, results, unknown)
		if err := os.WriteFile(path, md.Bytes(), 0o644); err != nil {
			t.Errorf("write %s: %v", envReport, err)
		}
	}
	if len(unknown) > 0 {
		t.Errorf("the gate %q names selectors the policy does not know yet: %s", gateList, strings.Join(unknown, ", "))
	}
}

// parseGate parses the gate list item by item, so that a selector the
// policy does not know yet (a reason the analysis has still to produce)
// is reported rather than making the whole gate unparseable: such a
// selector can match no finding today anyway.
func parseGate(list string) (g policy.Gate, unknown []string) {
	g.Existing = true // the CLI's gate: every finding may fail it
	for _, item := range strings.Split(list, ",") {
		sel, err := policy.ParseSelectors(item)
		if err != nil {
			unknown = append(unknown, strings.TrimSpace(item))
			continue
		}
		g.FailOn = append(g.FailOn, sel...)
	}
	return g, unknown
}

// projectsDir holds the corpus's projects, under the repository's
// testdata, where Go's tooling lists, vets and builds nothing of theirs.
var projectsDir = filepath.Join("..", "testdata", "corpus")

// loadProjects reads every testdata/corpus/*/project.json, in name order.
func loadProjects(t *testing.T) []*project {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(projectsDir, "*", "project.json"))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(paths)
	var out []*project
	for _, path := range paths {
		var p project
		if err := readJSON(path, &p); err != nil {
			t.Fatal(err)
		}
		p.dir = filepath.Dir(path)
		if p.Name != filepath.Base(p.dir) {
			t.Fatalf("%s: name %q is not its directory's", path, p.Name)
		}
		out = append(out, &p)
	}
	return out
}

// readJSON decodes the JSON file path into v, refusing unknown fields so
// that a misspelt key in hand-written project data is an error.
func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// checkProject audits one project's traced test command and compares the
// findings with its judgment.
func checkProject(t *testing.T, p *project, gate policy.Gate, sampled map[string]bool) *result {
	t.Helper()
	var want judgment
	if err := readJSON(filepath.Join(p.dir, "expected.json"), &want); err != nil {
		t.Fatal(err)
	}
	src, err := filepath.Abs(filepath.Join(p.dir, "src"))
	if err != nil {
		t.Fatal(err)
	}
	requireInstall(t, p, src)
	res := &result{name: p.Name, expected: want.Findings}
	env := p.env()

	ctx := context.Background()
	if os.Getenv(envUntraced) == "1" {
		res.untraced, res.untracedRC = runUntraced(ctx, t, src, p.Test.Command, env)
	}

	backends, err := corpusBackends(p, sampled)
	if err != nil {
		t.Fatal(err)
	}
	res.backends = backends
	prj, err := engine.Open(engine.Options{Dir: src, Ecosystems: all.Ecosystems(), Version: "corpus"})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	res.ecosystems = prj.Ecosystems()
	var out bytes.Buffer
	start := time.Now()
	tr, err := prj.Trace(ctx, engine.RunOptions{Command: p.Test.Command, Environ: system.OutsideCI(os.Environ()), Env: env, Stdout: &out, Stderr: &out, Timeout: runTimeout, Backend: backends[0]})
	res.traced = time.Since(start)
	if err != nil {
		t.Fatalf("trace %q: %v", p.Test.Command, err)
	}
	defer tr.Close()
	start = time.Now()
	rep, instErr := tr.Audit(ctx)
	res.audit = time.Since(start)
	if instErr != nil {
		res.warnings = append(res.warnings, fmt.Sprintf("installation not enumerated: %v", instErr))
	}
	if rep.Run != nil {
		res.exitCode = rep.Run.ExitCode
		if !rep.Run.Succeeded {
			res.warnings = append(res.warnings, fmt.Sprintf("traced test command failed (exit %d); its output ends:\n%s", rep.Run.ExitCode, tail(out.String(), 40)))
		}
	}
	if res.untraced > 0 && res.untracedRC != res.exitCode {
		res.warnings = append(res.warnings, fmt.Sprintf("exit status %d traced, %d untraced", res.exitCode, res.untracedRC))
	}
	for _, e := range rep.Ecosystems {
		for _, f := range e.Findings {
			res.got = append(res.got, gotFinding{
				key:    findingKey{e.Name, string(f.Kind) + ":" + f.Reason, f.Package},
				gating: gate.Fails(f),
			})
		}
	}
	res.compare()
	for _, b := range backends[1:] {
		// The project is opened again, as for a run of its own.
		other, err := engine.Open(engine.Options{Dir: src, Ecosystems: all.Ecosystems(), Version: "corpus"})
		if err != nil {
			t.Fatalf("open: %v", err)
		}
		var out bytes.Buffer
		tr, err := other.Trace(ctx, engine.RunOptions{Command: p.Test.Command, Environ: system.OutsideCI(os.Environ()), Env: env, Stdout: &out, Stderr: &out, Timeout: runTimeout, Backend: b})
		if err != nil {
			t.Fatalf("trace %q with backend %s: %v", p.Test.Command, b, err)
		}
		orep, err := tr.Audit(ctx)
		tr.Close()
		if err != nil {
			res.warnings = append(res.warnings, fmt.Sprintf("installation not enumerated after the %s run: %v", b, err))
			continue
		}
		if orep.Run != nil && !orep.Run.Succeeded {
			res.warnings = append(res.warnings, fmt.Sprintf("traced test command failed under %s (exit %d); its output ends:\n%s", b, orep.Run.ExitCode, tail(out.String(), 40)))
		}
		if diff := cmp.Diff(tracedPackages(rep), tracedPackages(orep)); diff != "" {
			res.warnings = append(res.warnings, fmt.Sprintf("D3 of %s (-) and %s (+) differ:\n%s", backends[0], b, diff))
		}
	}
	return res
}

// tracedPackages is a report's D3: per ecosystem, its traced packages as
// "name@version use", with " dev" when only dev tooling used them.
func tracedPackages(r *audit.Report) map[string][]string {
	out := map[string][]string{}
	for _, e := range r.Ecosystems {
		for _, tp := range e.Traced {
			s := tp.Name + "@" + tp.Version + " " + tp.Use
			if tp.Dev {
				s += " dev"
			}
			out[e.Name] = append(out[e.Name], s)
		}
		slices.Sort(out[e.Name])
	}
	return out
}

// compare fills in the false gating findings and the judged findings
// that were not produced as judged.
func (r *result) compare() {
	judgedGating := map[findingKey]bool{}
	for _, f := range r.expected {
		if f.Gating {
			judgedGating[f.key()] = true
		}
	}
	got := map[findingKey]bool{} // key → gating
	for _, f := range r.got {
		got[f.key] = got[f.key] || f.gating
		if f.gating && !judgedGating[f.key] {
			r.falseGating = append(r.falseGating, f)
		}
	}
	for _, f := range r.expected {
		gating, ok := got[f.key()]
		if !ok || gating != f.Gating {
			r.missed = append(r.missed, f)
		}
	}
}

// requireInstall fails the test, naming `make setup`, when the project's
// install is missing or was made from other manifests than today's.
func requireInstall(t *testing.T, p *project, src string) {
	t.Helper()
	want, err := stamp(p)
	if err != nil {
		t.Fatal(testenv.Message(fmt.Sprintf("corpus project %q's files (%v)", p.Name, err)))
	}
	got, err := os.ReadFile(filepath.Join(src, ".envaudit-corpus-stamp"))
	if err != nil || strings.TrimSpace(string(got)) != want {
		t.Fatal(testenv.Message(fmt.Sprintf("an install of corpus project %q from its current manifests (scripts/setup.d/corpus.sh)", p.Name)))
	}
}

// stamp computes what corpus_stamp in scripts/setup.d/corpus.sh records: the SHA-256
// of the sha256sum listing of project.json and of the project's stamp
// files, in that order.
func stamp(p *project) (string, error) {
	var listing bytes.Buffer
	add := func(dir, name string) error {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			return err
		}
		fmt.Fprintf(&listing, "%x  %s\n", sha256.Sum256(data), name)
		return nil
	}
	if err := add(p.dir, "project.json"); err != nil {
		return "", err
	}
	for _, f := range p.Stamp {
		if err := add(filepath.Join(p.dir, "src"), f); err != nil {
			return "", err
		}
	}
	sum := sha256.Sum256(listing.Bytes())
	return hex.EncodeToString(sum[:]), nil
}

// env is the project's test environment as KEY=VALUE entries, sorted.
func (p *project) env() []string {
	var out []string
	for k, v := range p.Test.Env {
		out = append(out, k+"="+v)
	}
	slices.Sort(out)
	return out
}

// runUntraced runs the test command without envaudit and returns how long
// it took and its exit status.
func runUntraced(ctx context.Context, t *testing.T, dir string, command, env []string) (time.Duration, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, command[0], command[1:]...)
	cmd.Dir = dir
	cmd.Env = engine.Setenv(os.Environ(), env)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return d, ee.ExitCode()
		}
		t.Fatalf("run %q untraced: %v", command, err)
	}
	return d, 0
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// summary is the corpus's precision and recall.
type summary struct {
	gotGating, correctGating  int // gating findings produced; of them judged gating
	judgedGating, foundGating int // judged gating; of them produced gating
	judged, found             int // every judged finding; of them produced as judged
	projects, failing         int
}

func summarize(results []*result) summary {
	var s summary
	for _, r := range results {
		s.projects++
		if len(r.falseGating) > 0 || len(r.missed) > 0 || len(r.warnings) > 0 {
			s.failing++
		}
		missed := map[findingKey]bool{}
		for _, f := range r.missed {
			missed[f.key()] = true
		}
		seen := map[findingKey]bool{}
		for _, f := range r.got {
			if f.gating && !seen[f.key] {
				seen[f.key] = true
				s.gotGating++
			}
		}
		s.correctGating += len(seen) - len(r.falseGating)
		for _, f := range r.expected {
			s.judged++
			if !missed[f.key()] {
				s.found++
			}
			if f.Gating {
				s.judgedGating++
				if !missed[f.key()] {
					s.foundGating++
				}
			}
		}
	}
	return s
}

// ratio prints n/d as a percentage with its counts, "n/a" when d is 0.
func ratio(n, d int) string {
	if d == 0 {
		return "n/a (0/0)"
	}
	return fmt.Sprintf("%.0f%% (%d/%d)", 100*float64(n)/float64(d), n, d)
}

// row is one line of a project's table: a package with what was judged
// and what envaudit said about it.
type row struct {
	ecosystem, pkg, want, got string
	bad                       bool
}

// rows lists, for a project, every judged finding beside what envaudit
// produced for the same package, then every gating finding not judged,
// then the other phantom, hidden and manifest findings not judged (except hidden
// transitive ones, which are only counted, as bloat and dev findings are).
func (r *result) rows() (rows []row, counted map[string]int) {
	byPkg := map[[2]string][]gotFinding{}
	for _, f := range r.got {
		k := [2]string{f.key.ecosystem, f.key.pkg}
		byPkg[k] = append(byPkg[k], f)
	}
	missed := map[findingKey]bool{}
	for _, f := range r.missed {
		missed[f.key()] = true
	}
	shown := map[findingKey]bool{}
	for _, f := range r.expected {
		var got []string
		for _, g := range byPkg[[2]string{f.Ecosystem, f.Package}] {
			got = append(got, label(g.key.kindReason, g.gating))
			shown[g.key] = true
		}
		rows = append(rows, row{f.Ecosystem, f.Package, label(f.Kind+":"+f.Reason, f.Gating), strings.Join(got, ", "), missed[f.key()]})
	}
	counted = map[string]int{}
	for _, f := range r.got {
		if shown[f.key] {
			continue
		}
		shown[f.key] = true
		kind, _, _ := strings.Cut(f.key.kindReason, ":")
		switch {
		case f.gating:
			rows = append(rows, row{f.key.ecosystem, f.key.pkg, "-", label(f.key.kindReason, true), true})
		case kind == string(audit.Phantom) || kind == string(audit.Manifest) || kind == string(audit.Hidden) && f.key.kindReason != "hidden:"+audit.ReasonTransitive:
			rows = append(rows, row{f.key.ecosystem, f.key.pkg, "-", label(f.key.kindReason, false), false})
		default:
			counted[f.key.kindReason]++
		}
	}
	return rows, counted
}

// label is kind:reason, marked when gating.
func label(kindReason string, gating bool) string {
	if gating {
		return kindReason + " GATING"
	}
	return kindReason
}

func (r *result) heading() string {
	h := fmt.Sprintf("%s (%s): exit %d, traced %s, audit %s", r.name, strings.Join(r.ecosystems, ", "), r.exitCode, seconds(r.traced), seconds(r.audit))
	if len(r.backends) > 1 {
		h += ", D3 compared under " + strings.Join(r.backends, " and ")
	}
	if r.untraced > 0 {
		h += ", untraced " + seconds(r.untraced)
	}
	return h
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

func countLine(counted map[string]int) string {
	var keys []string
	for k := range counted {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, counted[k]))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// writeReport writes the plain-text tables go test -v shows.
func writeReport(w io.Writer, results []*result, unknown []string) {
	for _, r := range results {
		fmt.Fprintf(w, "\n== %s\n", r.heading())
		rows, counted := r.rows()
		fmt.Fprintf(w, "   %-2s %-8s %-44s %-32s %s\n", "", "eco", "package", "expected", "got")
		for _, x := range rows {
			mark := ""
			if x.bad {
				mark = "!!"
			}
			fmt.Fprintf(w, "   %-2s %-8s %-44s %-32s %s\n", mark, x.ecosystem, x.pkg, x.want, x.got)
		}
		fmt.Fprintf(w, "   not compared (counted): %s\n", countLine(counted))
		for _, warn := range r.warnings {
			fmt.Fprintf(w, "   warning: %s\n", warn)
		}
	}
	s := summarize(results)
	fmt.Fprintf(w, "\n== corpus: %d projects, %d failing; gate %s\n", s.projects, s.failing, gateList)
	if len(unknown) > 0 {
		fmt.Fprintf(w, "   selectors the policy does not know yet: %s\n", strings.Join(unknown, ", "))
	}
	fmt.Fprintf(w, "   gating precision %s, gating recall %s, recall of all judged findings %s\n",
		ratio(s.correctGating, s.gotGating), ratio(s.foundGating, s.judgedGating), ratio(s.found, s.judged))
}

// writeMarkdown writes the same tables as Markdown.
func writeMarkdown(w io.Writer, results []*result, unknown []string) {
	s := summarize(results)
	fmt.Fprintf(w, "Gate: `%s`", gateList)
	if len(unknown) > 0 {
		fmt.Fprintf(w, " (not known to the policy yet: `%s`)", strings.Join(unknown, "`, `"))
	}
	fmt.Fprintf(w, ".\n\n| | |\n|---|---|\n| projects | %d (%d failing) |\n| gating precision | %s |\n| gating recall | %s |\n| recall of all judged findings | %s |\n",
		s.projects, s.failing, ratio(s.correctGating, s.gotGating), ratio(s.foundGating, s.judgedGating), ratio(s.found, s.judged))
	for _, r := range results {
		fmt.Fprintf(w, "\n### %s\n\n", r.heading())
		rows, counted := r.rows()
		fmt.Fprintf(w, "| | ecosystem | package | expected | got |\n|---|---|---|---|---|\n")
		for _, x := range rows {
			mark := ""
			if x.bad {
				mark = "✗"
			}
			fmt.Fprintf(w, "| %s | %s | `%s` | %s | %s |\n", mark, x.ecosystem, x.pkg, x.want, x.got)
		}
		fmt.Fprintf(w, "\nNot compared (counted): %s.\n", countLine(counted))
		for _, warn := range r.warnings {
			fmt.Fprintf(w, "\nWarning: %s\n", strings.SplitN(warn, "\n", 2)[0])
		}
	}
}
