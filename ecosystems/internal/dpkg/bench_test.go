package dpkg

import (
	"bytes"
	"os"
	"testing"
)

// BenchmarkDpkgOpen reads this machine's dpkg status, as every
// enumeration does before anything else (the pre-run read among them).
func BenchmarkDpkgOpen(b *testing.B) {
	sys := os.DirFS("/")
	if _, err := Open(sys); err != nil {
		b.Skipf("no dpkg database on this machine: %v", err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Open(sys); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDpkgLoad opens this machine's database and reads every
// package's file list and the diversions, as the enumeration after a
// traced run does.
func BenchmarkDpkgLoad(b *testing.B) {
	sys := os.DirFS("/")
	if _, err := Open(sys); err != nil {
		b.Skipf("no dpkg database on this machine: %v", err)
	}
	b.ReportAllocs()
	for b.Loop() {
		db, err := Open(sys)
		if err != nil {
			b.Fatal(err)
		}
		db.Owners("/usr/bin/true")
	}
}

// BenchmarkDpkgBase computes the distribution base of this machine's
// database, as every enumeration does.
func BenchmarkDpkgBase(b *testing.B) {
	db, err := Open(os.DirFS("/"))
	if err != nil {
		b.Skipf("no dpkg database on this machine: %v", err)
	}
	b.ReportAllocs()
	for b.Loop() {
		db.Base()
	}
}

// BenchmarkReaders runs each reader of this machine's database beside the
// one it replaced (legacy_test.go), in one run, so that the ratio is
// measured on the same machine under the same load: the status parse
// (the whole of the read before a traced run) and the lists (the read
// after it).
func BenchmarkReaders(b *testing.B) {
	status, err := os.ReadFile("/" + StatusFile)
	if err != nil {
		b.Skipf("no dpkg database on this machine: %v", err)
	}
	db, err := Open(os.DirFS("/"))
	if err != nil {
		b.Fatal(err)
	}
	for _, bm := range []struct {
		name string
		run  func() error
	}{
		{"status/before", func() error { _, err := legacyParseStatus(bytes.NewReader(status), StatusFile); return err }},
		{"status/now", func() error { _, err := ParseStatus(bytes.NewReader(status), StatusFile); return err }},
		{"lists/before", func() error { legacyLoadDB(db); return nil }},
		{"lists/now", func() error {
			return (&DB{fsys: db.fsys, admin: db.admin, Packages: db.Packages}).load()
		}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := bm.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
