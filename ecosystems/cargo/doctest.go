package cargo

import (
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Doc tests are compiled by rustdoc, not by the compilations whose records
// give the lint's verdict: a crate that only the examples in a library's
// doc comments, or items under #[cfg(doctest)], name is reported unused by
// every rustc compilation, yet `cargo test` needs it to compile the doc
// tests. cargo keeps no record of a doc-test compilation, so the verdict
// for those crates rests on two facts: the run executed rustdoc (it
// compiled the doc tests), and the library's doc tests name the crate.

// ranRustdoc reports whether the traced run executed rustdoc.
func ranRustdoc(executables []string) bool {
	for _, e := range executables {
		if b := filepath.Base(e); b == "rustdoc" || strings.HasPrefix(b, "rustdoc-") {
			return true
		}
	}
	return false
}

// docLine is a line of doc-test code and its line number in the source.
type docLine struct {
	n    int
	text string
}

// doctestCode returns the code of the doc tests in a Rust source file, one
// string.
func doctestCode(src string) string {
	var b strings.Builder
	for _, l := range doctestLines(src) {
		b.WriteString(l.text)
		b.WriteByte('\n')
	}
	return b.String()
}

// doctestLines returns the code of the doc tests in a Rust source file,
// line by line with each line's number: the lines of each fenced block in
// its /// and //! comments that rustdoc compiles (no info string, or rust,
// and neither ignore, compile_fail nor another language), and each item
// under #[cfg(doctest)], which only rustdoc's doc-test pass compiles.
func doctestLines(src string) []docLine {
	var out []docLine
	lines := strings.Split(src, "\n")
	inFence, compiled := false, false
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		doc, ok := strings.CutPrefix(l, "///")
		if !ok {
			doc, ok = strings.CutPrefix(l, "//!")
		}
		if ok {
			doc = strings.TrimPrefix(doc, " ")
			if fence := strings.TrimSpace(doc); strings.HasPrefix(fence, "```") {
				if inFence {
					inFence = false
				} else {
					inFence, compiled = true, compiledFence(strings.TrimPrefix(fence, "```"))
				}
				continue
			}
			if inFence && compiled {
				out = append(out, docLine{i + 1, doc})
			}
			continue
		}
		inFence = false
		if cfgDoctest.MatchString(l) {
			// The item ends where its braces balance after the first
			// one, or at the first ; outside braces.
			depth, opened := 0, false
			for j := i + 1; j < len(lines); j++ {
				out = append(out, docLine{j + 1, lines[j]})
				depth += strings.Count(lines[j], "{") - strings.Count(lines[j], "}")
				opened = opened || strings.Contains(lines[j], "{")
				if depth <= 0 && (opened || strings.HasSuffix(strings.TrimSpace(lines[j]), ";")) {
					i = j
					break
				}
			}
		}
	}
	return out
}

var cfgDoctest = regexp.MustCompile(`^#\[\s*cfg\s*\(\s*doctest\s*\)\s*\]`)

// compiledFence reports whether rustdoc compiles a code block with the
// info string info: "", "rust", or only attributes such as no_run and
// should_panic (ignore, compile_fail and other languages are not
// compiled, or not expected to).
func compiledFence(info string) bool {
	for _, a := range strings.FieldsFunc(info, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		switch a {
		case "rust", "no_run", "should_panic", "test_harness", "edition2015", "edition2018", "edition2021", "edition2024", "allow_fail", "standalone_crate":
		default:
			return false
		}
	}
	return true
}

// namesCrate reports whether code names the extern crate ext: a path
// (ext::...), a use or an extern crate item.
func namesCrate(code, ext string) bool { return crateRef(ext).MatchString(code) }

// crateRef matches a path (ext::...), a use or an extern crate item
// naming the extern crate ext.
func crateRef(ext string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^A-Za-z0-9_:])` + regexp.QuoteMeta(ext) + `\s*::|\b(use|extern\s+crate)\s+` + regexp.QuoteMeta(ext) + `\b`)
}

// doctestCrates returns the packages among externs (extern name →
// package) that the doc tests of a member's library name (its sources
// under src/, read through the Source), each with the first doc-test line
// that names it, in the order of the sources and lines.
func (pr *project) doctestCrates(m *manifest, externs map[string]string) []docUse {
	exts := make([]string, 0, len(externs))
	for ext := range externs {
		exts = append(exts, ext)
	}
	sort.Strings(exts)
	refs := make([]*regexp.Regexp, len(exts))
	for i, ext := range exts {
		refs[i] = crateRef(ext)
	}
	seen := map[string]bool{}
	var out []docUse
	_ = fs.WalkDir(pr.src.FS, path.Join(m.dir, "src"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rs") || len(seen) == len(exts) {
			return nil
		}
		data, err := pr.src.ReadFile(p)
		if err != nil {
			return nil
		}
		for _, l := range doctestLines(string(data)) {
			for i, ext := range exts {
				if !seen[ext] && refs[i].MatchString(l.text) {
					seen[ext] = true
					out = append(out, docUse{pkg: externs[ext], file: p, line: l.n})
				}
			}
		}
		return nil
	})
	return out
}

// docUse is a package a doc test names, at the first line that names it.
type docUse struct {
	pkg  string
	file string
	line int
}
