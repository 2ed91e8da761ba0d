package all

import (
	"bufio"
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	packageurl "github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// The conformance tests hold every registered ecosystem to the contract of
// the ecosystems package, and enforce what adding one takes: its package
// (a directory under ecosystems/, TestEveryEcosystemRegistered), its
// fixtures in its own testdata/, its setup step in scripts/setup.d, one
// line in Ecosystems and one row in the README's table.

// dirOf maps each registered ecosystem's name to its directory under
// ecosystems/: the same, except where the Go package name differs from the
// ecosystem's (gomod is "go", since a package named go would be awkward).
func dirOf(name string) string {
	if name == "go" {
		return "gomod"
	}
	return name
}

// maxFixtureDepth is how deep below an ecosystem's testdata/ the
// conformance test looks for fixture projects (python's
// testdata/installed/<case>/project is three levels down).
const maxFixtureDepth = 3

// fixtures returns the directories below the ecosystem's testdata/ up to
// maxFixtureDepth levels, without installed trees, golden files and fuzz
// corpora.
func fixtures(t *testing.T, name string) []string {
	t.Helper()
	root := filepath.Join("..", dirOf(name), "testdata")
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() || p == root {
			return nil
		}
		switch d.Name() {
		case "node_modules", "expected", "fuzz", "target", ".venv", ".git":
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, p)
		if strings.Count(filepath.ToSlash(rel), "/") >= maxFixtureDepth {
			return filepath.SkipDir
		}
		out = append(out, p)
		return nil
	})
	if err != nil {
		t.Fatalf("%s: fixtures: %v (every ecosystem keeps its fixtures in ecosystems/<name>/testdata)", name, err)
	}
	return out
}

// TestConformance opens every registered ecosystem on an empty directory
// and on each of its fixture directories, and checks what the ecosystems
// package promises of every ecosystem:
//
//   - an empty directory is no project of it, or, for an ecosystem of the
//     machine's packages (ecosystems.MachineInventory), a project with no
//     files and nothing declared;
//   - a fixture either opens or fails with a *ecosystems.PosError (a bad
//     fixture), and at least one fixture opens (a directory inside a
//     fixture project is taken for part of it, not a fixture);
//   - Files are sorted, without repeats, slash-separated, each labelled
//     with a known kind, and at least one of them a manifest; the ones
//     inside the project exist;
//   - every declaration points at a manifest among the Files, at a clean
//     project-relative position (ecosystems.NewPos: slash-separated, no
//     "./", never absolute, never outside the root — a declaration read
//     from outside the project is placed where the project reaches it),
//     and a bad fixture's error is at such a position; its package has
//     an identity: a valid package URL keeping the version,
//     and a component name; the ecosystem names its packages itself, with
//     package URLs of one type of its own — pkg:generic only for what it
//     cannot name otherwise (a C library no table knows), never for every
//     package;
//   - opening the same files through an fs.FS that is not on disk reads
//     the same Files and D1 (every read of a project file goes through the
//     Source), and Installed then refuses with ecosystems.ErrNotOnDisk —
//     unless the project on disk reads files outside its root (a go.work
//     module in ../, a requirements file included from ../), which only
//     a project on disk can.
//
// TestImportLocations holds what the ecosystems read of the project's
// sources to the same contract of positions.
func TestConformance(t *testing.T) {
	ctx := context.Background()
	for _, e := range Ecosystems() {
		t.Run(e.Name(), func(t *testing.T) {
			_, machine := e.(ecosystems.MachineInventory)
			p, err := e.Open(ctx, ecosystems.Dir(t.TempDir()))
			if machine && err == nil && p != nil {
				// An ecosystem of the machine's packages opens on any
				// tree, with nothing of the tree's.
				if len(p.Files()) != 0 || len(p.Declared()) != 0 {
					t.Errorf("Open(empty directory): Files %v, Declared %v; want none", p.Files(), p.Declared())
				}
			} else if err != nil || p != nil {
				t.Errorf("Open(empty directory) = %v, %v; want no project", p, err)
			}
			var opened []string
			types := map[string]bool{} // of the declared packages' URLs
			for _, dir := range fixtures(t, e.Name()) {
				// A directory inside a fixture project is part of it (a
				// Maven module, a workspace member), not a project of its
				// own: opened alone it would reach outside its root.
				if slices.ContainsFunc(opened, func(o string) bool { return strings.HasPrefix(dir, o+string(filepath.Separator)) }) {
					continue
				}
				p, err := e.Open(ctx, ecosystems.Dir(dir))
				if err != nil {
					var pe *ecosystems.PosError
					if !errors.As(err, &pe) {
						t.Errorf("Open(%s): %v (%T), want a project or a *ecosystems.PosError", dir, err, err)
					}
					ecotest.CheckLocations(t, dir, nil, nil, err)
					continue
				}
				if p == nil || machine && len(p.Files()) == 0 {
					continue // no project of its files here
				}
				opened = append(opened, dir)
				checkProject(t, dir, p)
				for _, typ := range identities(t, e, dir, p) {
					types[typ] = true
				}
				checkNotOnDisk(t, e, dir, p)
			}
			t.Logf("%d fixture projects opened", len(opened))
			delete(types, packageurl.TypeGeneric)
			if len(types) != 1 {
				t.Errorf("the declared packages' URLs are of the types %q besides pkg:generic, want one type of the ecosystem's own", slices.Sorted(maps.Keys(types)))
			}
			if len(opened) == 0 {
				t.Errorf("no fixture under ecosystems/%s/testdata opens as a %s project", dirOf(e.Name()), e.Name())
			}
		})
	}
}

// checkProject checks the files and declarations of the project in dir.
func checkProject(t *testing.T, dir string, p ecosystems.Project) {
	t.Helper()
	files := p.Files()
	if len(files) == 0 {
		t.Errorf("%s: a project without files", dir)
	}
	manifests := map[string]bool{}
	for i, f := range files {
		if !slices.Contains(ecosystems.Kinds, f.Kind) {
			t.Errorf("%s: file %q has kind %q, want one of %q", dir, f.Path, f.Kind, ecosystems.Kinds)
		}
		if i > 0 && files[i-1].Path >= f.Path {
			t.Errorf("%s: files not sorted or repeated: %q before %q", dir, files[i-1].Path, f.Path)
		}
		if strings.Contains(f.Path, `\`) || f.Path != path.Clean(f.Path) {
			t.Errorf("%s: file %q is not a clean slash-separated path", dir, f.Path)
		}
		if f.Kind == ecosystems.KindManifest {
			manifests[f.Path] = true
		}
		if fs.ValidPath(f.Path) {
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f.Path))); err != nil {
				t.Errorf("%s: file %q: %v", dir, f.Path, err)
			}
		}
	}
	if len(manifests) == 0 {
		t.Errorf("%s: no manifest among the files %q", dir, ecosystems.Paths(files))
	}
	for _, d := range p.Declared() {
		if !manifests[d.Pos.File] {
			t.Errorf("%s: %s is declared at %s, which is not one of the manifests %q", dir, d.Name, d.Pos, ecosystems.Paths(files, ecosystems.KindManifest))
		}
	}
	ecotest.CheckLocations(t, dir, p.Declared(), nil, nil)
}

// identities checks the identity e builds for each package the project in
// dir declares, with and without a version, and returns the types of
// their package URLs.
func identities(t *testing.T, e ecosystems.Ecosystem, dir string, p ecosystems.Project) []string {
	t.Helper()
	var types []string
	for _, d := range p.Declared() {
		for _, version := range []string{"", "1.0.0"} {
			id := e.Identify(d.Name, version)
			u, err := packageurl.FromString(id.PURL)
			switch {
			case err != nil:
				t.Errorf("%s: Identify(%q, %q) = package URL %q: %v", dir, d.Name, version, id.PURL, err)
			case u.Version != version:
				t.Errorf("%s: Identify(%q, %q) = %q, which loses the version", dir, d.Name, version, id.PURL)
			default:
				types = append(types, u.Type)
			}
			if id.Name == "" {
				t.Errorf("%s: Identify(%q, %q) has no component name", dir, d.Name, version)
			}
		}
	}
	return types
}

// checkNotOnDisk opens the files of dir through an fs.FS alone and checks
// that the project reads the same, and enumerates no installation.
func checkNotOnDisk(t *testing.T, e ecosystems.Ecosystem, dir string, onDisk ecosystems.Project) {
	t.Helper()
	if slices.ContainsFunc(onDisk.Files(), func(f ecosystems.File) bool { return !fs.ValidPath(f.Path) }) {
		return // it reads files outside its root, which a tree not on disk has not
	}
	ctx := context.Background()
	p, err := e.Open(ctx, ecosystems.Source{FS: os.DirFS(dir)})
	if err != nil || p == nil {
		t.Errorf("%s: Open without the directory = %v, %v; want the project it is on disk", dir, p, err)
		return
	}
	if diff := cmp.Diff(onDisk.Files(), p.Files()); diff != "" {
		t.Errorf("%s: files on disk vs through the fs.FS alone (-disk +fs):\n%s", dir, diff)
	}
	if diff := cmp.Diff(onDisk.Declared(), p.Declared()); diff != "" {
		t.Errorf("%s: D1 on disk vs through the fs.FS alone (-disk +fs):\n%s", dir, diff)
	}
	if _, err := p.Installed(ctx, ecosystems.Env{}); !errors.Is(err, ecosystems.ErrNotOnDisk) {
		t.Errorf("%s: Installed of a project not on disk = %v, want ecosystems.ErrNotOnDisk", dir, err)
	}
}

// TestSetupFiles checks that every ecosystem has a setup step in
// scripts/setup.d (<dir>.apt, the Debian packages its real-install tests
// need, or <dir>.sh, its fixture installs), so that `make setup` prepares
// its real-install tests.
func TestSetupFiles(t *testing.T) {
	for _, e := range Ecosystems() {
		var found []string
		for _, ext := range []string{".apt", ".sh"} {
			f := filepath.Join("..", "..", "scripts", "setup.d", dirOf(e.Name())+ext)
			if _, err := os.Stat(f); err == nil {
				found = append(found, f)
			}
		}
		if len(found) == 0 {
			t.Errorf("%s: no scripts/setup.d/%s.apt or .sh", e.Name(), dirOf(e.Name()))
		}
	}
}

// TestReadmeTable checks that the README's ecosystem table has one row per
// registered ecosystem, and no other.
func TestReadmeTable(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []string
	inTable := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "| ecosystem |"):
			inTable = true
		case inTable && strings.HasPrefix(line, "|---"):
		case inTable && strings.HasPrefix(line, "| "):
			cell, _, _ := strings.Cut(strings.TrimPrefix(line, "| "), " |")
			rows = append(rows, cell)
		case inTable:
			inTable = false
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range Ecosystems() {
		names = append(names, e.Name())
	}
	slices.Sort(names)
	slices.Sort(rows)
	if diff := cmp.Diff(names, rows); diff != "" {
		t.Errorf("registered ecosystems vs the README's ecosystem table (-registered +README):\n%s", diff)
	}
}

// TestFixturesExist checks that every ecosystem keeps fixtures in its own
// testdata/ directory.
func TestFixturesExist(t *testing.T) {
	for _, e := range Ecosystems() {
		entries, err := os.ReadDir(filepath.Join("..", dirOf(e.Name()), "testdata"))
		if err != nil || len(entries) == 0 {
			t.Errorf("%s: no fixtures in ecosystems/%s/testdata (%v)", e.Name(), dirOf(e.Name()), err)
		}
	}
}
