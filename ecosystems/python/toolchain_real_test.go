package python

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// TestRealPkgResources audits, end to end under Debian's interpreter, a
// project whose code imports pkg_resources: setuptools is the toolchain,
// excluded from the layers, yet the code needs it (Python 3.12's venvs and
// uv do not install it), so it must be declared. Undeclared, it is a
// gating hidden finding with the import as evidence; declared, it is
// matched, with no finding. Debian splits setuptools: pkg_resources is
// python3-pkg-resources', which is setuptools' all the same.
func TestRealPkgResources(t *testing.T) {
	ecotest.Require(t, ecotest.Prereqs{Debs: []string{"python3-pytest", "python3-setuptools", "python3-pkg-resources", "python3-six"}, Files: []string{debianPython}})
	for _, tc := range []struct {
		name, requirements string
		want               []string
	}{
		{
			name:         "undeclared",
			requirements: "six\n",
			want:         []string{"hidden undeclared setuptools import=app/__init__.py:1 gating=true"},
		},
		{name: "declared", requirements: "six\nsetuptools\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			ecotest.WriteFile(t, filepath.Join(root, "requirements.txt"), []byte(tc.requirements), 0o644)
			ecotest.WriteFile(t, filepath.Join(root, "app", "__init__.py"), []byte("import pkg_resources\nimport six\n\nVERSION = pkg_resources.parse_version(\"1.0\")\n"), 0o644)
			ecotest.WriteFile(t, filepath.Join(root, "tests", "test_app.py"), []byte("import app\n\n\ndef test_version():\n    assert str(app.VERSION) == \"1.0\"\n"), 0o644)
			environ := []string{"PATH=/usr/bin:/bin", "HOME=" + root, "LANG=C.UTF-8", "PYTHONNOUSERSITE=1", "PYTHONDONTWRITEBYTECODE=1"}
			r := auditTraced(t, root, environ, []string{debianPython, "-W", "ignore::DeprecationWarning", "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"}, "1 passed")
			rep := ecosystemReport(t, r, "python")
			var got []string
			for _, f := range rep.Findings {
				if f.Package != "setuptools" {
					continue
				}
				line := fmt.Sprintf("%s %s %s", f.Kind, f.Reason, f.Package)
				if f.Evidence != nil {
					for _, im := range f.Evidence.Imports {
						line += " import=" + im.Pos.String()
					}
				}
				got = append(got, fmt.Sprintf("%s gating=%v", line, f.Gating))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("setuptools findings (-want +got):\n%s", diff)
			}
			loaded := false
			for _, tp := range rep.Traced {
				loaded = loaded || tp.Name == "setuptools"
			}
			if !loaded {
				t.Errorf("setuptools is not in the traced layer: the code's pkg_resources was not attributed to it")
			}
			for _, x := range rep.Excluded {
				if x.Name == "setuptools" {
					t.Errorf("setuptools is excluded as %q though the code imports it", x.Why)
				}
			}
		})
	}
}
