package gomod

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/envaudit/envaudit/ecosystems"
)

// workspace is a parsed go.work.
type workspace struct {
	uses     []string // slash-separated module directories relative to the root, cleaned
	useLines []int    // the line of each use directive
	replaces []*modfile.Replace
}

// goMod is one parsed go.mod of the project.
type goMod struct {
	rel string // slash-separated path relative to the root: "go.mod", "app/go.mod"; absolute or "../" for a go.work module outside the project
	f   *modfile.File
	// via is the go.work use directive that reaches a module outside the
	// project, where its requirements and its sources' imports are placed
	// (ecosystems.PosVia); zero for the project's own go.mod files.
	via ecosystems.Pos
}

// at returns the position of line in the go.mod, or the use directive that
// reaches it from outside the project.
func (m goMod) at(line int) ecosystems.Pos { return ecosystems.PosVia(m.rel, line, m.via) }

// readWork parses the project's go.work.
func readWork(src ecosystems.Source) (*workspace, error) {
	data, err := src.ReadFile("go.work")
	if err != nil {
		return nil, err
	}
	wf, err := modfile.ParseWork("go.work", data, nil)
	if err != nil {
		return nil, posError("go.work", err)
	}
	w := &workspace{replaces: wf.Replace}
	for _, u := range wf.Use {
		w.uses = append(w.uses, relDir(src.Root, u.Path))
		w.useLines = append(w.useLines, line(u.Syntax))
	}
	return w, nil
}

// relDir returns dir (as written in go.work or a replace directive, relative
// to root or absolute) relative to root and slash-separated when it lies
// inside root, else absolute. Without a root on disk (a git tree), a
// directory outside the project stays relative ("../shared").
func relDir(root, dir string) string {
	if root == "" {
		return path.Clean(filepath.ToSlash(dir))
	}
	d := filepath.FromSlash(dir)
	if !filepath.IsAbs(d) {
		d = filepath.Join(root, d)
	}
	if r, err := filepath.Rel(root, d); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(filepath.Clean(d))
}

// joinRel joins a slash-separated directory and a file name.
func joinRel(dir, name string) string {
	return path.Clean(path.Join(dir, name))
}

// readGoMod parses the go.mod at rel (slash-separated, relative to the
// root, or absolute).
func readGoMod(src ecosystems.Source, rel string) (goMod, error) {
	data, err := src.ReadKind(rel, ecosystems.KindManifest)
	if err != nil {
		return goMod{}, err
	}
	return parseGoMod(rel, data)
}

// parseGoMod parses the contents of the go.mod at rel.
func parseGoMod(rel string, data []byte) (goMod, error) {
	f, err := modfile.Parse(rel, data, nil)
	if err != nil {
		return goMod{}, posError(rel, err)
	}
	if f.Module == nil {
		return goMod{}, ecosystems.Errorf(rel, 1, "no module directive")
	}
	return goMod{rel: rel, f: f}, nil
}

// readProject reads the project's go.work (nil when absent) and the go.mod
// files of its main modules: the workspace modules, or the root module.
func readProject(src ecosystems.Source) ([]goMod, *workspace, error) {
	var w *workspace
	rels := []string{"go.mod"}
	vias := []ecosystems.Pos{{}}
	if src.IsFile("go.work") {
		var err error
		if w, err = readWork(src); err != nil {
			return nil, nil, err
		}
		rels, vias = rels[:0], vias[:0]
		for i, u := range w.uses {
			rels = append(rels, joinRel(u, "go.mod"))
			via, _ := ecosystems.NewPos("", "go.work", w.useLines[i])
			vias = append(vias, via)
		}
	} else if !src.IsFile("go.mod") {
		return nil, nil, nil
	}
	var mods []goMod
	for i, rel := range rels {
		m, err := readGoMod(src, rel)
		m.via = vias[i]
		if err != nil {
			var pe *ecosystems.PosError
			if errors.As(err, &pe) {
				return nil, nil, err
			}
			return nil, nil, fmt.Errorf("read %q: %w", rel, err)
		}
		mods = append(mods, m)
	}
	return mods, w, nil
}

// declared returns D1 of the parsed main modules: the requirements their
// authors declared, requires without "// indirect" (runtime) and the
// modules providing tool directives (dev); and the requires marked
// "// indirect" (runtime, Indirect), which count as declared only where
// the project's sources import their module. Requirements naming a
// workspace module are project code and left out.
func declared(mods []goMod, w *workspace) []ecosystems.Dependency {
	mainMods := map[string]bool{}
	for _, m := range mods {
		mainMods[m.f.Module.Mod.Path] = true
	}
	var deps []ecosystems.Dependency
	for _, m := range mods {
		reps := m.f.Replace
		if w != nil {
			// go.work replacements override the modules' own.
			reps = append(append([]*modfile.Replace(nil), reps...), w.replaces...)
		}
		direct := map[string]bool{}
		for _, r := range m.f.Require {
			p := r.Mod.Path
			if mainMods[p] {
				continue
			}
			if !r.Indirect {
				direct[p] = true
			}
			deps = append(deps, ecosystems.Dependency{
				Name:     p,
				Spec:     r.Mod.Version + replaceSpec(reps, p, r.Mod.Version),
				Scope:    ecosystems.ScopeRuntime,
				Pos:      m.at(line(r.Syntax)),
				Indirect: r.Indirect,
			})
		}
		toolMods := map[string]bool{}
		for _, t := range m.f.Tool {
			r := providing(m.f, t.Path)
			if r == nil || mainMods[r.Mod.Path] || direct[r.Mod.Path] || toolMods[r.Mod.Path] {
				continue
			}
			toolMods[r.Mod.Path] = true
			d := ecosystems.Dependency{
				Name:  r.Mod.Path,
				Spec:  r.Mod.Version + replaceSpec(reps, r.Mod.Path, r.Mod.Version),
				Scope: ecosystems.ScopeDev,
				Pos:   m.at(line(t.Syntax)),
			}
			if t.Path != r.Mod.Path {
				d.Raw = t.Path
			}
			deps = append(deps, d)
		}
	}
	sort.SliceStable(deps, func(i, j int) bool {
		a, b := deps[i].Pos, deps[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	return deps
}

// providing returns the requirement whose module provides package pkg: the
// longest required module path that is pkg or a path prefix of it.
func providing(f *modfile.File, pkg string) *modfile.Require {
	var best *modfile.Require
	for _, r := range f.Require {
		p := r.Mod.Path
		if pkg == p || strings.HasPrefix(pkg, p+"/") {
			if best == nil || len(p) > len(best.Mod.Path) {
				best = r
			}
		}
	}
	return best
}

// replaceSpec returns " => new [version]" for the replacement of module p
// at version v (a replacement naming a version applies to it alone and wins
// over one for all versions), or "".
func replaceSpec(reps []*modfile.Replace, p, v string) string {
	var any, exact *modfile.Replace
	for _, r := range reps {
		if r.Old.Path != p {
			continue
		}
		switch r.Old.Version {
		case "":
			any = r
		case v:
			exact = r
		}
	}
	r := exact
	if r == nil {
		r = any
	}
	if r == nil {
		return ""
	}
	s := " => " + r.New.Path
	if r.New.Version != "" {
		s += " " + r.New.Version
	}
	return s
}

func line(l *modfile.Line) int {
	if l == nil {
		return 0
	}
	return l.Start.Line
}

// posError turns an error of modfile.Parse or ParseWork, which already
// reads `go.mod:3: unknown directive: foo`, into an *ecosystems.PosError
// with the same file and line; the modfile error stays reachable through
// errors.As.
func posError(file string, err error) error {
	var list modfile.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		return fromModfile(file, &list[0])
	}
	var e *modfile.Error
	if errors.As(err, &e) {
		return fromModfile(file, e)
	}
	// The syntax parser reports "file:line:col: message" as a plain error.
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, file+":"); ok {
		n := 0
		i := 0
		for i < len(rest) && '0' <= rest[i] && rest[i] <= '9' {
			n = n*10 + int(rest[i]-'0')
			i++
		}
		if i > 0 && i < len(rest) && rest[i] == ':' {
			rest = rest[i+1:]
			// Drop a column, if any.
			j := 0
			for j < len(rest) && '0' <= rest[j] && rest[j] <= '9' {
				j++
			}
			if j > 0 && j < len(rest) && rest[j] == ':' {
				rest = rest[j+1:]
			}
			return ecosystems.ErrorAt(file, n, &wrapped{strings.TrimSpace(rest), err})
		}
	}
	return ecosystems.ErrorAt(file, 0, err)
}

func fromModfile(file string, e *modfile.Error) error {
	msg := e.Err.Error()
	switch {
	case e.ModPath != "":
		msg = e.Verb + " " + e.ModPath + ": " + msg
	case e.Verb != "":
		msg = e.Verb + ": " + msg
	}
	return ecosystems.ErrorAt(file, e.Pos.Line, &wrapped{msg, e})
}

// wrapped is a message stripped of its position that unwraps to the
// original modfile error.
type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }
