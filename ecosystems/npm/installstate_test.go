package npm

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestInstallStateAsRuntime holds that what npm and pnpm record about an
// install beside node_modules, which Node's resolution never reads, decides
// nothing (issue 20's item 6): D2 is the tree Node walks — each
// node_modules/<name> directory and the package.json in it, pnpm's links
// into its store followed as Node follows them — whatever npm's hidden
// lockfile (node_modules/.package-lock.json) or pnpm's
// node_modules/.modules.yaml claims, and a store entry no link reaches is
// no package a require can find.
func TestInstallStateAsRuntime(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		links map[string]string // link → target, relative to the project
		want  []string          // name@version path
	}{{
		// npm's hidden lockfile names a package that is not there and
		// leaves out the one that is.
		name: "npmHiddenLockfile",
		files: map[string]string{
			"package.json":                    `{"name": "app", "dependencies": {"a": "1.0.0"}}`,
			"node_modules/a/package.json":     `{"name": "a", "version": "1.0.0"}`,
			"node_modules/a/index.js":         "",
			"node_modules/.package-lock.json": `{"name": "app", "lockfileVersion": 3, "packages": {"node_modules/ghost": {"version": "9.9.9"}}}`,
		},
		want: []string{"a@1.0.0 node_modules/a"},
	}, {
		// pnpm's state file claims a hoisted package and another layout;
		// the store entry nothing links to is unreachable from the
		// project's code.
		name: "pnpmModulesYaml",
		files: map[string]string{
			"package.json":               `{"name": "app", "dependencies": {"b": "1.0.0"}}`,
			"node_modules/.modules.yaml": "hoistedDependencies:\n  ghost@9.9.9:\n    ghost: public\nlayoutVersion: 5\nnodeLinker: hoisted\n",
			"node_modules/.pnpm/b@1.0.0/node_modules/b/package.json": `{"name": "b", "version": "1.0.0"}`,
			"node_modules/.pnpm/b@1.0.0/node_modules/b/index.js":     "",
			"node_modules/.pnpm/c@1.0.0/node_modules/c/package.json": `{"name": "c", "version": "1.0.0"}`,
		},
		links: map[string]string{"node_modules/b": ".pnpm/b@1.0.0/node_modules/b"},
		want:  []string{"b@1.0.0 node_modules/b"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range tt.files {
				ecotest.WriteFile(t, filepath.Join(dir, filepath.FromSlash(name)), []byte(data), 0o644)
			}
			for link, target := range tt.links {
				if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
					t.Fatal(err)
				}
			}
			p := ecotest.Open(t, New(), dir)
			inv, err := p.Installed(context.Background(), ecosystems.Env{Environ: []string{"PATH=/nonexistent"}})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, pkg := range inv.Packages {
				got = append(got, pkg.Name+"@"+pkg.Version+" "+pkg.Path)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("packages (-want +got):\n%s", diff)
			}
			for _, w := range inv.Warnings {
				if strings.Contains(w, "ghost") {
					t.Errorf("a warning names what only the install state claims: %q", w)
				}
			}
		})
	}
}
