package npm

import (
	"context"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// editedCopy copies the installed fixture rel into a new directory and
// replaces old with new in each of its files named in edits.
func editedCopy(t *testing.T, rel string, edits map[string][2]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), filepath.Base(rel))
	// cp -a keeps pnpm's links, relative ones into its store.
	if out, err := exec.Command("cp", "-a", installedFixture(t, rel), dir).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v: %s", err, out)
	}
	for file, e := range edits {
		f := filepath.Join(dir, file)
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := strings.Replace(string(data), e[0], e[1], 1)
		if s == string(data) {
			t.Fatalf("%s has no %q", file, e[0])
		}
		if err := os.WriteFile(f, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestRealOtherLockCrossCheck cross-checks real pnpm and Yarn 1 installs
// with their lockfiles after package.json gained declarations the
// lockfile does not have (one optional and not installed: Unlocked), and,
// for Yarn, after the lockfile was changed to record ms 2.1.3 at another
// version.
func TestRealOtherLockCrossCheck(t *testing.T) {
	tests := []struct {
		name         string
		fixture      string
		edits        map[string][2]string
		wantWarnings []string
		wantUnlocked []string
	}{{
		name:    "pnpm",
		fixture: "real/pnpm",
		edits: map[string][2]string{"package.json": {`"debug": "4.3.4",`, `"debug": "4.3.4",
    "left-pad": "1.3.0",`}},
		wantWarnings: []string{`package.json:9: "left-pad" is declared but not in pnpm-lock.yaml: the lockfile is out of date with package.json`},
	}, {
		name:    "yarn1",
		fixture: "real/yarn1",
		edits: map[string][2]string{
			"package.json": {`"devDependencies": {`, `"optionalDependencies": {
    "left-pad": "1.3.0"
  },
  "devDependencies": {`},
			"yarn.lock": {"ms@2.1.3:\n  version \"2.1.3\"", "ms@2.1.3:\n  version \"2.1.2\""},
		},
		wantWarnings: []string{
			"ms@2.1.2: in yarn.lock but not installed",
			"node_modules/ms: version 2.1.3 installed, yarn.lock says 2.0.0, 2.1.2",
		},
		wantUnlocked: []string{"left-pad"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := editedCopy(t, tt.fixture, tt.edits)
			inv, err := ecotest.Open(t, New(), dir).Installed(context.Background(), realEnv(t))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantWarnings, inv.Warnings); diff != "" {
				t.Errorf("Warnings (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantUnlocked, inv.Unlocked); diff != "" {
				t.Errorf("Unlocked (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseOtherLocks parses the real fixtures' lockfiles, Yarn 4's YAML
// one included (its install is Plug'n'Play), and classifies their
// packages from the fixture's declarations.
func TestParseOtherLocks(t *testing.T) {
	for _, tt := range []struct {
		fixture, file string
		want          []string
	}{
		{"pnpm", "pnpm-lock.yaml", []string{"@isaacs/string-locale-compare@1.1.0", "debug@4.3.4 -> ms@2.1.2", "is-number@7.0.0 dev", "ms@2.1.2"}},
		{"yarn1", "yarn.lock", []string{"debug@2.6.9 -> ms@2.0.0", "is-number@7.0.0 dev", "ms@2.0.0", "ms@2.1.3"}},
		{"pnp", "yarn.lock", []string{"debug@4.3.4 -> ms@2.1.2", "fixture-pnp@0.0.0-use.local -> debug@4.3.4 is-number@7.0.0", "is-number@7.0.0 dev", "ms@2.1.2"}},
	} {
		t.Run(tt.fixture, func(t *testing.T) {
			dir := filepath.Join("testdata", "real", tt.fixture)
			src := ecosystems.Dir(dir)
			m, err := readManifest(src, "package.json", ecosystems.Pos{})
			if err != nil {
				t.Fatal(err)
			}
			l, err := readOtherLock(src)
			if err != nil {
				t.Fatal(err)
			}
			if l.file != tt.file {
				t.Errorf("read %s, want %s", l.file, tt.file)
			}
			roots := map[ecosystems.Scope][]string{}
			for _, d := range m.deps {
				roots[d.Scope] = append(roots[d.Scope], l.rootID(".", d))
			}
			l.classify(roots)
			if diff := cmp.Diff(tt.want, renderLock(l)); diff != "" {
				t.Errorf("nodes (-want +got):\n%s", diff)
			}
		})
	}
}

// renderLock writes each node as "name@version [-> deps] [dev] [optional]".
func renderLock(l *otherLock) []string {
	var out []string
	for _, n := range l.nodes {
		s := n.name + "@" + n.version
		if len(n.deps) > 0 {
			var ds []string
			for _, d := range n.deps {
				ds = append(ds, l.nodes[d].name+"@"+l.nodes[d].version)
			}
			s += " -> " + strings.Join(ds, " ")
		}
		if n.dev {
			s += " dev"
		}
		if n.opt {
			s += " optional"
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

func TestParseOtherLockErrors(t *testing.T) {
	tests := []struct{ name, file, data, want string }{
		{"pnpm-syntax", "pnpm-lock.yaml", "lockfileVersion: '9.0'\nimporters:\n  .: [\n", "pnpm-lock.yaml:3: "},
		{"pnpm-version", "pnpm-lock.yaml", "\nlockfileVersion: '6.0'\n", "pnpm-lock.yaml:2: lockfileVersion \"6.0\" is not read"},
		{"pnpm-type", "pnpm-lock.yaml", "lockfileVersion: '9.0'\nsnapshots:\n  a@1: 3\n", "pnpm-lock.yaml:3: "},
		{"pnpm-key", "pnpm-lock.yaml", "lockfileVersion: '9.0'\nsnapshots:\n  nover: {}\n", "pnpm-lock.yaml:3: snapshot \"nover\""},
		{"yarn1-header", "yarn.lock", "# yarn lockfile v1\n\nms@1.0.0\n  version \"1.0.0\"\n", "yarn.lock:3: entry header"},
		{"yarn1-noversion", "yarn.lock", "ms@^1:\n  resolved \"x\"\n\nis@1:\n  version \"1\"\n", "yarn.lock:1: entry \"ms@^1\" has no version"},
		{"yarn1-quote", "yarn.lock", "ms@1:\n  version \"1\n", "yarn.lock:2: version: "},
		{"yarn1-indent", "yarn.lock", "ms@1:\n   version \"1\"\n", "yarn.lock:2: unexpected indentation"},
		{"yarn1-outside", "yarn.lock", "  version \"1\"\n", "yarn.lock:1: indented line outside an entry"},
		{"yarn1-dep", "yarn.lock", "ms@1:\n  version \"1\"\n  dependencies:\n    x\n", "yarn.lock:4: dependency \"x\" has no range"},
		{"berry-resolution", "yarn.lock", "__metadata:\n  version: 8\n\n\"x@npm:1\":\n  version: 1\n  resolution: \"nover\"\n", "yarn.lock:4: entry \"x@npm:1\""},
		{"berry-syntax", "yarn.lock", "__metadata:\n  version: 8\n\"x\": [\n", "yarn.lock:3: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readOtherLock(mapSource(map[string]string{tt.file: tt.data}))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v, want one starting %q", err, tt.want)
			}
		})
	}
}

// FuzzParseOtherLocks checks that any lockfile text gives a graph or an
// error naming the file and a line, never a panic.
func FuzzParseOtherLocks(f *testing.F) {
	for _, fx := range []string{"pnpm/pnpm-lock.yaml", "yarn1/yarn.lock", "pnp/yarn.lock"} {
		data, err := os.ReadFile(filepath.Join("testdata", "real", filepath.FromSlash(fx)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(strings.HasPrefix(fx, "pnpm"), string(data))
	}
	f.Add(false, "\"a b\", c@1:\n  version 1\n  dependencies:\n    \"d\" \"^2\"\n")
	f.Fuzz(func(t *testing.T, pnpm bool, s string) {
		file := "yarn.lock"
		if pnpm {
			file = "pnpm-lock.yaml"
		}
		l, err := readOtherLock(mapSource(map[string]string{file: s}))
		if err != nil {
			if !strings.HasPrefix(err.Error(), file+":") {
				t.Fatalf("error without file:line: %v", err)
			}
			return
		}
		l.classify(map[ecosystems.Scope][]string{ecosystems.ScopeRuntime: slices.Collect(maps.Keys(l.nodes))})
		l.byName()
	})
}
