package python

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
	"github.com/envaudit/envaudit/internal/toolexec"
)

// The links (ecosystems.Link) say why the environment itself loaded a
// distribution that no recorded requirement explains. They are read from
// the installation's own files, and only for what the traced run loaded
// (a distribution is loaded when the run read a file the index gives it
// as runtime use):
//
//   - imports: each loaded distribution's own source files that the run
//     loaded (a .py file, or the source of a byte-code file it loaded) are
//     parsed with the run's interpreter, as the project's are (the import
//     script, in its files mode); an import of a module another loaded
//     distribution provides is a LinkImport from the one to the other, or
//     a LinkOptional when it is guarded (requests' `import simplejson as
//     json` under `try/except ImportError`, urllib3's brotli). Imports
//     only to type-check or for another platform load nothing here.
//   - entry points: a loaded distribution's entry_points.txt registers
//     it in groups (pytest11, pygments.lexers; not console_scripts and
//     gui_scripts, which are programs, not discovery). A group's consumer
//     is a loaded distribution whose loaded source names the group as a
//     string constant — pytest's load_setuptools_entrypoints("pytest11"),
//     Pygments' LEXER_ENTRY_POINT = 'pygments.lexers': the code that
//     discovers the group's members holds its name, while the name itself
//     need not name any module (pytest11 does not). The link goes from
//     the consumer to the registered distribution (pytest → anyio, through
//     python3-anyio's pytest11 plugin; pygments → mako).
//   - start-up: the import lines of the .pth files in the site
//     directories, which site executes at every start (exec'd literals
//     included), and the imports of the sitecustomize and usercustomize
//     modules found on sys.path, each a LinkStartup to the distribution
//     providing the module (and one to the distribution owning
//     sitecustomize itself, when one does) — but for the distributions
//     the interpreter imported at start-up when Installed asked it: those
//     are judged already (startupDists), and a hook that imports only in
//     some processes (pytest-cov's .pth, in the processes its tests
//     start) is what remains to explain.
//
// The cost is bounded: only files whose text names a module of another
// loaded distribution not already among its requirements, or one of the
// groups, are parsed, at most linksMaxFiles files and linksMaxBytes bytes
// in all; beyond that the links are read in part, with a warning.
const (
	linksMaxFiles = 20000
	linksMaxBytes = 64 << 20
	linksTimeout  = 2 * time.Minute
)

// notDiscovery are entry-point groups whose members are programs the
// installer writes, not plugins a distribution discovers.
var notDiscovery = map[string]bool{"console_scripts": true, "gui_scripts": true}

// linkRequest is the import script's request in its files mode.
type linkRequest struct {
	Files    []string      `json:"files"`
	Snippets []linkSnippet `json:"snippets"`
	Strings  []string      `json:"strings"`
}

type linkSnippet struct {
	Name   string `json:"name"`
	Source string `json:"source"`
}

// linkAnswer is the script's answer in its files mode.
type linkAnswer struct {
	Files map[string]struct {
		Imports [][3]json.RawMessage `json:"imports"`
		Strings []string             `json:"strings"`
	} `json:"files"`
	Warnings []string `json:"warnings"`
}

// linkFinder gathers what links need of one Installed call.
type linkFinder struct {
	python  string
	environ []string
	dists   map[string]*dist // the distributions of D2 (and the toolchain's) by name
	edges   map[string][]string
	mods    moduleIndex
	path    []string // sys.path
	// loaded are the distributions the run loaded, each with the source
	// files of its that the run loaded, sorted.
	loaded map[string][]string
	// atStartup are the distributions the interpreter imported at
	// start-up when asked (startupDists): Installed has judged them
	// already — no evidence of use, unless declared or required by a
	// loaded distribution, which then explains them — so a start-up link
	// to one would explain a need away.
	atStartup map[string]string
}

// sourceOf returns the source file of a loaded Python file: the file
// itself for a .py, the .py beside a __pycache__ byte-code file; "" for
// anything else.
func sourceOf(f string) string {
	switch {
	case strings.HasSuffix(f, ".py"):
		return f
	case strings.HasSuffix(f, ".pyc"):
		dir, base := filepath.Split(f)
		if filepath.Base(dir) != "__pycache__" {
			return ""
		}
		stem, _, _ := strings.Cut(base, ".")
		return filepath.Join(filepath.Dir(filepath.Dir(dir)), stem+".py")
	}
	return ""
}

// loadedSources returns, for each distribution with a file the run read
// as runtime use (per the index), the source files of its that the run
// loaded.
func loadedSources(x *ecosystems.PathIndex, procs []ecosystems.Process) map[string][]string {
	seen := map[string]bool{}
	out := map[string][]string{}
	for _, pr := range procs {
		for _, f := range pr.Files {
			f = ecosystems.Canon(f)
			pkg, use, ok := x.Lookup(f)
			if !ok || use != ecosystems.UseRuntime {
				continue
			}
			if _, ok := out[pkg]; !ok {
				out[pkg] = nil
			}
			src := sourceOf(f)
			if src == "" || seen[src] {
				continue
			}
			seen[src] = true
			if owner, _, ok := x.Lookup(src); ok && owner == pkg {
				out[pkg] = append(out[pkg], src)
			}
		}
	}
	for _, fs := range out {
		sort.Strings(fs)
	}
	return out
}

// entryGroups reads a distribution's entry_points.txt.
func entryGroups(d *dist) map[string][]string {
	data, err := projfile.ReadFile(d.meta+"/entry_points.txt", projfile.MaxMetadata)
	if err != nil {
		return nil
	}
	return parseEntryPoints(data)
}

// parseEntryPoints reads an entry_points.txt (INI: "[group]" sections of
// "name = module:attr [extras]" lines): the groups a distribution
// registers in, but the programs' (notDiscovery), each with the modules
// its entries load.
func parseEntryPoints(data []byte) map[string][]string {
	out := map[string][]string{}
	group := ""
	for _, l := range textLines(data) {
		switch {
		case strings.HasPrefix(l, "#") || strings.HasPrefix(l, ";"):
		case strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]"):
			group = strings.TrimSpace(l[1 : len(l)-1])
		case group != "" && !notDiscovery[group]:
			_, v, ok := strings.Cut(l, "=")
			if !ok {
				continue
			}
			mod, _, _ := strings.Cut(strings.TrimSpace(v), ":")
			mod, _, _ = strings.Cut(strings.TrimSpace(mod), "[")
			out[group] = append(out[group], strings.TrimSpace(mod))
		}
	}
	return out
}

// importsAny reports whether data may import one of the top-level modules
// want: the prefilter that spares parsing files that import nothing of
// interest. It finds the names an import statement or an import_module or
// __import__ call of a literal can start with: after "from", after
// "import" and each comma of its list (up to a newline, ";", "#" or a
// parenthesis), and inside import_module(" and __import__(". It finds
// more than the imports (the names after "from x import" too, words in
// strings and comments), never fewer. A hand-written scan: it reads every
// loaded file of every loaded distribution, where a regular expression
// cost seconds on a large installation.
func importsAny(data []byte, want map[string]bool) bool {
	next := func(kw string, from int) int {
		if j := bytes.Index(data[from:], []byte(kw)); j >= 0 {
			return from + j
		}
		return -1
	}
	k, f := next("import", 0), next("from", 0)
	listEnd := 0 // where the last import list read ends
	for k >= 0 || f >= 0 {
		var at int
		var kw string
		if f >= 0 && (k < 0 || f < k) {
			at, kw = f, "from"
			f = next("from", at+1)
		} else {
			at, kw = k, "import"
			k = next("import", at+1)
		}
		end := at + len(kw)
		if kw == "import" {
			// import_module("x" and __import__("x"
			for _, call := range []struct{ before, after string }{{"", "_module("}, {"__", "__("}} {
				if at >= len(call.before) && string(data[at-len(call.before):at]) == call.before && bytes.HasPrefix(data[end:], []byte(call.after)) {
					j := skipSpace(data, end+len(call.after))
					if j < len(data) && (data[j] == '\'' || data[j] == '"') && want[string(identAt(data, j+1))] {
						return true
					}
				}
			}
		}
		if at > 0 && isWordByte(data[at-1]) {
			continue
		}
		j := skipSpace(data, end)
		if j == end {
			continue // "imports", "fromage"
		}
		if want[string(identAt(data, j))] {
			return true
		}
		if kw == "from" || at < listEnd {
			continue
		}
		// The list of an import statement: the first name of each part.
		// An "import" inside a list read already starts no list of its
		// own (the scan stays linear).
		stop := j
		for stop < len(data) && !strings.ContainsRune("\n;#()", rune(data[stop])) {
			stop++
		}
		listEnd = stop
		for _, part := range bytes.Split(data[j:stop], []byte(",")) {
			for n := 0; n < len(part); n++ {
				if isIdentStart(part[n]) {
					if want[string(identAt(part, n))] {
						return true
					}
					break
				}
			}
		}
	}
	return false
}

// skipSpace returns the index of the first byte at or after i in data that
// is not ASCII white space (regexp's \s).
func skipSpace(data []byte, i int) int {
	for i < len(data) && strings.IndexByte(" \t\n\f\r\v", data[i]) >= 0 {
		i++
	}
	return i
}

// identAt returns the identifier ([A-Za-z_][A-Za-z0-9_]*) that starts at
// data[i], or nil.
func identAt(data []byte, i int) []byte {
	if i >= len(data) || !isIdentStart(data[i]) {
		return nil
	}
	j := i + 1
	for j < len(data) && isWordByte(data[j]) {
		j++
	}
	return data[i:j]
}

func isIdentStart(b byte) bool {
	return b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

func isWordByte(b byte) bool { return isIdentStart(b) || '0' <= b && b <= '9' }

// find reads the links; see the comment at the top of the file.
func (lf *linkFinder) find(ctx context.Context) ([]ecosystems.Link, []string) {
	// The top-level modules each distribution provides.
	tops := map[string][]string{}
	for m, ds := range lf.mods {
		if strings.Contains(m, ".") {
			continue
		}
		for _, d := range ds {
			tops[d] = append(tops[d], m)
		}
	}
	// The groups loaded distributions register in, with the
	// distributions each group's entries load.
	members := map[string]map[string]bool{}
	for name := range lf.loaded {
		d := lf.dists[name]
		if d == nil {
			continue
		}
		for g, mods := range entryGroups(d) {
			for _, m := range mods {
				to := lf.mods.provider(m)
				if to == "" {
					to = name
				}
				if _, ok := lf.loaded[to]; !ok {
					continue
				}
				if members[g] == nil {
					members[g] = map[string]bool{}
				}
				members[g][to] = true
			}
		}
	}
	groups := make([]string, 0, len(members))
	for g := range members {
		groups = append(groups, g)
	}
	sort.Strings(groups)

	// The files worth parsing: those naming a module of another loaded
	// distribution that is not among the requirements of their own, or
	// a group.
	req := linkRequest{Files: []string{}, Strings: groups}
	owner := map[string]string{}
	sizes := map[string]int{}
	total, files, skipped := 0, 0, 0
	for _, name := range slices.Sorted(maps.Keys(lf.loaded)) {
		want := map[string]bool{}
		for other := range lf.loaded {
			if other != name && !slices.Contains(lf.edges[name], other) {
				for _, t := range tops[other] {
					want[t] = true
				}
			}
		}
		for _, f := range lf.loaded[name] {
			data, err := projfile.ReadFile(f, importsMaxBytes)
			if err != nil {
				continue
			}
			hit := importsAny(data, want)
			for _, g := range groups {
				hit = hit || bytes.Contains(data, []byte(g))
			}
			if !hit {
				continue
			}
			if files >= linksMaxFiles || total+len(data) > linksMaxBytes {
				skipped++
				continue
			}
			files++
			total += len(data)
			sizes[f] = len(data)
			req.Files = append(req.Files, f)
			owner[f] = name
		}
	}
	var warns []string
	if skipped > 0 {
		warns = append(warns, fmt.Sprintf("links between the loaded distributions: %d of their loaded files left unread (more than %d files or %d bytes): a load they explain may be reported undeclared", skipped, linksMaxFiles, linksMaxBytes))
	}
	// Start-up: the import lines of the site directories' .pth files,
	// and sitecustomize and usercustomize.
	startup := map[string]string{} // snippet or file → the Detail of its links
	for _, pth := range lf.pthFiles() {
		data, err := readHead(pth, maxPth)
		if err != nil {
			continue
		}
		for i, l := range textLines(data) {
			if strings.HasPrefix(l, "import ") || strings.HasPrefix(l, "import\t") {
				name := pth + ":" + strconv.Itoa(i+1)
				req.Snippets = append(req.Snippets, linkSnippet{Name: name, Source: l})
				startup[name] = filepath.Base(pth)
			}
		}
	}
	var links []ecosystems.Link
	for _, m := range []string{"sitecustomize", "usercustomize"} {
		f := lf.moduleFile(m)
		if f == "" {
			continue
		}
		req.Files = append(req.Files, f)
		startup[f] = filepath.Base(f)
		if o := lf.mods.provider(m); o != "" && lf.atStartup[o] == "" {
			if _, ok := lf.loaded[o]; ok {
				links = append(links, ecosystems.Link{To: o, Kind: ecosystems.LinkStartup, Detail: filepath.Base(f)})
			}
		}
	}
	if len(req.Files) == 0 && len(req.Snippets) == 0 {
		return links, warns
	}
	ans, err := lf.runSplit(ctx, &req, sizes)
	if err != nil {
		return links, append(warns, fmt.Sprintf("links between the loaded distributions: %v: a load they explain may be reported undeclared", err))
	}
	for _, w := range ans.Warnings {
		warns = append(warns, "links between the loaded distributions: "+w)
	}
	for _, f := range slices.Sorted(maps.Keys(ans.Files)) {
		res := ans.Files[f]
		from, isStartup := owner[f], false
		var detailOf func(line int) string
		if d, ok := startup[f]; ok {
			from, isStartup = "", true
			detailOf = func(int) string { return d }
		} else if d := lf.dists[from]; d != nil {
			rel := f
			if r, ok := strings.CutPrefix(f, d.site+"/"); ok {
				rel = r
			}
			detailOf = func(line int) string { return rel + ":" + strconv.Itoa(line) }
		} else {
			continue
		}
		for _, im := range res.Imports {
			var module, kind string
			var line int
			if json.Unmarshal(im[0], &module) != nil || json.Unmarshal(im[1], &line) != nil || json.Unmarshal(im[2], &kind) != nil {
				continue
			}
			to := lf.mods.provider(module)
			if _, ok := lf.loaded[to]; !ok || to == from || slices.Contains(lf.edges[from], to) {
				continue
			}
			l := ecosystems.Link{From: from, To: to, Detail: detailOf(line)}
			switch {
			case isStartup && lf.atStartup[to] != "":
				continue
			case isStartup && (kind == string(ecosystems.ImportRuntime) || kind == string(ecosystems.ImportOptional)):
				l.Kind = ecosystems.LinkStartup
			case kind == string(ecosystems.ImportRuntime):
				l.Kind = ecosystems.LinkImport
			case kind == string(ecosystems.ImportOptional):
				l.Kind = ecosystems.LinkOptional
			default:
				continue
			}
			links = append(links, l)
		}
		if isStartup {
			continue
		}
		for _, g := range res.Strings {
			for _, to := range slices.Sorted(maps.Keys(members[g])) {
				if to != from {
					links = append(links, ecosystems.Link{From: from, To: to, Kind: ecosystems.LinkEntryPoint, Detail: g})
				}
			}
		}
	}
	return dedupLinks(links), warns
}

// dedupLinks sorts links and keeps the first of each (From, To, Kind).
func dedupLinks(links []ecosystems.Link) []ecosystems.Link {
	sort.SliceStable(links, func(i, j int) bool {
		a, b := links[i], links[j]
		if a.From != b.From {
			return a.From < b.From
		}
		if a.To != b.To {
			return a.To < b.To
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return lessDetail(a.Detail, b.Detail)
	})
	var out []ecosystems.Link
	for _, l := range links {
		if n := len(out); n > 0 && out[n-1].From == l.From && out[n-1].To == l.To && out[n-1].Kind == l.Kind {
			continue
		}
		out = append(out, l)
	}
	return out
}

// lessDetail orders "file:line" details by file, then by line as a number.
func lessDetail(a, b string) bool {
	af, al, _ := strings.Cut(a, ":")
	bf, bl, _ := strings.Cut(b, ":")
	if af != bf {
		return af < bf
	}
	an, aerr := strconv.Atoi(al)
	bn, berr := strconv.Atoi(bl)
	if aerr == nil && berr == nil {
		return an < bn
	}
	return al < bl
}

// pthFiles returns the .pth files of the site directories that hold
// distributions, in sys.path order and by name.
func (lf *linkFinder) pthFiles() []string {
	sites := map[string]bool{}
	for _, d := range lf.dists {
		sites[d.site] = true
	}
	var out []string
	seen := map[string]bool{}
	for _, p := range lf.path {
		dir := ecosystems.Canon(p)
		if p == "" || !sites[dir] || seen[dir] {
			continue
		}
		seen[dir] = true
		fs, _ := filepath.Glob(filepath.Join(dir, "*.pth")) // an unreadable directory holds no .pth site read
		sort.Strings(fs)
		out = append(out, fs...)
	}
	return out
}

// moduleFile returns the file the interpreter imports the top-level
// module name from: the first sys.path directory holding name.py or
// name/__init__.py; "" when none does.
func (lf *linkFinder) moduleFile(name string) string {
	for _, p := range lf.path {
		if p == "" || !filepath.IsAbs(p) {
			continue
		}
		for _, f := range []string{filepath.Join(p, name+".py"), filepath.Join(p, name, "__init__.py")} {
			if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() {
				return ecosystems.Canon(f)
			}
		}
	}
	return ""
}

// splitBytes is how many bytes of files to parse make it worth starting
// a second interpreter to parse half of them; a variable for the tests.
var splitBytes = 256 << 10

// runSplit is run, with the files split in two halves of about the same
// size parsed by two interpreters at once when they are many bytes (a
// loaded pandas has files of 400 kB) and the machine has two cores.
// sizes gives each file's length; the answers are merged, the first
// half's warnings first.
func (lf *linkFinder) runSplit(ctx context.Context, req *linkRequest, sizes map[string]int) (*linkAnswer, error) {
	total := 0
	for _, f := range req.Files {
		total += sizes[f]
	}
	if total < splitBytes || runtime.GOMAXPROCS(0) < 2 || len(req.Files) < 2 {
		return lf.run(ctx, req)
	}
	halves := splitBySize(req.Files, sizes)
	parts := [2]*linkRequest{
		{Files: halves[0], Snippets: req.Snippets, Strings: req.Strings},
		{Files: halves[1], Snippets: []linkSnippet{}, Strings: req.Strings},
	}
	var answers [2]*linkAnswer
	var errs [2]error
	var wg sync.WaitGroup
	for i := range parts {
		wg.Go(func() { answers[i], errs[i] = lf.run(ctx, parts[i]) })
	}
	wg.Wait()
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	ans := answers[0]
	if ans.Files == nil {
		ans.Files = answers[1].Files
	} else {
		maps.Copy(ans.Files, answers[1].Files)
	}
	ans.Warnings = append(ans.Warnings, answers[1].Warnings...)
	return ans, nil
}

// splitBySize deals files into two lists of about the same total size,
// the largest first to the lighter list, each list in the order of files.
func splitBySize(files []string, sizes map[string]int) [2][]string {
	bySize := slices.Clone(files)
	slices.SortStableFunc(bySize, func(a, b string) int { return sizes[b] - sizes[a] })
	in := map[string]int{}
	var load [2]int
	for _, f := range bySize {
		i := 0
		if load[1] < load[0] {
			i = 1
		}
		in[f] = i
		load[i] += sizes[f]
	}
	halves := [2][]string{{}, {}}
	for _, f := range files {
		halves[in[f]] = append(halves[in[f]], f)
	}
	return halves
}

// run asks the interpreter to parse the files and snippets of req.
func (lf *linkFinder) run(ctx context.Context, req *linkRequest) (*linkAnswer, error) {
	data, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	f, err := os.CreateTemp("", "envaudit-python-links-*.json")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	out, err := toolexec.Run(ctx, toolexec.Cmd{
		Path:      lf.python,
		Args:      []string{"-I", "-S", "-c", importsScript, "files", f.Name(), strconv.Itoa(importsMaxBytes)},
		Env:       lf.environ,
		Timeout:   linksTimeout,
		MaxStdout: 64 << 20,
	})
	if err != nil {
		return nil, fmt.Errorf("parse with %q: %s", lf.python, toolReason(err))
	}
	var ans linkAnswer
	if err := json.Unmarshal(out, &ans); err != nil {
		return nil, fmt.Errorf("parse with %q: unreadable answer: %w", lf.python, err)
	}
	return &ans, nil
}
