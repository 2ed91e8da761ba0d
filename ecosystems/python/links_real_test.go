package python

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
)

// linkPackages are the Debian packages that make a system Python load
// what no fixture declares: python3-anyio registers a pytest11 plugin
// (every pytest run loads anyio, and sniffio with it), requests imports
// simplejson and urllib3 imports brotli where they are installed, and
// Pygments discovers Mako's lexers (scripts/setup.d/python.apt).
var linkPackages = []string{"python3-pytest", "python3-requests", "python3-anyio", "python3-simplejson", "python3-brotli", "python3-pygments", "python3-mako"}

// tracedProcesses is what the engine gives Env.Processes: each traced
// process with the files it read or executed, as opened and resolved.
func tracedProcesses(tr *tracer.Trace) []ecosystems.Process {
	files := map[int]map[string]bool{}
	for _, a := range tr.Accesses {
		if a.Op == tracer.OpWrite {
			continue
		}
		if files[a.Proc] == nil {
			files[a.Proc] = map[string]bool{}
		}
		files[a.Proc][a.RealPath()] = true
		if a.Path != "" {
			files[a.Proc][a.Path] = true
		}
	}
	var out []ecosystems.Process
	for _, p := range tr.Processes {
		out = append(out, ecosystems.Process{Exe: p.Exe, Files: keys(files[p.ID])})
	}
	return out
}

// TestRealLinks traces pytest under Debian's interpreter on a test that
// imports requests, with the packages of linkPackages installed, and
// expects the links that explain what neither the project nor a recorded
// requirement loaded: pytest's pytest11 plugin anyio, requests'
// simplejson, urllib3's brotli, each read from their own files.
func TestRealLinks(t *testing.T) {
	ecotest.Require(t, ecotest.Prereqs{Debs: linkPackages, Files: []string{debianPython}})
	root := t.TempDir()
	ecotest.WriteFile(t, filepath.Join(root, "requirements.txt"), []byte("requests\n"), 0o644)
	ecotest.WriteFile(t, filepath.Join(root, "tests", "test_get.py"), []byte("import requests\n\n\ndef test_session():\n    assert requests.Session()\n"), 0o644)
	environ := []string{"PATH=/usr/bin:/bin", "HOME=" + root, "LANG=C.UTF-8", "PYTHONNOUSERSITE=1", "PYTHONDONTWRITEBYTECODE=1"}
	tr, _ := ecotest.Trace(t, root, environ, []string{debianPython, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"})
	// What reading the links costs: D2 with the run's processes, and
	// without (no links), side by side.
	start := time.Now()
	if _, err := installedAt(New(), root, ecosystems.Env{Environ: environ, Executables: executed(tr)}); err != nil {
		t.Fatal(err)
	}
	bare := time.Since(start)
	start = time.Now()
	inv, err := installedAt(New(), root, ecosystems.Env{Environ: environ, Executables: executed(tr), Processes: tracedProcesses(tr)})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Installed in %v with the links (%d), %v without", time.Since(start).Round(time.Millisecond), len(inv.Links), bare.Round(time.Millisecond))
	var got []string
	for _, l := range inv.Links {
		got = append(got, string(l.Kind)+" "+l.From+" → "+l.To)
	}
	for _, want := range []string{
		"entry-point pytest → anyio",
		"optional-import requests → simplejson",
		"optional-import urllib3 → brotli",
	} {
		if !contains(got, want) {
			t.Errorf("no link %q among %q", want, got)
		}
	}
	for _, l := range inv.Links {
		switch {
		case l.Kind == ecosystems.LinkEntryPoint && l.Detail != "pytest11" && l.From == "pytest":
			t.Errorf("pytest discovers %q, want pytest11", l.Detail)
		case l.Kind == ecosystems.LinkOptional && l.From == "requests" && l.To == "simplejson" && !strings.HasPrefix(l.Detail, "requests/compat.py:"):
			t.Errorf("requests imports simplejson at %q, want requests/compat.py", l.Detail)
		}
	}
	if len(inv.Warnings) != 0 {
		t.Errorf("warnings: %q", inv.Warnings)
	}
	// Every distribution the run loaded is reached from what needs no
	// explanation (the declaration, the test runners, the start-up)
	// through the recorded requirements and the links.
	adj := map[string][]string{}
	for _, p := range inv.Packages {
		adj[p.Name] = append(adj[p.Name], p.Deps...)
	}
	for _, l := range inv.Links {
		adj[l.From] = append(adj[l.From], l.To)
	}
	reached := map[string]bool{}
	for queue := append([]string{"", "requests"}, New().DevTools()...); len(queue) > 0; queue = queue[1:] {
		if n := queue[0]; !reached[n] {
			reached[n] = true
			queue = append(queue, adj[n]...)
		}
	}
	var stray []string
	for _, n := range tracedDists(inv, tr) {
		if !reached[n] {
			stray = append(stray, n)
		}
	}
	sort.Strings(stray)
	if diff := cmp.Diff([]string(nil), stray); diff != "" {
		t.Errorf("loaded distributions nothing explains (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(filepath.Join(root, "tests", "__pycache__")); err == nil {
		t.Errorf("the run wrote byte code despite PYTHONDONTWRITEBYTECODE")
	}
}

// TestRealLinksPygments: Pygments, listing its lexers, discovers the
// pygments.lexers entry points, and so loads Mako's lexers, which nothing
// the run imported requires.
func TestRealLinksPygments(t *testing.T) {
	ecotest.Require(t, ecotest.Prereqs{Debs: []string{"python3-pygments", "python3-mako"}, Files: []string{debianPython}})
	root := t.TempDir()
	ecotest.WriteFile(t, filepath.Join(root, "requirements.txt"), []byte("pygments\n"), 0o644)
	environ := []string{"PATH=/usr/bin:/bin", "HOME=" + root, "LANG=C.UTF-8", "PYTHONNOUSERSITE=1", "PYTHONDONTWRITEBYTECODE=1"}
	tr, _ := ecotest.Trace(t, root, environ, []string{debianPython, "-c", "import pygments.lexers; print(len(list(pygments.lexers.get_all_lexers())))"})
	inv, err := installedAt(New(), root, ecosystems.Env{Environ: environ, Executables: executed(tr), Processes: tracedProcesses(tr)})
	if err != nil {
		t.Fatal(err)
	}
	want := ecosystems.Link{From: "pygments", To: "mako", Kind: ecosystems.LinkEntryPoint, Detail: "pygments.lexers"}
	found := false
	for _, l := range inv.Links {
		found = found || l == want
	}
	if !found {
		t.Errorf("no link %+v among %+v", want, inv.Links)
	}
	if !contains(tracedDists(inv, tr), "mako") {
		t.Errorf("mako was not loaded: %v", tracedDists(inv, tr))
	}
}
