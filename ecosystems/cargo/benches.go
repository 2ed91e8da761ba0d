package cargo

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
)

// benchImports reads what the sources of the bench targets import (the
// part of Imports rustc's records cannot give): `cargo test` does not build benches (a bench
// target is built only by cargo bench, --benches or --all-targets), so
// rustc's unused-crate verdict, which decides every other target's use,
// says nothing of a dev-dependency only a bench uses; its `extern crate`
// or `use` at file:line says the project needs it there. A bench target is
// each benches/*.rs and benches/*/main.rs of a package (unless autobenches
// = false) and each [[bench]]'s path. Only the crates the package declares
// are named, by the name its code uses (decls' extern names: a renamed
// dependency's key, else the crate's library name); every import is a
// test's, since benches build with the dev-dependencies.
//
// The other targets' sources are not read — rustc judges them. A project
// without bench sources has nothing to read, and answers nil; read lists
// the files read.
func (pr *project) benchImports(ctx context.Context, decls []decl) (_ *ecosystems.Imports, read []string, _ error) {
	var out ecosystems.Imports
	for _, m := range pr.members {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		crates := externsOf(m, decls) // the name the code uses → the declared package
		files, err := benchSources(pr.src, m)
		if err != nil {
			return nil, nil, err
		}
		for _, f := range files {
			data, err := pr.src.ReadFile(f)
			if err != nil {
				return nil, nil, err
			}
			if len(data) > maxRustSource {
				out.Warnings = append(out.Warnings, fmt.Sprintf("%s: larger than %d bytes, not read for imports", f, maxRustSource))
				continue
			}
			read = append(read, f)
			for _, u := range rustUses(data) {
				if pkg, ok := crates[u.crate]; ok {
					out.List = append(out.List, ecosystems.Import{
						Package: pkg, Module: u.crate, Kind: ecosystems.ImportRuntime, Test: true,
						Pos: ecosystems.PosVia(f, u.line, ecosystems.Pos{}),
					})
				}
			}
		}
	}
	if len(read) == 0 && len(out.Warnings) == 0 {
		return nil, nil, nil
	}
	out.Files = len(read)
	return &out, read, nil
}

// maxRustSource bounds the size of a bench source read for imports.
const maxRustSource = 4 << 20

// benchSources returns the source files of m's bench targets, relative to
// the root and sorted: the target roots cargo discovers under benches/
// (unless [package] autobenches = false) and the [[bench]] paths.
func benchSources(src ecosystems.Source, m *manifest) ([]string, error) {
	join := func(p string) string { return path.Clean(path.Join(m.dir, p)) }
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if !seen[p] && src.IsFile(p) {
			seen[p] = true
			out = append(out, p)
		}
	}
	auto := true
	if v := m.doc.root.Lookup("package", "autobenches"); v != nil && v.Kind == posdoc.Bool {
		auto = v.Text == "true"
	}
	if auto {
		entries, err := src.ReadDir(join("benches"))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		for _, e := range entries {
			switch {
			case e.IsDir():
				add(join("benches/" + e.Name() + "/main.rs"))
			case strings.HasSuffix(e.Name(), ".rs"):
				add(join("benches/" + e.Name()))
			}
		}
	}
	if b := m.doc.root.Get("bench"); b != nil && b.Kind == posdoc.Array {
		for _, t := range b.Elems {
			if t.Kind != posdoc.Table {
				continue
			}
			if p := t.Get("path"); p != nil && p.Kind == posdoc.String && !path.IsAbs(p.Text) && !strings.HasPrefix(path.Clean(p.Text), "..") {
				add(join(p.Text))
			} else if n := t.Get("name"); n != nil && n.Kind == posdoc.String && !strings.ContainsAny(n.Text, "/\\") {
				add(join("benches/" + n.Text + ".rs"))
				add(join("benches/" + n.Text + "/main.rs"))
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// rustUse is a crate a Rust source names in an `extern crate` or a `use`
// item, at its line.
type rustUse struct {
	crate string
	line  int
}

// The items that name a crate: `extern crate name`, and a `use` whose path
// starts with it (`use name::x`, `pub use ::name`, `use name;`). A path in
// braces (`use {a::x, b}`) names each first segment.
var (
	externCrate = regexp.MustCompile(`\bextern\s+crate\s+([A-Za-z_][A-Za-z0-9_]*)`)
	useItem     = regexp.MustCompile(`\buse\s+(?:::)?([A-Za-z_][A-Za-z0-9_]*|\{)`)
	braceFirst  = regexp.MustCompile(`(?:^|[{,])\s*(?:::)?([A-Za-z_][A-Za-z0-9_]*)`)
)

// notCrates are the first path segments of a `use` that name no crate.
var notCrates = map[string]bool{"crate": true, "self": true, "super": true, "std": true, "core": true, "alloc": true}

// rustUses returns the crates src names in `extern crate` and `use`
// items, line by line, with line comments, block comments and string
// literals left out (a `use` in a doc comment's example is no import of
// the target's).
func rustUses(src []byte) []rustUse {
	var out []rustUse
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 0, 64*1024), maxRustSource)
	inBlock := 0
	for n := 1; sc.Scan(); n++ {
		line, depth := codeOf(sc.Text(), inBlock)
		inBlock = depth
		for _, m := range externCrate.FindAllStringSubmatch(line, -1) {
			out = append(out, rustUse{crate: m[1], line: n})
		}
		for _, loc := range useItem.FindAllStringSubmatchIndex(line, -1) {
			first := line[loc[2]:loc[3]]
			if first != "{" {
				if !notCrates[first] {
					out = append(out, rustUse{crate: first, line: n})
				}
				continue
			}
			inner := line[loc[2]:]
			if end := strings.IndexByte(inner, '}'); end >= 0 {
				inner = inner[:end]
			}
			for _, m := range braceFirst.FindAllStringSubmatch(inner, -1) {
				if !notCrates[m[1]] {
					out = append(out, rustUse{crate: m[1], line: n})
				}
			}
		}
	}
	return out
}

// codeOf returns the code of one line with comments and string literals
// blanked, given how deep in block comments the line starts, and how deep
// it ends.
func codeOf(line string, depth int) (string, int) {
	var b strings.Builder
	inString := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case depth > 0:
			if strings.HasPrefix(line[i:], "*/") {
				depth--
				i++
			} else if strings.HasPrefix(line[i:], "/*") {
				depth++
				i++
			}
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case strings.HasPrefix(line[i:], "//"):
			return b.String(), depth
		case strings.HasPrefix(line[i:], "/*"):
			depth++
			i++
		case c == '"':
			inString = true
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), depth
}
