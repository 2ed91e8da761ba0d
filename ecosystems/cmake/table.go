package cmake

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"path"
	"strings"
)

// Library is one row of the library table (libraries.txt): a C/C++
// library and every name it goes by.
type Library struct {
	Name       string // CMake package name: the canonical name in reports
	HeaderOnly bool   // nothing of it is loaded at run time
	Test       bool   // a test framework
	Tool       bool   // a program the build runs
	Aliases    []string
	Links      []string // link names, possibly ending in *
	PkgConfig  []string
	Debs       []string // Debian packages, possibly globs
	Vcpkg      []string
	Conan      []string
	Repos      []string // owner/repo
	Fetch      []string // FetchContent names
	Cache      []string // CMakeCache variable prefixes besides Name
	Line       int      // line in the table
}

// Table maps the names of libraries to their rows. The zero value is
// empty; Libraries is the table envaudit ships.
type Table struct {
	libs  []*Library
	byKey map[string]*Library // "kind:lowercased name" → row
	globs map[string][]glob   // kind → patterns
}

type glob struct {
	pattern string
	lib     *Library
}

// The kinds of names a table maps.
const (
	keyCMake = "cmake"
	keyLink  = "link"
	keyPC    = "pc"
	keyDeb   = "deb"
	keyVcpkg = "vcpkg"
	keyConan = "conan"
	keyRepo  = "repo"
	keyFetch = "fetch"
)

//go:embed libraries.txt
var librariesTxt string

// Libraries is the table of known C/C++ libraries (libraries.txt, embedded).
var Libraries = mustParseTable(librariesTxt)

func mustParseTable(s string) *Table {
	t, err := ParseTable(strings.NewReader(s), "libraries.txt")
	if err != nil {
		panic(err)
	}
	return t
}

// ParseTable parses a library table in the format of libraries.txt. name
// is used in errors. Two rows claiming one name are an error.
func ParseTable(r io.Reader, name string) (*Table, error) {
	t := &Table{byKey: map[string]*Library{}, globs: map[string][]glob{}}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		lib := &Library{Name: fields[0], Line: line}
		for _, f := range fields[1:] {
			k, v, ok := strings.Cut(f, "=")
			if !ok {
				switch f {
				case "header-only":
					lib.HeaderOnly = true
				case "test":
					lib.Test = true
				case "tool":
					lib.Tool = true
				default:
					return nil, fmt.Errorf("%s:%d: unknown flag %q", name, line, f)
				}
				continue
			}
			vals := strings.Split(v, ",")
			for _, x := range vals {
				if x == "" {
					return nil, fmt.Errorf("%s:%d: empty name in %q", name, line, f)
				}
			}
			switch k {
			case "alias":
				lib.Aliases = vals
			case "link":
				lib.Links = vals
			case "pc":
				lib.PkgConfig = vals
			case "deb":
				lib.Debs = vals
			case "vcpkg":
				lib.Vcpkg = vals
			case "conan":
				lib.Conan = vals
			case "repo":
				lib.Repos = vals
			case "fetch":
				lib.Fetch = vals
			case "cache":
				lib.Cache = vals
			default:
				return nil, fmt.Errorf("%s:%d: unknown key %q", name, line, k)
			}
		}
		for _, kv := range []struct {
			kind  string
			names []string
		}{
			{keyCMake, append([]string{lib.Name}, lib.Aliases...)},
			{keyLink, lib.Links}, {keyPC, lib.PkgConfig}, {keyDeb, lib.Debs}, {keyVcpkg, lib.Vcpkg},
			{keyConan, lib.Conan}, {keyRepo, lib.Repos}, {keyFetch, lib.Fetch},
		} {
			for _, n := range kv.names {
				n = strings.ToLower(n)
				if strings.ContainsAny(n, "*?[") {
					t.globs[kv.kind] = append(t.globs[kv.kind], glob{n, lib})
					continue
				}
				key := kv.kind + ":" + n
				if other, dup := t.byKey[key]; dup && other != lib {
					return nil, fmt.Errorf("%s:%d: %s name %q is already %s's (line %d)", name, line, kv.kind, n, other.Name, other.Line)
				}
				t.byKey[key] = lib
			}
		}
		t.libs = append(t.libs, lib)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return t, nil
}

// lookup finds the row a name of a kind belongs to: exactly, else by the
// first pattern of that kind it matches.
func (t *Table) lookup(kind, name string) *Library {
	if t == nil {
		return nil
	}
	n := strings.ToLower(name)
	if lib := t.byKey[kind+":"+n]; lib != nil {
		return lib
	}
	for _, g := range t.globs[kind] {
		if ok, _ := path.Match(g.pattern, n); ok {
			return g.lib
		}
	}
	return nil
}

// ByCMake returns the row of a CMake package name (find_package's first
// argument), matched case-insensitively, or nil.
func (t *Table) ByCMake(name string) *Library { return t.lookup(keyCMake, name) }

// ByLink returns the row of a link name (-lssl, libssl.so.3 → "ssl").
func (t *Table) ByLink(name string) *Library { return t.lookup(keyLink, name) }

// ByPkgConfig returns the row of a pkg-config module.
func (t *Table) ByPkgConfig(name string) *Library { return t.lookup(keyPC, name) }

// ByDeb returns the row of a Debian package.
func (t *Table) ByDeb(name string) *Library { return t.lookup(keyDeb, name) }

// ByVcpkg returns the row of a vcpkg port.
func (t *Table) ByVcpkg(name string) *Library { return t.lookup(keyVcpkg, name) }

// ByConan returns the row of a Conan recipe.
func (t *Table) ByConan(name string) *Library { return t.lookup(keyConan, name) }

// ByFetch returns the row of a FetchContent/ExternalProject/CPM
// declaration: by the owner/repo in its repository URL when there is one,
// else by its name (a FetchContent name, a CMake package name).
func (t *Table) ByFetch(name, url string) *Library {
	if r := repoOf(url); r != "" {
		if lib := t.lookup(keyRepo, r); lib != nil {
			return lib
		}
	}
	if lib := t.lookup(keyFetch, name); lib != nil {
		return lib
	}
	return t.ByCMake(name)
}

// All returns the rows in table order.
func (t *Table) All() []*Library { return t.libs }

// repoOf returns "owner/repo" of a GitHub or GitLab URL
// (https://github.com/nlohmann/json.git, git@github.com:fmtlib/fmt,
// https://github.com/nlohmann/json/releases/download/v3.11.3/json.tar.xz,
// gh:fmtlib/fmt#10.2.1), or "".
func repoOf(url string) string {
	u := strings.TrimSpace(url)
	switch {
	case strings.HasPrefix(u, "gh:"), strings.HasPrefix(u, "gl:"):
		u = u[3:]
	default:
		i := strings.Index(u, "github.com")
		if i < 0 {
			i = strings.Index(u, "gitlab.com")
		}
		if i < 0 {
			return ""
		}
		u = u[i+len("github.com"):]
		u = strings.TrimLeft(u, "/:")
	}
	parts := strings.SplitN(u, "/", 3)
	if len(parts) < 2 || parts[0] == "" || parts[1] == "" {
		return ""
	}
	repo := parts[1]
	if i := strings.IndexAny(repo, "#@?"); i >= 0 {
		repo = repo[:i]
	}
	repo = strings.TrimSuffix(repo, ".git")
	return parts[0] + "/" + repo
}
