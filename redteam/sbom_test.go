package redteam

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAttackSBOMRewrittenDuringRun reproduces issue 10's SBOM that shows
// the installation as the test left it: the test loads lodash 4.17.4 and
// rewrites its package.json to 4.17.21. The SBOM must describe what was
// installed before the run: lodash 4.17.4, never 4.17.21.
func TestAttackSBOMRewrittenDuringRun(t *testing.T) {
	j := newJob(t, "sbom-tamper")
	j.inputs["run"] = "node test.js"
	j.inputs["working-directory"] = "app"
	j.inputs["sbom"] = "envaudit.cdx.json"
	res := j.run(0)
	p := res.outputs["sbom"]
	if p == "" {
		p = "envaudit.cdx.json"
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(j.ws, p)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("no SBOM: %v", err)
	}
	sbom := string(data)
	before, after := strings.Contains(sbom, "pkg:npm/lodash@4.17.4"), strings.Contains(sbom, "pkg:npm/lodash@4.17.21")
	tampered := "no finding says so"
	for _, e := range j.report(res).Ecosystems {
		for _, f := range e.Findings {
			if f.Package == "lodash" && f.Kind == "hidden" && f.Reason == "tampered" {
				tampered = "a hidden tampered finding says so"
			}
		}
	}
	observe(t, before && !after, "the SBOM lists lodash 4.17.4: %v, 4.17.21: %v; %s (step %s)", before, after, tampered, outcome(res))
}
