package dpkg

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseStatus(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []*Package
	}{
		{
			name: "paragraphs",
			in: `Package: zlib1g
Status: install ok installed
Priority: optional
Section: libs
Architecture: amd64
Multi-Arch: same
Source: zlib
Version: 1:1.2.13.dfsg-1
Provides: libz1
Depends: libc6 (>= 2.14)
Description: compression library - runtime
 zlib is a library implementing the deflate compression method found
 in gzip and PKZIP.

package: coreutils
essential: YES
STATUS: install ok installed
Priority: Required
Architecture: amd64
Version: 9.1-1
Pre-Depends: libacl1 (>= 2.2.23), libattr1 (>= 1:2.4.44), libc6 (>= 2.34)
`,
			want: []*Package{
				{Name: "zlib1g", Architecture: "amd64", Version: "1:1.2.13.dfsg-1", Status: "installed", Priority: "optional",
					Section: "libs", Source: "zlib", MultiArch: "same", Provides: []Dep{{Name: "libz1"}},
					Depends: [][]Dep{{{Name: "libc6", Op: ">=", Version: "2.14"}}}, Line: 1},
				{Name: "coreutils", Architecture: "amd64", Version: "9.1-1", Status: "installed", Priority: "required", Essential: true,
					PreDepends: [][]Dep{
						{{Name: "libacl1", Op: ">=", Version: "2.2.23"}},
						{{Name: "libattr1", Op: ">=", Version: "1:2.4.44"}},
						{{Name: "libc6", Op: ">=", Version: "2.34"}},
					}, Line: 15},
			},
		},
		{
			name: "relations",
			in: "Package: x\nStatus: deinstall ok config-files\nSource: gcc-12 (12.2.0-14)\n" +
				"Depends: libc6-dev | libc-dev, python3:any (>= 3.11~), foo [amd64 i386] (<< 2) <!nocheck>,  ,bar:amd64\n" +
				"Provides: libx-dev (= 1), x-virtual\n",
			want: []*Package{{
				Name: "x", Status: "config-files", Source: "gcc-12", Line: 1,
				Depends: [][]Dep{
					{{Name: "libc6-dev"}, {Name: "libc-dev"}},
					{{Name: "python3", Arch: "any", Op: ">=", Version: "3.11~"}},
					{{Name: "foo", Op: "<<", Version: "2"}},
					{{Name: "bar", Arch: "amd64"}},
				},
				Provides: []Dep{{Name: "libx-dev", Op: "=", Version: "1"}, {Name: "x-virtual"}},
			}},
		},
		{
			name: "blank-lines-and-comments",
			in:   "\n\n# a comment\nPackage: a\n\n\t \n\nPackage: b\nStatus: hold ok installed\n",
			want: []*Package{{Name: "a", Line: 4}, {Name: "b", Status: "installed", Line: 8}},
		},
		{name: "empty", in: "", want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseStatus(strings.NewReader(tt.in), "status")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseStatus (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseStatusErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"continuation-first", " leading\nPackage: a\n", `status:1: continuation line outside a paragraph`},
		{"no-colon", "Package: a\nnot a field\n", `status:2: line is not a "Field: value" pair`},
		{"space-in-field", "Package: a\nBad Field: x\n", `status:2: field name "Bad Field" contains white space`},
		{"no-package", "Status: install ok installed\nVersion: 1\n", `status:1: paragraph without a Package field`},
		{"bad-name", "Package: a b\n", `status:1: invalid package name "a b"`},
		{"bad-status", "\nPackage: a\nStatus: installed\n", `status:2: package "a": Status "installed" is not "want flag state"`},
		{"bad-version", "Package: a\nDepends: b (>= )\n", `status:1: package "a": Depends: invalid version restriction ">="`},
		{"unterminated", "Package: a\nPre-Depends: b (>= 1\n", `status:1: package "a": Pre-Depends: unterminated "(" in "b (>= 1"`},
		{"trailing", "Package: a\nProvides: b (= 1) c\n", `status:1: package "a": Provides: unexpected "c" in "b (= 1) c"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseStatus(strings.NewReader(tt.in), "status")
			if err == nil {
				t.Fatalf("ParseStatus succeeded, want error %q", tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error = %q, want %q", err, tt.want)
			}
		})
	}
}

func FuzzParseStatus(f *testing.F) {
	f.Add("Package: zlib1g\nStatus: install ok installed\nVersion: 1:1.2.13.dfsg-1\nDepends: libc6 (>= 2.14) | libc-dev, b:any\n\nPackage: b\n")
	f.Add("Package: a\nDescription: x\n y\n .\n")
	f.Add(" x\n")
	f.Add("Package: a\nDepends: b (\n")
	f.Add("Package: a\nProvides: [amd64] <x\n")
	f.Fuzz(func(t *testing.T, in string) {
		ps, err := ParseStatus(strings.NewReader(in), "status")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "status:") {
				t.Errorf("error %q is not positioned", err)
			}
			return
		}
		for _, p := range ps {
			if p.Name == "" || p.Line <= 0 {
				t.Errorf("package %+v without a name or a line", p)
			}
			for _, groups := range [][][]Dep{p.Depends, p.PreDepends} {
				for _, alts := range groups {
					if len(alts) == 0 {
						t.Errorf("package %q: empty group of alternatives", p.Name)
					}
					for _, d := range alts {
						if d.Name == "" || strings.ContainsAny(d.Name, " ,|()") {
							t.Errorf("package %q: bad relation name %q", p.Name, d.Name)
						}
					}
				}
			}
		}
	})
}
