package ecosystems

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// TestSourceReads checks where a Source finds a name: inside the project
// through FS, outside it on disk beside a project on disk, and nowhere for
// a tree that is not on disk.
func TestSourceReads(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "proj")
	for name, content := range map[string]string{"proj/a.txt": "inside", "shared.txt": "outside"} {
		p := filepath.Join(parent, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tree := Source{FS: fstest.MapFS{"a.txt": {Data: []byte("in the tree")}}}
	tests := []struct {
		name string
		src  Source
		file string
		want string // "" for a file that does not exist
	}{
		{"inside", Dir(root), "a.txt", "inside"},
		{"insideDotted", Dir(root), "./sub/../a.txt", "inside"},
		{"outsideOnDisk", Dir(root), "../shared.txt", "outside"},
		{"absoluteOnDisk", Dir(root), filepath.ToSlash(filepath.Join(parent, "shared.txt")), "outside"},
		{"tree", tree, "a.txt", "in the tree"},
		{"outsideTree", tree, "../shared.txt", ""},
		{"absoluteTree", tree, filepath.ToSlash(filepath.Join(parent, "shared.txt")), ""},
		{"missing", Dir(root), "b.txt", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.src.ReadFile(tt.file)
			if tt.want == "" {
				if !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("ReadFile(%q) = %q, %v; want fs.ErrNotExist", tt.file, got, err)
				}
				if tt.src.IsFile(tt.file) {
					t.Errorf("IsFile(%q) = true", tt.file)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Errorf("ReadFile(%q) = %q, %v; want %q", tt.file, got, err, tt.want)
			}
			if !tt.src.IsFile(tt.file) {
				t.Errorf("IsFile(%q) = false", tt.file)
			}
		})
	}
	if !Dir(root).IsDir(".") || !Dir(root).IsDir("..") || tree.IsDir("..") {
		t.Errorf("IsDir: the root and its parent on disk are directories, the parent of a tree is none")
	}
	if got := tree.PathRoot(); got == "" || Dir(root).PathRoot() != root {
		t.Errorf("PathRoot = %q (tree), %q (disk); want a root that exists nowhere, and Root", got, Dir(root).PathRoot())
	}
	if _, err := os.Stat(tree.PathRoot()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the tree's PathRoot %q exists on this machine", tree.PathRoot())
	}
}

func TestSortFilesAndPaths(t *testing.T) {
	files := SortFiles([]File{
		{Path: "setup.cfg", Kind: KindManifest},
		{Path: "b/req.txt", Kind: KindLockfile},
		{Path: "pyproject.toml", Kind: KindManifest},
		{Path: "setup.cfg", Kind: KindConfig}, // read again for the name: the first kind stays
	})
	want := []File{
		{Path: "b/req.txt", Kind: KindLockfile},
		{Path: "pyproject.toml", Kind: KindManifest},
		{Path: "setup.cfg", Kind: KindManifest},
	}
	if diff := cmp.Diff(want, files); diff != "" {
		t.Errorf("SortFiles (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"pyproject.toml", "setup.cfg"}, Paths(files, KindManifest)); diff != "" {
		t.Errorf("Paths(manifest) (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"b/req.txt", "pyproject.toml", "setup.cfg"}, Paths(files)); diff != "" {
		t.Errorf("Paths() (-want +got):\n%s", diff)
	}
}
