package npm

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
)

// maxLinkFiles caps the loaded files whose imports loadedLinks reads: a
// run that loads more (a large bundler's test) is read up to it, the
// first files by name, at about 1 ms of CPU each.
const maxLinkFiles = 20000

// loadedLinks reads the imports of the installed JavaScript files the
// traced run loaded (Env.Processes) and returns the links they make
// beyond the recorded dependency edges: a loaded package's require of
// another installed package its package.json does not list — inside a
// try block, or an import() with a catch, an optional import (debug's
// require("supports-color"), which loads supports-color whenever
// something else installed it); otherwise an import (an undeclared peer
// of the package's). Only what the package itself would get from Node's
// resolution (its own node_modules, then each enclosing one) is linked,
// each once, at its first place ("debug/src/node.js:42"). Files esbuild
// cannot parse are passed over: a link found is evidence, one missed
// only leaves a load unexplained. Files whose literals name no package
// that could be linked are not parsed at all (linksAny).
func (v *inventory) loadedLinks(env ecosystems.Env) []ecosystems.Link {
	owners := map[string]*installed{}
	for _, pr := range env.Processes {
		for _, f := range pr.Files {
			if _, ok := sourceExts[filepath.Ext(f)]; !ok || isDeclaration(f) {
				continue
			}
			if q := v.owner(f); q != nil {
				owners[f] = q
			}
		}
	}
	if len(owners) == 0 {
		return nil
	}
	// Only a file whose string literals name, in an import or a require,
	// a package its own package does not list and that it would find
	// installed can make a link: the others are spared esbuild's parse
	// (a bundle such as typescript.js takes a second of it).
	texts := map[string][]byte{}
	for f, from := range owners {
		data, err := projfile.ReadFile(f, projfile.MaxMetadata)
		if err != nil {
			continue
		}
		if _, specs, unsure := scanCalls(string(data), true); unsure || v.linksAny(from, specs) {
			texts[f] = data
		}
	}
	files := make([]string, 0, len(texts))
	for f := range texts {
		files = append(files, f)
	}
	sort.Strings(files)
	if len(files) > maxLinkFiles {
		files = files[:maxLinkFiles]
	}
	read := func(name string) ([]byte, error) {
		if data, ok := texts[name]; ok {
			return data, nil
		}
		return projfile.ReadFile(name, projfile.MaxMetadata)
	}
	res := scanFiles(files, read, false)
	guarded := guardedFiles(res.catching, read, res.failed)
	sort.SliceStable(res.recs, func(i, j int) bool {
		a, b := res.recs[i], res.recs[j]
		if a.file != b.file {
			return a.file < b.file
		}
		return a.line < b.line
	})
	type key struct {
		from, to string
		kind     ecosystems.LinkKind
	}
	seen := map[key]bool{}
	var out []ecosystems.Link
	for _, r := range res.recs {
		from := owners[r.file]
		name, ok := packageOf(r.spec)
		if from == nil || !ok || name == from.name || r.mark != "" {
			continue
		}
		q := v.resolve(from.real, name)
		if q == nil || q.workspace || q == from || slices.Contains(from.edges, q.name) {
			continue
		}
		kind := ecosystems.LinkImport
		if r.dynamic && guarded[guardKey{r.file, r.spec}] {
			kind = ecosystems.LinkOptional
		}
		k := key{from.name, q.name, kind}
		if seen[k] {
			continue
		}
		seen[k] = true
		rel, err := filepath.Rel(from.real, r.file)
		if err != nil {
			rel = filepath.Base(r.file)
		}
		out = append(out, ecosystems.Link{
			From: from.name, To: q.name, Kind: kind,
			Detail: fmt.Sprintf("%s/%s:%d", from.name, filepath.ToSlash(rel), r.line),
		})
	}
	return out
}

// linksAny reports whether one of the module names specs, imported by
// a file of from, may make a link: a package other than from, not among
// its edges, that from would find installed.
func (v *inventory) linksAny(from *installed, specs []string) bool {
	for _, spec := range specs {
		name, ok := packageOf(spec)
		if !ok || name == from.name || slices.Contains(from.edges, name) {
			continue
		}
		if q := v.resolve(from.real, name); q != nil && !q.workspace && q != from {
			return true
		}
	}
	return false
}

// owner returns the installed package whose directory holds the file f
// (an absolute path, as opened or with links resolved): the innermost.
func (v *inventory) owner(f string) *installed {
	for d := filepath.Dir(f); ; {
		if p := v.byDir[d]; p != nil {
			if p.workspace {
				return nil
			}
			return p
		}
		parent := filepath.Dir(d)
		if parent == d {
			return nil
		}
		d = parent
	}
}
