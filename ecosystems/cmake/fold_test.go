package cmake

import (
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// TestFoldInventory checks that names differing only in case are one
// package in D2, the index and the evidence: the declared spelling where
// there is one, the first in sorted order otherwise.
func TestFoldInventory(t *testing.T) {
	deps := []ecosystems.Dependency{{Name: "CMocka"}, {Name: "ZLIB"}}
	tests := []struct {
		name    string
		in      []ecosystems.Package
		want    []ecosystems.Package
		indexed map[string]string // path → the package the index names
	}{
		{
			name: "declaredSpelling",
			in: []ecosystems.Package{
				{Name: "CMocka", Direct: true},
				{Name: "cmocka", Version: "1.1.5-2", PURL: "pkg:deb/debian/libcmocka0@1.1.5-2", Deps: []string{"zlib", "CMOCKA"}},
			},
			want: []ecosystems.Package{
				{Name: "CMocka", Version: "1.1.5-2", PURL: "pkg:deb/debian/libcmocka0@1.1.5-2", Direct: true, Deps: []string{"ZLIB"}},
			},
			indexed: map[string]string{"/usr/lib/x86_64-linux-gnu/libcmocka.so.0": "CMocka", "/usr/lib/x86_64-linux-gnu/libz.so.1": "ZLIB"},
		},
		{
			name:    "undeclaredSorted",
			in:      []ecosystems.Package{{Name: "foo"}, {Name: "Foo", Version: "2"}},
			want:    []ecosystems.Package{{Name: "Foo", Version: "2"}},
			indexed: map[string]string{"/usr/lib/libfoo.so": "Foo"},
		},
		{
			name: "distinctNamesStay",
			in:   []ecosystems.Package{{Name: "bar"}, {Name: "baz"}},
			want: []ecosystems.Package{{Name: "bar"}, {Name: "baz"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inv := &ecosystems.Inventory{Packages: tt.in, Index: ecosystems.NewPathIndex()}
			inv.Index.AddFile("/usr/lib/x86_64-linux-gnu/libcmocka.so.0", "cmocka", ecosystems.UseRuntime)
			inv.Index.AddFile("/usr/lib/x86_64-linux-gnu/libz.so.1", "zlib", ecosystems.UseRuntime)
			inv.Index.AddDir("/usr/lib", "foo", ecosystems.UseRuntime)
			foldInventory(inv, deps)
			if diff := cmp.Diff(tt.want, inv.Packages); diff != "" {
				t.Errorf("packages (-want +got):\n%s", diff)
			}
			for path, want := range tt.indexed {
				if got := ecotest.Owner(inv.Index, path); got != want+" runtime" {
					t.Errorf("index names %s %q, want %q", path, got, want)
				}
			}
		})
	}
}
