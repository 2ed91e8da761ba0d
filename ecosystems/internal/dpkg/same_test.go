package dpkg

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/internal/testenv"
)

// sameParse checks that ParseStatus gives what legacyParseStatus gives:
// the same packages, or the same error.
func sameParse(t *testing.T, in []byte) {
	t.Helper()
	want, wantErr := legacyParseStatus(bytes.NewReader(in), "status")
	got, gotErr := ParseStatus(bytes.NewReader(in), "status")
	if (wantErr == nil) != (gotErr == nil) || wantErr != nil && wantErr.Error() != gotErr.Error() {
		t.Fatalf("error = %v, before = %v", gotErr, wantErr)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("packages (-before +now):\n%s", diff)
	}
}

// sameOwnership checks that the lists of the database rooted at fsys give
// the ownership the one-by-one scanner read gave.
func sameOwnership(t *testing.T, fsys fs.FS) {
	t.Helper()
	db, err := Open(fsys)
	if err != nil {
		t.Fatal(err)
	}
	want := legacyLoad(db)
	got := ownershipOf(db)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ownership (-before +now):\n%s", diff)
	}
}

// TestSameAsBefore reads this machine's dpkg database and the fixture
// system with the faster readers and with the ones they replaced: every
// package, every owner, every file and every warning must be the same.
func TestSameAsBefore(t *testing.T) {
	t.Run("fixture", func(t *testing.T) {
		b, err := os.ReadFile(path.Join(fixtureRoot, StatusFile))
		if err != nil {
			t.Fatal(err)
		}
		sameParse(t, b)
		sameOwnership(t, os.DirFS(fixtureRoot))
	})
	t.Run("this-machine", func(t *testing.T) {
		testenv.RealInstall(t)
		b, err := os.ReadFile("/" + StatusFile)
		if err != nil {
			t.Fatal(testenv.Message("a dpkg database (" + err.Error() + ")"))
		}
		sameParse(t, b)
		db, err := Open(os.DirFS("/"))
		if err != nil {
			t.Fatal(err)
		}
		if len(db.Packages) < 100 {
			t.Fatalf("%d installed packages: not a machine's database", len(db.Packages))
		}
		got := ownershipOf(db)
		if len(got.Owners) < 1000 {
			t.Fatalf("%d owned paths: not a machine's lists", len(got.Owners))
		}
		if diff := cmp.Diff(legacyLoad(db), got); diff != "" {
			t.Errorf("ownership (-before +now):\n%s", diff)
		}
	})
}

// TestSameAsBeforeEdges compares the readers on what a real database
// rarely has: fields in other capitalisations, continuations of dropped
// and kept fields, comments, bad lines, list lines at and past the
// longest read, CRLF lists, both merged-/usr spellings, diversions, and
// lists that are missing or unreadable.
func TestSameAsBeforeEdges(t *testing.T) {
	statuses := []struct{ name, in string }{
		{"cases", "PACKAGE: a\nstatus: install ok installed\nDEPENDS: b\nmulti-ARCH: same\n"},
		{"kelvin", "Pac\u212aage: a\nStatus: install ok installed\n"},
		{"continued", "Package: a\nDescription: x\n y\n .\nDepends: b,\n c (>= 1)\nDescription: again\n z\n"},
		{"duplicate", "Package: a\nVersion: 1\n more\nVersion: 2\n"},
		{"comment", "# c\nPackage: a\n#inside: x\n"},
		{"comment-no-colon", "Package: a\n#inside\n"},
		{"unicode-space", "Package: a\n\u00a0\nPackage: b\n"},
		{"only-unknown", "Foo: a\n\nPackage: b\n"},
		{"long-unknown", "Package: a\nXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX: 1\nArchitectures: x\n"},
		{"space-key", "Package: a\nBad Field: x\n"},
		{"outside", " leading\n"},
		{"no-colon", "Package: a\nnot a field\n"},
	}
	for _, tt := range statuses {
		t.Run("status-"+tt.name, func(t *testing.T) { sameParse(t, []byte(tt.in)) })
	}

	status := "Package: a\nStatus: install ok installed\nArchitecture: amd64\nMulti-Arch: same\n\n" +
		"Package: b\nStatus: install ok installed\nArchitecture: all\n\n" +
		"Package: c\nStatus: install ok installed\nArchitecture: all\n\n" +
		"Package: d\nStatus: install ok unpacked\nArchitecture: all\n"
	long := "/" + strings.Repeat("x", maxListLine-1)
	lists := []struct {
		name string
		a, b string // the lists of a:amd64 and b
		divs string
	}{
		{"plain", "/.\n/usr\n/usr/bin\n/usr/bin/a\n", "/.\n/usr\n/usr/bin\n/usr/bin/b\n", ""},
		{"crlf", "/usr/bin/a\r\r\n\r\n/usr/lib/a.so\r\n", "/usr/bin/b", ""},
		{"merged-usr", "/bin/a\n/usr/bin/a\n/lib\n/lib/x/liba.so.1\n", "/bin/a\n/sbin/b\n", ""},
		{"not-paths", "relative\n\n/\n//usr//bin/../bin/a\n", "/./b\n", ""},
		{"line-at-limit", long[:maxListLine-1] + "\n/usr/bin/a\n", "/usr/bin/b\n", ""},
		{"line-past-limit", "/usr/bin/a\n" + long + "\n/usr/bin/after\n", "/usr/bin/b\n", ""},
		{"line-past-limit-crlf", "/usr/bin/a\n" + long[:maxListLine-1] + "\r\n/usr/bin/after\n", "/usr/bin/b\n", ""},
		{"last-line-past-limit", "/usr/bin/a\n" + long, "/usr/bin/b\n", ""},
		{"diverted", "/usr/bin/tool\n/usr/bin/a\n", "/usr/bin/tool\n", "/usr/bin/tool\n/usr/bin/tool.a\nb\n"},
		{"diverted-local", "/usr/bin/tool\n", "/usr/bin/b\n", "/usr/bin/tool\n/usr/bin/tool.local\n:\n"},
		{"bad-diversions", "/usr/bin/a\n", "/usr/bin/b\n", "/x\n/y\n"},
		{"tops", "/lib\n/lib64/ld.so\n/libfoo/x\n/lib32\n/sbin/x\n/bin\n/usr/lib/x\n", "/libx32/y\n/lib/\n/bin/./b\n/lib/../etc/b\n/etc/b/..\n/etc/.\n", ""},
		{"dir-and-file", "/usr/share/a\n/usr/share/a/f\n", "/usr/share/a\n", ""},
	}
	for _, tt := range lists {
		t.Run("lists-"+tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				StatusFile:                {Data: []byte(status)},
				InfoDir + "/a:amd64.list": {Data: []byte(tt.a)},
				InfoDir + "/b.list":       {Data: []byte(tt.b)},
				InfoDir + "/c.list/x":     {Data: []byte("a directory: unreadable as a list")},
			}
			if tt.divs != "" {
				fsys[DiversionsFile] = &fstest.MapFile{Data: []byte(tt.divs)}
			}
			sameOwnership(t, fsys)
		})
	}
}

// FuzzSameAsBefore feeds the same status text to both status readers and
// the same list texts to both list readers.
func FuzzSameAsBefore(f *testing.F) {
	f.Add("Package: a\nStatus: install ok installed\nArchitecture: all\nDescription: x\n y\n", "/usr/bin/a\n/bin/a\r\n/.\n", "/usr/bin/a\n/usr/bin/a.moved\nb\n")
	f.Add("PACKAGE: a\nstatus: install ok installed\n\nPackage: b\nStatus: install ok installed\n", "/usr\n/usr/lib/x\n", "")
	f.Add("Pac\u212aage: a\nStatus: install ok installed\n", "//x/../y\n", "/x\n")
	f.Add("# c\nPackage: a\n#x: y\n", "", "")
	f.Fuzz(func(t *testing.T, status, listA, divs string) {
		sameParse(t, []byte(status))
		fsys := fstest.MapFS{
			StatusFile: {Data: []byte("Package: a\nStatus: install ok installed\nArchitecture: all\n\n" +
				"Package: b\nStatus: install ok installed\nArchitecture: all\n")},
			InfoDir + "/a.list": {Data: []byte(listA)},
			InfoDir + "/b.list": {Data: []byte(listA + "\n/usr/bin/b\n")},
			DiversionsFile:      {Data: []byte(divs)},
		}
		sameOwnership(t, fsys)
	})
}
