package npm

import (
	"errors"
	"io/fs"
	"path"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
)

// maxExtends bounds a chain of tsconfig "extends": TypeScript reports a
// cycle, and a longer chain than this is no real project's.
const maxExtends = 16

// maxTsconfigReads is the work budget of reading a project's tsconfig
// files: how many files one readAliases may read, counting each time a
// file is read. Each file is read once however many files extend it, so
// a diamond of "extends" arrays costs its number of files, not its number
// of paths (2^depth); a monorepo has one tsconfig per workspace and a few
// shared bases, far below this, while a hostile one listing thousands of
// bases in one "extends" array stops here with an error instead.
const maxTsconfigReads = 4096

// aliases are the module aliases of the project's tsconfig.json (or
// jsconfig.json): compilerOptions.paths patterns, each resolved by the
// compiler to the project's own files, and compilerOptions.baseUrl, the
// directory non-relative specifiers are looked up in first. An import
// matching one is the project's own file, never a package.
type aliases struct {
	patterns []string // "@/*", "~lib/*", "config" as written
	baseURLs []string // directories relative to the root, slash-separated
}

// readAliases reads tsconfig.json, else jsconfig.json, at the root and
// every workspace directory, following "extends" of relative files.
// tsconfig files are JSONC (comments and trailing commas allowed); a
// malformed one is an error naming its file and line.
func readAliases(src ecosystems.Source, dirs []string) (aliases, error) {
	a, _, err := readAliasesBudget(src, dirs)
	return a, err
}

// readAliasesBudget is readAliases, also returning the budget it spent
// (the tests' and fuzz targets' work counter).
func readAliasesBudget(src ecosystems.Source, dirs []string) (aliases, *ecosystems.Budget, error) {
	var a aliases
	r := &tsconfigReader{src: src, budget: ecosystems.NewBudget("tsconfig files read through \"extends\"", maxTsconfigReads), done: map[string]bool{}}
	for _, dir := range dirs {
		for _, name := range []string{"tsconfig.json", "jsconfig.json"} {
			file := path.Join(dir, name)
			if !src.IsFile(file) {
				continue
			}
			if err := r.read(&a, file, file, 1, 0); err != nil {
				return aliases{}, r.budget, err
			}
			break
		}
	}
	return a, r.budget, nil
}

// tsconfigReader reads the tsconfig files of one readAliases: its budget,
// and the files whose aliases are already added (all of a file's aliases
// are added once it is read through, so a file extended again adds
// nothing; one still being read is read again, so a cycle meets
// maxExtends).
type tsconfigReader struct {
	src    ecosystems.Source
	budget *ecosystems.Budget
	done   map[string]bool
}

// read adds the aliases of one tsconfig file, after those of the file it
// extends (which it may override; both are kept, as the stricter reading
// would only miss an alias). from and line are where the file is named:
// the "extends" entry of the file that extends it, or the file itself.
func (r *tsconfigReader) read(a *aliases, file, from string, line, depth int) error {
	src := r.src
	if depth > maxExtends {
		return ecosystems.Errorf(file, 1, "\"extends\" chain longer than %d files (a cycle?)", maxExtends)
	}
	if r.done[file] {
		return nil
	}
	if err := r.budget.Spend(from, line, 1); err != nil {
		return err
	}
	defer func() { r.done[file] = true }()
	data, err := src.ReadFile(file)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && depth > 0 {
			return nil // an extended file outside the Source, or missing: tsc reports it
		}
		return err
	}
	doc, err := posdoc.ParseJSON(file, stripJSONC(data))
	if err != nil {
		return posError(err)
	}
	if doc.Kind != posdoc.Object {
		return ecosystems.Errorf(file, doc.Pos.Line, "top-level value is %s, want an object", doc.Kind)
	}
	dir := path.Dir(file)
	if ext := doc.Get("extends"); ext != nil {
		var bases []*posdoc.Value
		switch ext.Kind {
		case posdoc.String:
			bases = []*posdoc.Value{ext}
		case posdoc.Array:
			bases = ext.Elems
		}
		for _, b := range bases {
			if b.Kind != posdoc.String || !strings.HasPrefix(b.Text, ".") {
				continue // a package's shared config: no alias of the project's
			}
			base := path.Join(dir, b.Text)
			if !strings.HasSuffix(base, ".json") && !src.IsFile(base) {
				base += ".json"
			}
			if strings.HasPrefix(base, "../") || base == ".." {
				continue
			}
			if err := r.read(a, base, file, b.Pos.Line, depth+1); err != nil {
				return err
			}
		}
	}
	opts := doc.Get("compilerOptions")
	if opts == nil || opts.Kind != posdoc.Object {
		return nil
	}
	if b := opts.Get("baseUrl"); b != nil && b.Kind == posdoc.String {
		a.baseURLs = append(a.baseURLs, path.Join(dir, b.Text))
	}
	if p := opts.Get("paths"); p != nil && p.Kind == posdoc.Object {
		for _, m := range p.Members {
			if m.Key != "" {
				a.patterns = append(a.patterns, m.Key)
			}
		}
	}
	return nil
}

// own reports whether the specifier names the project's own file through
// an alias: it matches a paths pattern (at most one "*", matching
// anything), or its first segment is a file or directory under a baseUrl.
func (a aliases) own(src ecosystems.Source, spec string) bool {
	for _, p := range a.patterns {
		if pre, post, star := strings.Cut(p, "*"); star {
			if len(spec) >= len(pre)+len(post) && strings.HasPrefix(spec, pre) && strings.HasSuffix(spec, post) {
				return true
			}
		} else if spec == p {
			return true
		}
	}
	first, _, _ := strings.Cut(spec, "/")
	for _, b := range a.baseURLs {
		f := path.Join(b, first)
		if strings.HasPrefix(f, "../") || first == "" || first == "." || first == ".." {
			continue
		}
		if src.IsDir(f) && path.Base(f) != "node_modules" {
			return true
		}
		for ext := range sourceExts {
			if src.IsFile(f + ext) {
				return true
			}
		}
	}
	return false
}

// stripJSONC turns JSONC text (JSON with // and /* */ comments and
// trailing commas, as tsconfig.json is written) into JSON of the same
// length and lines: comments and trailing commas become blanks, newlines
// stay, so positions are those of the file as written.
func stripJSONC(data []byte) []byte {
	out := append([]byte(nil), data...)
	blank := func(i, j int) {
		for ; i < j; i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	comma := -1 // a comma that may turn out trailing
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case c == '"':
			j := i + 1
			for j < len(out) && out[j] != '"' && out[j] != '\n' {
				if out[j] == '\\' {
					j++
				}
				j++
			}
			i, comma = j, -1
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			j := i
			for j < len(out) && out[j] != '\n' {
				j++
			}
			blank(i, j)
			i = j
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			j := i + 2
			for j+1 < len(out) && (out[j] != '*' || out[j+1] != '/') {
				j++
			}
			end := min(j+2, len(out))
			blank(i, end)
			i = end - 1
		case c == ',':
			comma = i
		case c == '}' || c == ']':
			if comma >= 0 {
				out[comma] = ' '
			}
			comma = -1
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			comma = -1
		}
	}
	return out
}
