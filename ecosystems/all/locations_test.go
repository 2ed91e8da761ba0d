package all

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestImportLocations reads the imports of every fixture project of every
// registered ecosystem that reads its project's sources
// (ecosystems.Importer), the real-install fixtures among them with what
// `make setup` installed there, twice: from the test's working directory,
// and from the project's root — the directory the Action runs in by
// default (working-directory: .), where esbuild once named the npm
// sources "./index.js" and every finding placed at an import with them.
// The working directory must change nothing, and every import and
// every positioned error must be at a clean project-relative position
// (ecotest.CheckLocations), and so must every positioned error of
// Installed, which is asked first, as the engine asks it. At least one
// fixture of each such ecosystem must yield imports, so that the check is
// never vacuous, unless the ecosystem says the imports are unknown (no
// answer, or a warning): imports that only a build shows (the class files
// Maven compiles, rustc's verdict on each crate Cargo compiles) are
// unknown on a fixture that was not built, and the real tests of those
// ecosystems check the positions of what a real build shows.
//
// The imports are read through the machine's tools with a hermetic
// environment: the tools on PATH, a HOME of the test's own, no network
// for the go command (the module cache scripts/setup.d/gomod.sh filled),
// git confined to the fixture.
func TestImportLocations(t *testing.T) {
	ecotest.RealInstall(t) // the fixtures' installs and the module cache of make setup
	ctx := context.Background()
	env := ecosystems.Env{Environ: hermeticEnv(t)}
	for _, e := range Ecosystems() {
		t.Run(e.Name(), func(t *testing.T) {
			var opened []string
			hasImporter := false
			read, unknown := 0, 0 // answers with imports; answers that say the imports are unknown
			for _, dir := range fixtures(t, e.Name()) {
				if slices.ContainsFunc(opened, func(o string) bool { return strings.HasPrefix(dir, o+string(filepath.Separator)) }) {
					continue
				}
				abs, err := filepath.Abs(dir)
				if err != nil {
					t.Fatal(err)
				}
				p, err := e.Open(ctx, ecosystems.Dir(abs))
				if err != nil || p == nil {
					continue // TestConformance checks a bad fixture's error
				}
				opened = append(opened, dir)
				im, ok := p.(ecosystems.Importer)
				hasImporter = hasImporter || ok
				if !ok {
					continue
				}
				name, _ := filepath.Rel(filepath.Join("..", dirOf(e.Name()), "testdata"), dir)
				t.Run(filepath.ToSlash(name), func(t *testing.T) {
					// As the engine does: the installation first (whose
					// resolution Maven's imports reuse), each tool's answer
					// shared between the calls on one project.
					env := env
					env.Memo = &ecosystems.Memo{}
					_, err := p.Installed(ctx, env)
					ecotest.CheckLocations(t, dir, nil, nil, err)
					elsewhere, err := im.Imports(ctx, env)
					ecotest.CheckLocations(t, dir, nil, elsewhere, err)
					t.Chdir(abs)
					atRoot, errAtRoot := im.Imports(ctx, env)
					ecotest.CheckLocations(t, dir+" (from its root)", nil, atRoot, errAtRoot)
					if diff := cmp.Diff(errString(err), errString(errAtRoot)); diff != "" {
						t.Errorf("Imports' error from elsewhere vs from the project's root (-elsewhere +root):\n%s", diff)
					}
					if diff := cmp.Diff(elsewhere, atRoot); diff != "" {
						t.Errorf("imports read from elsewhere vs from the project's root (-elsewhere +root):\n%s", diff)
					}
					if err != nil {
						t.Logf("Imports: %v", err)
					}
					switch {
					case elsewhere != nil && len(elsewhere.List) > 0:
						read++
					case elsewhere == nil || len(elsewhere.Warnings) > 0:
						unknown++
					}
				})
			}
			if hasImporter && read == 0 && unknown == 0 {
				t.Errorf("no fixture under ecosystems/%s/testdata yields an import, and none says why: the positions of its imports are never checked", dirOf(e.Name()))
			}
		})
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// hermeticEnv is the environment the ecosystems' tools run with in
// TestImportLocations: nothing of the user's configuration, the machine's
// tools and module cache, no network.
func hermeticEnv(t *testing.T) []string {
	t.Helper()
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + t.TempDir(),
		"LANG=C.UTF-8",
		"GIT_CEILING_DIRECTORIES=" + filepath.Dir(t.TempDir()),
		"GIT_CONFIG_NOSYSTEM=1",
		"GOPROXY=off",
		"GOFLAGS=-mod=readonly",
		"GOTOOLCHAIN=local",
		"GOCACHE=" + t.TempDir(),
	}
	// The module cache scripts/setup.d/gomod.sh filled, wherever the
	// machine keeps it.
	if out, err := exec.Command("go", "env", "GOMODCACHE").Output(); err == nil {
		env = append(env, "GOMODCACHE="+strings.TrimSpace(string(out)))
	} else {
		t.Fatalf("go env GOMODCACHE: %v", err)
	}
	return env
}

// TestInventoryHasNoPositions checks that nothing an Installed call
// returns carries a position: its records name packages and files, never
// a place in the project, so TestConformance and TestImportLocations check
// every position an ecosystem hands out. A field of type ecosystems.Pos
// added to the inventory must be checked there too, and removed from
// want here.
func TestInventoryHasNoPositions(t *testing.T) {
	var got []string
	var walk func(typ reflect.Type, path string, seen map[reflect.Type]bool)
	walk = func(typ reflect.Type, path string, seen map[reflect.Type]bool) {
		if typ == reflect.TypeFor[ecosystems.Pos]() {
			got = append(got, path)
			return
		}
		switch typ.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(typ.Elem(), path+"[]", seen)
		case reflect.Map:
			walk(typ.Key(), path+"{key}", seen)
			walk(typ.Elem(), path+"{}", seen)
		case reflect.Struct:
			if seen[typ] {
				return
			}
			seen[typ] = true
			for i := range typ.NumField() {
				f := typ.Field(i)
				if f.IsExported() {
					walk(f.Type, path+"."+f.Name, seen)
				}
			}
		}
	}
	walk(reflect.TypeFor[ecosystems.Inventory](), "Inventory", map[reflect.Type]bool{})
	if len(got) > 0 {
		t.Errorf("the inventory carries positions that no conformance test checks: %q", got)
	}
}
