package npm

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/envaudit/envaudit/ecosystems"
)

// maxLockBytes bounds the pnpm and Yarn lockfiles read: a lockfile of a
// monorepo with thousands of packages is a few megabytes.
const maxLockBytes = 64 << 20

// An otherLock is the dependency graph pnpm-lock.yaml or yarn.lock
// records: every resolved package (a name at a version; pnpm keeps one
// node per set of peers), the edges between them, and how the
// project's declarations resolve. It gives what package-lock.json's
// "packages" map gives: which installed packages are dev-only or optional,
// and the cross-check of declarations and installed versions.
type otherLock struct {
	file  string
	nodes map[string]*lockNode // by id: pnpm's snapshot key, Yarn's resolution
	// importers (pnpm) maps a project directory ("." or a workspace's) to
	// its declarations' nodes by name.
	importers map[string]map[string]string
	// descriptors (Yarn) maps each descriptor a lockfile entry lists
	// ("debug@^2.6.9", "debug@npm:4.3.4") to its node.
	descriptors map[string]string
}

// A lockNode is one resolved package of an otherLock.
type lockNode struct {
	name, version string
	deps          []string // ids, resolved
	optional      bool     // pnpm's own mark: reached only through optional edges
	dev, opt      bool     // classified by classify
}

// readOtherLock reads pnpm-lock.yaml, else yarn.lock. It returns nil
// without either.
func readOtherLock(src ecosystems.Source) (*otherLock, error) {
	for _, name := range otherLockFiles {
		data, err := src.ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if len(data) > maxLockBytes {
			return nil, ecosystems.Errorf(name, 1, "%d bytes, more than the %d read", len(data), maxLockBytes)
		}
		if name == "pnpm-lock.yaml" {
			return parsePnpmLock(name, data)
		}
		return parseYarnLock(name, data)
	}
	return nil, nil
}

// yamlErrLine finds the line number in a YAML parser message.
var yamlErrLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlTypeErrLine finds the line number in one of a TypeError's messages.
var yamlTypeErrLine = regexp.MustCompile(`^line (\d+): (.*)$`)

// decodeYAML decodes data into v, positioning a syntax error at its line.
func decodeYAML(file string, data []byte, v any) error {
	if err := yaml.Unmarshal(data, v); err != nil {
		msg := strings.TrimPrefix(strings.SplitN(err.Error(), "\n", 2)[0], "yaml: unmarshal errors:")
		if m := yamlErrLine.FindStringSubmatch(strings.TrimSpace(err.Error())); m != nil {
			line, _ := strconv.Atoi(m[1])
			return ecosystems.Errorf(file, line, "%s", m[2])
		}
		var te *yaml.TypeError
		if errors.As(err, &te) && len(te.Errors) > 0 {
			if m := yamlTypeErrLine.FindStringSubmatch(te.Errors[0]); m != nil {
				line, _ := strconv.Atoi(m[1])
				return ecosystems.Errorf(file, line, "%s", m[2])
			}
		}
		return ecosystems.Errorf(file, 1, "%s", strings.TrimSpace(msg))
	}
	return nil
}

// pnpmDep is a declaration in a pnpm importer.
type pnpmDep struct {
	Specifier string `yaml:"specifier"`
	Version   string `yaml:"version"`
}

// parsePnpmLock parses a pnpm-lock.yaml of lockfileVersion 9 (pnpm 9 and
// 10): "importers" (each project directory's declarations, resolved to
// a snapshot key's version) and "snapshots" (each package with its peers
// resolved, and its dependencies).
func parsePnpmLock(file string, data []byte) (*otherLock, error) {
	var lf struct {
		LockfileVersion string `yaml:"lockfileVersion"`
		Importers       map[string]struct {
			Dependencies         map[string]pnpmDep `yaml:"dependencies"`
			DevDependencies      map[string]pnpmDep `yaml:"devDependencies"`
			OptionalDependencies map[string]pnpmDep `yaml:"optionalDependencies"`
		} `yaml:"importers"`
		Snapshots map[string]struct {
			Dependencies         map[string]string `yaml:"dependencies"`
			OptionalDependencies map[string]string `yaml:"optionalDependencies"`
			Optional             bool              `yaml:"optional"`
		} `yaml:"snapshots"`
	}
	if err := decodeYAML(file, data, &lf); err != nil {
		return nil, err
	}
	if major, _, _ := strings.Cut(lf.LockfileVersion, "."); major != "9" {
		return nil, ecosystems.Errorf(file, lineOf(data, "lockfileVersion"), "lockfileVersion %q is not read (pnpm 9 and later write 9.0)", lf.LockfileVersion)
	}
	l := &otherLock{file: file, nodes: map[string]*lockNode{}, importers: map[string]map[string]string{}}
	for key, s := range lf.Snapshots {
		name, version, ok := splitNameVersion(key)
		if !ok {
			return nil, ecosystems.Errorf(file, lineOf(data, key), "snapshot %q is not <name>@<version>", key)
		}
		n := &lockNode{name: name, version: pnpmVersion(version), optional: s.Optional}
		for _, deps := range []map[string]string{s.Dependencies, s.OptionalDependencies} {
			for dep, v := range deps {
				n.deps = append(n.deps, pnpmID(dep, v))
			}
		}
		sort.Strings(n.deps)
		l.nodes[key] = n
	}
	for dir, im := range lf.Importers {
		m := map[string]string{}
		for _, deps := range []map[string]pnpmDep{im.Dependencies, im.DevDependencies, im.OptionalDependencies} {
			for name, d := range deps {
				m[name] = pnpmID(name, d.Version)
			}
		}
		l.importers[dir] = m
	}
	return l, nil
}

// pnpmID returns the snapshot key a dependency's version names:
// name@version, or for an alias ("string-width-cjs" installing
// string-width, version "string-width@4.2.3") the version itself, the key
// of the package it installs. A link to a directory is no node.
func pnpmID(name, version string) string {
	if strings.HasPrefix(version, "link:") || strings.HasPrefix(version, "file:") {
		return ""
	}
	if v := pnpmVersion(version); len(v) > 1 && strings.Contains(v[1:], "@") {
		return version
	}
	return name + "@" + version
}

// pnpmVersion strips the peers pnpm appends to a version:
// "4.3.4(supports-color@8.1.1)" is 4.3.4.
func pnpmVersion(v string) string {
	if i := strings.IndexByte(v, '('); i >= 0 {
		return v[:i]
	}
	return v
}

// splitNameVersion splits "name@version" or "@scope/name@version" at the
// "@" after the name.
func splitNameVersion(s string) (name, version string, ok bool) {
	i := strings.IndexByte(s[min(1, len(s)):], '@')
	if i < 0 {
		return "", "", false
	}
	i++
	if len(s) > 0 && s[0] != '@' {
		i = strings.IndexByte(s, '@')
	}
	if i <= 0 || i == len(s)-1 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}

// lineOf returns the line of the first occurrence of text in data, or 1.
func lineOf(data []byte, text string) int {
	if i := bytes.Index(data, []byte(text)); i >= 0 {
		return bytes.Count(data[:i], []byte("\n")) + 1
	}
	return 1
}

// parseYarnLock parses a yarn.lock: Yarn 2 and later write YAML with a
// __metadata entry; Yarn 1 its own format ("# yarn lockfile v1").
func parseYarnLock(file string, data []byte) (*otherLock, error) {
	if !bytes.Contains(data, []byte("\n__metadata:")) && !bytes.HasPrefix(data, []byte("__metadata:")) {
		return parseYarn1Lock(file, data)
	}
	var lf map[string]struct {
		Version              string            `yaml:"version"`
		Resolution           string            `yaml:"resolution"`
		Dependencies         map[string]string `yaml:"dependencies"`
		OptionalDependencies map[string]string `yaml:"optionalDependencies"`
	}
	if err := decodeYAML(file, data, &lf); err != nil {
		return nil, err
	}
	l := &otherLock{file: file, nodes: map[string]*lockNode{}, descriptors: map[string]string{}}
	deps := map[string]map[string]string{}
	for key, e := range lf {
		if key == "__metadata" {
			continue
		}
		id := e.Resolution
		if id == "" {
			id = key
		}
		name, _, ok := splitNameVersion(id)
		if !ok {
			return nil, ecosystems.Errorf(file, lineOf(data, key), "entry %q: resolution %q is not <name>@<reference>", key, id)
		}
		l.nodes[id] = &lockNode{name: name, version: e.Version}
		for _, d := range strings.Split(key, ",") {
			l.descriptors[strings.TrimSpace(d)] = id
		}
		all := map[string]string{}
		for n, r := range e.Dependencies {
			all[n] = r
		}
		for n, r := range e.OptionalDependencies {
			all[n] = r
		}
		deps[id] = all
	}
	l.link(deps)
	return l, nil
}

// link resolves each node's dependency ranges (name → range, by node id)
// to the nodes their descriptors name.
func (l *otherLock) link(deps map[string]map[string]string) {
	for id, ds := range deps {
		n := l.nodes[id]
		for name, r := range ds {
			if to := l.descriptor(name, r); to != "" {
				n.deps = append(n.deps, to)
			}
		}
		sort.Strings(n.deps)
	}
}

// descriptor returns the node a declaration or dependency name@range
// resolves to, or "".
func (l *otherLock) descriptor(name, r string) string {
	if id := l.descriptors[name+"@"+r]; id != "" {
		return id
	}
	return l.descriptors[name+"@npm:"+r]
}

// parseYarn1Lock parses Yarn 1's lockfile format: entries whose header
// lists their descriptors ("debug@^2.6.9, debug@2.6.9:"), each with
// indented fields ("version "2.6.9"") and blocks of dependencies.
func parseYarn1Lock(file string, data []byte) (*otherLock, error) {
	l := &otherLock{file: file, nodes: map[string]*lockNode{}, descriptors: map[string]string{}}
	deps := map[string]map[string]string{}
	var cur string // the current entry's id
	var descs []string
	block := "" // the field whose indented block is being read
	finish := func(line int) error {
		if descs == nil {
			return nil
		}
		n := l.nodes[cur]
		if n.version == "" {
			return ecosystems.Errorf(file, line, "entry %q has no version", strings.Join(descs, ", "))
		}
		// Yarn 1 has no resolution field: an entry is its name at its
		// version, shared by every descriptor it lists.
		id := n.name + "@" + n.version
		if prev := l.nodes[id]; prev != nil && prev != n {
			for d, r := range deps[cur] {
				deps[id][d] = r
			}
		} else {
			l.nodes[id] = n
			deps[id] = deps[cur]
		}
		delete(l.nodes, cur)
		delete(deps, cur)
		for _, d := range descs {
			l.descriptors[d] = id
		}
		descs = nil
		return nil
	}
	start := 0
	for i, text := range strings.Split(string(data), "\n") {
		line := i + 1
		text = strings.TrimRight(text, "\r")
		trimmed := strings.TrimLeft(text, " ")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		indent := len(text) - len(trimmed)
		switch {
		case indent == 0:
			if err := finish(start); err != nil {
				return nil, err
			}
			head, ok := strings.CutSuffix(trimmed, ":")
			if !ok {
				return nil, ecosystems.Errorf(file, line, "entry header %q does not end with a colon", trimmed)
			}
			for _, d := range strings.Split(head, ",") {
				d, err := unquoteYarn(strings.TrimSpace(d))
				if err != nil {
					return nil, ecosystems.Errorf(file, line, "descriptor: %v", err)
				}
				descs = append(descs, d)
			}
			name, _, ok := splitNameVersion(descs[0])
			if !ok {
				return nil, ecosystems.Errorf(file, line, "descriptor %q is not <name>@<range>", descs[0])
			}
			cur, start, block = fmt.Sprintf("\x00%d", line), line, ""
			l.nodes[cur] = &lockNode{name: name}
			deps[cur] = map[string]string{}
		case descs == nil:
			return nil, ecosystems.Errorf(file, line, "indented line outside an entry")
		case indent == 2:
			key, value, _ := strings.Cut(trimmed, " ")
			block = ""
			if strings.HasSuffix(key, ":") && value == "" {
				block = strings.TrimSuffix(key, ":")
				continue
			}
			v, err := unquoteYarn(value)
			if err != nil {
				return nil, ecosystems.Errorf(file, line, "%s: %v", key, err)
			}
			if key == "version" {
				l.nodes[cur].version = v
			}
		case indent >= 4 && (block == "dependencies" || block == "optionalDependencies"):
			key, value, ok := strings.Cut(trimmed, " ")
			if !ok {
				return nil, ecosystems.Errorf(file, line, "dependency %q has no range", trimmed)
			}
			k, err1 := unquoteYarn(key)
			v, err2 := unquoteYarn(value)
			if err := errors.Join(err1, err2); err != nil {
				return nil, ecosystems.Errorf(file, line, "dependency: %v", err)
			}
			deps[cur][k] = v
		case indent >= 4:
			// another block's entries (peerDependenciesMeta, ...)
		default:
			return nil, ecosystems.Errorf(file, line, "unexpected indentation of %d spaces", indent)
		}
	}
	if err := finish(start); err != nil {
		return nil, err
	}
	l.link(deps)
	return l, nil
}

// unquoteYarn returns a Yarn 1 value or key, double-quoted or bare.
func unquoteYarn(s string) (string, error) {
	if !strings.HasPrefix(s, `"`) {
		if s == "" || strings.ContainsAny(s, `"`) {
			return "", fmt.Errorf("malformed value %q", s)
		}
		return s, nil
	}
	return strconv.Unquote(s)
}

// rootID returns the node a declaration of the project directory dir ("."
// or a workspace's) resolves to, or "".
func (l *otherLock) rootID(dir string, d ecosystems.Dependency) string {
	if l.importers != nil {
		return l.importers[dir][d.Name]
	}
	return l.descriptor(d.Name, d.Spec)
}

// classify marks the nodes only dev declarations reach as dev, and those
// only optional declarations (or pnpm's optional mark) reach as optional.
func (l *otherLock) classify(roots map[ecosystems.Scope][]string) {
	reach := func(scopes ...ecosystems.Scope) map[string]bool {
		seen := map[string]bool{}
		var stack []string
		for _, s := range scopes {
			stack = append(stack, roots[s]...)
		}
		for len(stack) > 0 {
			id := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[id] || l.nodes[id] == nil {
				continue
			}
			seen[id] = true
			stack = append(stack, l.nodes[id].deps...)
		}
		return seen
	}
	prod := reach(ecosystems.ScopeRuntime, ecosystems.ScopePeer)
	opt := reach(ecosystems.ScopeOptional)
	dev := reach(ecosystems.ScopeDev)
	for id, n := range l.nodes {
		n.dev = dev[id] && !prod[id] && !opt[id]
		n.opt = n.optional || opt[id] && !prod[id]
	}
}

// byName returns the nodes by name, then by version.
func (l *otherLock) byName() map[string]map[string][]*lockNode {
	out := map[string]map[string][]*lockNode{}
	for _, n := range l.nodes {
		if out[n.name] == nil {
			out[n.name] = map[string][]*lockNode{}
		}
		out[n.name][n.version] = append(out[n.name][n.version], n)
	}
	return out
}

// crossCheckOther does for pnpm-lock.yaml and yarn.lock what crossCheck
// and unresolvedOptional do for package-lock.json: the project's
// declarations resolve to the lockfile's nodes, which classify walks to
// mark the dev-only packages; a declaration the lockfile lacks is a
// warning (an optional one that is not installed either is Unlocked);
// an installed package the lockfile lacks or records at another version
// is a warning, as is a locked package neither dev-only nor optional that
// is not installed.
func (v *inventory) crossCheckOther(inv *ecosystems.Inventory, l *otherLock, root *manifest, ws []workspace) {
	internal := map[string]bool{}
	for _, w := range ws {
		internal[w.name] = true
	}
	roots := map[ecosystems.Scope][]string{}
	type declarer struct {
		dir, real string
		m         *manifest
	}
	ds := []declarer{{".", v.rootReal, root}}
	for _, w := range ws {
		r := filepath.Join(v.rootReal, filepath.FromSlash(w.dir))
		if rr, err := filepath.EvalSymlinks(r); err == nil {
			r = rr
		}
		ds = append(ds, declarer{w.dir, r, w.manifest})
	}
	for _, dc := range ds {
		for _, d := range dc.m.deps {
			if internal[d.Name] || dc.m.optionalPeers[d.Name] || localSpec(d.Spec) {
				continue
			}
			id := l.rootID(dc.dir, d)
			if id != "" && l.nodes[id] != nil {
				roots[d.Scope] = append(roots[d.Scope], id)
				continue
			}
			switch {
			case d.Scope == ecosystems.ScopePeer:
				// pnpm and Yarn record a peer the project also installs
				// under its other declaration, if any.
			case d.Scope == ecosystems.ScopeOptional && v.resolve(dc.real, d.Name) == nil:
				if !slices.Contains(inv.Unlocked, d.Name) {
					inv.Unlocked = append(inv.Unlocked, d.Name)
				}
			default:
				v.warnf("%s: %q is declared but not in %s: the lockfile is out of date with %s", d.Pos, d.Name, l.file, dc.m.file)
			}
		}
	}
	l.classify(roots)
	byName := l.byName()
	installed := map[string]bool{}
	for _, p := range v.pkgs {
		name := p.realName
		if name == "" || byName[name] == nil {
			name = p.name
		}
		installed[name+"@"+p.version] = true
		vs := byName[name]
		switch {
		case vs == nil:
			v.warnf("%s: installed but not in %s", p.loc, l.file)
		case p.version != "" && vs[p.version] == nil:
			v.warnf("%s: version %s installed, %s says %s", p.loc, p.version, l.file, strings.Join(slices.Sorted(maps.Keys(vs)), ", "))
		default:
			dev := len(vs[p.version]) > 0
			for _, n := range vs[p.version] {
				dev = dev && n.dev
			}
			p.dev = dev
		}
	}
	missing := map[string]bool{}
	dev := 0
	for id, n := range l.nodes {
		key := n.name + "@" + n.version
		if installed[key] || n.opt || strings.Contains(id, "@workspace:") || missing[key] {
			continue
		}
		missing[key] = true
		if n.dev {
			dev++
			continue
		}
		v.warnf("%s: in %s but not installed", key, l.file)
	}
	if dev > 0 {
		v.warnf("%d dev packages of %s are not installed (installed without dev dependencies?)", dev, l.file)
	}
}

// localSpec reports whether a version spec names a directory or workspace
// rather than a package of the registry: the lockfiles record those as
// links, not as packages.
func localSpec(spec string) bool {
	for _, p := range []string{"link:", "file:", "workspace:", "portal:", "./", "../", "/"} {
		if strings.HasPrefix(spec, p) {
			return true
		}
	}
	return false
}
