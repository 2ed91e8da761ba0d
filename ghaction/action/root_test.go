package action

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/npm"
	"github.com/envaudit/envaudit/ghaction/bundle"
	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/internal/testenv"
)

// rootProject is an npm project at the repository's root, as the README's
// quick start audits it (working-directory: .): it declares debug and
// requires ms, which only debug brings, on line 3 of index.js.
var rootProject = map[string]string{
	"package.json":                    `{"name": "webapp", "version": "1.0.0", "dependencies": {"debug": "4.3.4"}}` + "\n",
	"index.js":                        "'use strict';\nconst debug = require('debug')('webapp');\nconst ms = require('ms');\ndebug('waiting %s', ms(1500));\n",
	"node_modules/debug/package.json": `{"name": "debug", "version": "4.3.4", "main": "index.js", "dependencies": {"ms": "2.1.2"}}` + "\n",
	"node_modules/debug/index.js":     "'use strict';\nrequire('ms');\nmodule.exports = () => () => {};\n",
	"node_modules/ms/package.json":    `{"name": "ms", "version": "2.1.2", "main": "index.js"}` + "\n",
	"node_modules/ms/index.js":        "'use strict';\nmodule.exports = (n) => n + 'ms';\n",
}

// TestAuditAtRepositoryRoot reproduces issue 18's first defect as a user
// met it: mode audit on an npm project at the repository's root, run from
// there, named every import "./index.js", which the bundle's validator
// refuses, so no bundle was written, the bundle output stayed empty and
// the publish workflow published nothing. Mode audit now writes a bundle
// that validates, with every location clean; mode publish, from that
// bundle, places the failing finding's check-run annotation and review
// comment on index.js:3.
func TestAuditAtRepositoryRoot(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal(testenv.Message("node"))
	}
	p := newPRWorkspace(t, "node index.js", ".", rootProject)
	ws, temp := p.ws, p.temp
	environ := append(p.environ, "INPUT_MODE=audit", "HOME="+t.TempDir())
	var stdout, stderr bytes.Buffer
	a := &Action{Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Ecosystems: []ecosystems.Ecosystem{npm.New()}, Version: "test"}
	t.Chdir(ws) // the runner's working directory: the repository's root, the project's
	if code := a.Run(t.Context()); code != ExitFindings {
		t.Fatalf("mode audit exited %d, want %d\nstdout:\n%s\nstderr:\n%s", code, ExitFindings, stdout.String(), stderr.String())
	}
	if strings.Contains(stdout.String(), "no publish bundle written") {
		t.Fatalf("mode audit wrote no bundle:\n%s", stdout.String())
	}
	outputs := readOutputs(t, filepath.Join(temp, "set_output"))
	dir := outputs["bundle"]
	if dir == "" {
		t.Fatalf("the bundle output is empty: %v", outputs)
	}
	b, err := bundle.Read(dir) // validated as mode publish validates it
	if err != nil {
		t.Fatalf("the bundle does not validate: %v", err)
	}
	var at []string
	for _, e := range b.Report.Ecosystems {
		for _, d := range e.Declared {
			at = append(at, "declared "+d.Name+" "+d.Pos.String())
		}
		for _, f := range e.Findings {
			if f.Location != nil {
				at = append(at, string(f.Kind)+" "+f.Package+" "+f.Location.String())
			}
			if f.Evidence != nil {
				for _, im := range f.Evidence.Imports {
					at = append(at, "imported "+im.Module+" "+im.Pos.String())
				}
			}
		}
	}
	want := []string{"declared debug package.json:1", "hidden ms index.js:3", "imported ms index.js:3"}
	if diff := cmp.Diff(want, at); diff != "" {
		t.Errorf("the bundle's locations (-want +got):\n%s", diff)
	}
	for _, c := range runnerCommands(stdout.String()) {
		if strings.Contains(c, "file=./") || strings.Contains(c, "file="+ws) {
			t.Errorf("annotation on an unclean file: %q", c)
		}
	}

	pub := newPublisher(t, false, "", "INPUT_BUNDLE="+dir)
	pub.srv.SetFiles(ghfake.File{Filename: "index.js", Status: "modified", Patch: "@@ -1,2 +1,4 @@\n 'use strict';\n const debug = require('debug')('webapp');\n+const ms = require('ms');\n+debug('waiting %s', ms(1500));"})
	code, pout, perr := pub.run(t)
	if code != ExitOK {
		t.Fatalf("mode publish exited %d\nstdout:\n%s\nstderr:\n%s", code, pout, perr)
	}
	runs := pub.srv.CheckRuns()
	if len(runs) != 1 {
		t.Fatalf("%d check runs, want 1", len(runs))
	}
	var anns []string
	for _, a := range runs[0].Annotations {
		anns = append(anns, a.Path+":"+strconv.Itoa(a.StartLine)+" "+a.Title)
	}
	if diff := cmp.Diff([]string{"index.js:3 envaudit: npm hidden dependency ms (direct)"}, anns); diff != "" {
		t.Errorf("check run annotations (-want +got):\n%s", diff)
	}
	if rc := pub.srv.ReviewComments(); len(rc) != 1 || rc[0].Path != "index.js" || rc[0].Line != 3 {
		t.Errorf("review comments %+v, want one on index.js:3", rc)
	}
	report := readReport(t, readOutputs(t, filepath.Join(pub.temp, "set_output"))["report"])
	if n := countFindings(report, audit.Hidden); n != 1 {
		t.Errorf("%d hidden findings published, want 1", n)
	}
}

func countFindings(r *audit.Report, k audit.Kind) int {
	n := 0
	for _, e := range r.Ecosystems {
		for _, f := range e.Findings {
			if f.Kind == k {
				n++
			}
		}
	}
	return n
}
