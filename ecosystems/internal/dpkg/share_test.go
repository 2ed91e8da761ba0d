package dpkg

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"
)

// copyFixture copies the fixture system to a temporary directory, where
// its files can change, their modification times an hour back: a change
// the test makes then shows in them however coarse the file system's
// clock (their change times stay recent, which only a later write moves).
func copyFixture(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "root")
	if err := os.CopyFS(dir, os.DirFS(fixtureRoot)); err != nil {
		t.Fatal(err)
	}
	past := time.Now().Add(-time.Hour)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Type()&fs.ModeSymlink != 0 {
			return err
		}
		return os.Chtimes(p, past, past)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// trustNow lets files just written be shared, as files older than
// racyWindow are.
func trustNow(t *testing.T) {
	was := racyWindow
	racyWindow = -time.Hour
	t.Cleanup(func() { racyWindow = was })
}

// TestShared: a database opened again from unchanged files is the one
// opened first, lists included; a change to any file it read (a list, the
// status file, the diversions, a list added to the info directory) opens
// it anew, and the new one reads the change.
func TestShared(t *testing.T) {
	trustNow(t)
	root := copyFixture(t)
	open := func() *DB {
		t.Helper()
		db, err := Open(os.DirFS(root))
		if err != nil {
			t.Fatal(err)
		}
		return db
	}
	first := open()
	if again := open(); again != first {
		t.Fatal("a second open of unchanged files read them again")
	}
	zlib := first.Lookup("zlib1g")[0]
	if _, err := first.Files(zlib); err != nil {
		t.Fatal(err)
	}
	if again := open(); again != first {
		t.Fatal("an open after the lists were read read them again")
	}

	// A list grows: the new database owns the new file.
	list := filepath.Join(root, first.ListFile(zlib))
	f, err := os.OpenFile(list, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("/usr/lib/x86_64-linux-gnu/libz.so.added\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	second := open()
	if second == first {
		t.Fatal("a changed list file was not read again")
	}
	if got := ids(second.Owners("/usr/lib/x86_64-linux-gnu/libz.so.added")); len(got) != 1 || got[0] != zlib.ID() {
		t.Errorf("Owners of the added file = %v, want [%s]", got, zlib.ID())
	}
	if again := open(); again != second {
		t.Fatal("the database read after the change was not shared")
	}

	// The status file, the diversions file and the info directory.
	for _, change := range []struct {
		what string
		do   func() error
	}{
		{"status", func() error { return appendFile(filepath.Join(root, StatusFile), "\n") }},
		{"diversions", func() error { return appendFile(filepath.Join(root, DiversionsFile), "") }},
		{"info directory", func() error {
			return os.WriteFile(filepath.Join(root, InfoDir, "new.list"), []byte("/usr/bin/new\n"), 0o644)
		}},
	} {
		before := open()
		if _, err := before.Files(zlib); err != nil {
			t.Fatal(err)
		}
		if err := change.do(); err != nil {
			t.Fatal(err)
		}
		if open() == before {
			t.Errorf("a change of the %s was not read again", change.what)
		}
	}
}

func appendFile(name, s string) error {
	f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if s == "" {
		// Touched: the same content, new change time.
		f.Close()
		now := time.Now().Add(time.Second)
		return os.Chtimes(name, now, now)
	}
	_, err = f.WriteString(s)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// TestSharedNotRacy: files changed just before they were read may change
// again without their times showing it, so a database that read them is
// not shared.
func TestSharedNotRacy(t *testing.T) {
	root := copyFixture(t)
	a, err := Open(os.DirFS(root))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Open(os.DirFS(root))
	if err != nil {
		t.Fatal(err)
	}
	if a == b {
		t.Error("a database of files written just now was shared")
	}
}

// TestSharedOnlyRealFiles: a file system that gives no inode and change
// time (fstest.MapFS) is read anew on every open.
func TestSharedOnlyRealFiles(t *testing.T) {
	trustNow(t)
	fsys := fstest.MapFS{
		"var/lib/dpkg/status": {Data: []byte("Package: a\nStatus: install ok installed\nVersion: 1\nArchitecture: all\n\n")},
	}
	a, err := Open(fsys)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Open(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if a == b {
		t.Error("a database of a MapFS was shared")
	}
}
