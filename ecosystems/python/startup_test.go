package python

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// TestStartupImports asks a real interpreter, in a virtual environment
// whose site directory has a .pth file importing one distribution's module
// at start-up (as a machine's _sandboxing_egress_ca.pth imports certifi),
// which modules it imported before the first line of a script ran: that
// distribution is the environment's, installed but no evidence of use,
// with the .pth file named in the evidence, unless the project declares
// it or a distribution the run loaded depends on it; another distribution
// of the same site stays the project's to judge.
func TestStartupImports(t *testing.T) {
	venv, site := bareVenv(t)
	files := map[string]string{
		"probe_hook.pth":                    "import startprobe\n",
		"startprobe.py":                     "",
		"startprobe-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: startprobe\nVersion: 1.0\n",
		"startprobe-1.0.dist-info/RECORD":   "startprobe.py,,\nstartprobe-1.0.dist-info/METADATA,,\n",
		"other.py":                          "",
		"other-2.0.dist-info/METADATA":      "Metadata-Version: 2.1\nName: other\nVersion: 2.0\n",
		"other-2.0.dist-info/RECORD":        "other.py,,\nother-2.0.dist-info/METADATA,,\n",
		"user.py":                           "",
		"user-3.0.dist-info/METADATA":       "Metadata-Version: 2.1\nName: user\nVersion: 3.0\nRequires-Dist: startprobe\n",
		"user-3.0.dist-info/RECORD":         "user.py,,\nuser-3.0.dist-info/METADATA,,\n",
	}
	for name, content := range files {
		ecotest.WriteFile(t, filepath.Join(site, filepath.FromSlash(name)), []byte(content), 0o644)
	}
	pth := ecosystems.Canon(filepath.Join(site, "probe_hook.pth"))
	probe := ecosystems.Canon(filepath.Join(site, "startprobe.py"))
	other := ecosystems.Canon(filepath.Join(site, "other.py"))
	tests := []struct {
		name, requirements string
		read               []string // files the traced run read
		want               []string // owner and use of startprobe.py and other.py
		evidence           string   // what the evidence adds; "" for nothing
	}{
		{
			name: "undeclared", requirements: "other\n",
			want:     []string{"startprobe none", "other runtime"},
			evidence: "; modules the interpreter imported at start-up, before any project code ran, are the environment's and no evidence of use: startprobe (imported by " + pth + ")",
		},
		{name: "declared", requirements: "other\nstartprobe\n", want: []string{"startprobe runtime", "other runtime"}},
		{
			// user, which the run loaded, depends on it: needed through
			// user, whoever imported it first.
			name: "neededByLoaded", requirements: "user\n", read: []string{filepath.Join(site, "user.py")},
			want: []string{"startprobe runtime", "other runtime"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := requirements(t, &Ecosystem{DpkgDir: "-"}, tt.requirements)
			inv, err := p.Installed(context.Background(), ecosystems.Env{
				Executables: []string{filepath.Join(venv, "bin", "python3")},
				Processes:   []ecosystems.Process{{Exe: filepath.Join(venv, "bin", "python3"), Files: tt.read}},
				Environ:     append(os.Environ(), "PYTHONNOUSERSITE=1"),
			})
			if err != nil {
				t.Fatal(err)
			}
			got := []string{ecotest.Owner(inv.Index, probe), ecotest.Owner(inv.Index, other)}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("owners (-want +got):\n%s", diff)
			}
			if added := strings.TrimPrefix(inv.Evidence.Basis, evidence); added != tt.evidence {
				t.Errorf("evidence adds %q, want %q", added, tt.evidence)
			}
			// Still installed: the environment has it.
			found := false
			for _, pkg := range inv.Packages {
				found = found || pkg.Name == "startprobe"
			}
			if !found {
				t.Errorf("startprobe is not installed (D2): %v", inv.Packages)
			}
		})
	}
}

// bareVenv makes a virtual environment of the python3 on PATH, without
// pip, and returns it and its site-packages directory.
func bareVenv(t *testing.T) (venv, site string) {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("no python3: %v", err)
	}
	venv = filepath.Join(t.TempDir(), "venv")
	if out, err := exec.Command(python, "-m", "venv", "--without-pip", venv).CombinedOutput(); err != nil {
		t.Fatalf("python3 -m venv: %v\n%s", err, out)
	}
	sites, _ := filepath.Glob(filepath.Join(venv, "lib", "python3*", "site-packages"))
	if len(sites) != 1 {
		t.Fatalf("site-packages of the venv: %q", sites)
	}
	return venv, sites[0]
}
