package npm

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
)

// pnpState is the part of Yarn's Plug'n'Play runtime state the inventory
// reads: the workspaces (dependencyTreeRoots) and every package with its
// location and dependencies (packageRegistryData, an array of [name,
// [[reference, info], ...]] pairs; the top-level entry has a null name).
type pnpState struct {
	Roots []struct {
		Name      string `json:"name"`
		Reference string `json:"reference"`
	} `json:"dependencyTreeRoots"`
	Registry []json.RawMessage `json:"packageRegistryData"`
}

type pnpInfo struct {
	Location string              `json:"packageLocation"`
	Deps     [][]json.RawMessage `json:"packageDependencies"`
}

// readPnpState reads the Plug'n'Play state exactly as Yarn's runtime
// does. Node runs Plug'n'Play only through .pnp.cjs (Yarn sets
// NODE_OPTIONS=--require .pnp.cjs), so without that file there is no
// state, whatever .pnp.data.json says. .pnp.cjs's $$SETUP_STATE then
// decides where the state comes from: the JSON it inlines
// (RAW_RUNTIME_STATE, Yarn's default, pnpEnableInlining) or the
// .pnp.data.json beside it (inlining off). A committed .pnp.data.json that
// the runtime does not read decides nothing. It returns the file the
// state was read from, or "" and no error when the project has no
// .pnp.cjs.
func readPnpState(root string) (*pnpState, string, error) {
	file := ".pnp.cjs"
	js, err := projfile.ReadFile(filepath.Join(root, file), projfile.MaxLockfile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil
	}
	if err != nil {
		return nil, file, err
	}
	var data []byte
	switch setup := setupState(js); {
	case strings.Contains(setup, "RAW_RUNTIME_STATE"):
		data, err = inlinedState(js)
	case strings.Contains(setup, ".pnp.data.json"):
		file = ".pnp.data.json"
		data, err = projfile.ReadFile(filepath.Join(root, file), projfile.MaxLockfile)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, file, fmt.Errorf(".pnp.cjs reads its state from .pnp.data.json, which does not exist")
		}
	default:
		return nil, file, errors.New(".pnp.cjs: its $$SETUP_STATE reads neither the state it inlines (RAW_RUNTIME_STATE) nor .pnp.data.json")
	}
	if err != nil {
		return nil, file, err
	}
	var st pnpState
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, file, fmt.Errorf("%s: %w", file, err)
	}
	return &st, file, nil
}

// setupState returns the body of .pnp.cjs's $$SETUP_STATE function, which
// hands the runtime its state: up to the first line that closes a
// top-level function, "" when there is none.
func setupState(js []byte) string {
	s := string(js)
	i := strings.Index(s, "function $$SETUP_STATE(")
	if i < 0 {
		return ""
	}
	s = s[i:]
	if j := strings.Index(s, "\n}"); j >= 0 {
		s = s[:j]
	}
	return s
}

// inlinedState returns the JSON text of the single-quoted string that
// .pnp.cjs assigns to RAW_RUNTIME_STATE, its escapes and line
// continuations undone.
func inlinedState(js []byte) ([]byte, error) {
	s := string(js)
	i := strings.Index(s, "RAW_RUNTIME_STATE =")
	if i < 0 {
		return nil, errors.New(".pnp.cjs: no RAW_RUNTIME_STATE")
	}
	q := strings.IndexByte(s[i:], '\'')
	if q < 0 {
		return nil, errors.New(".pnp.cjs: RAW_RUNTIME_STATE is not a string")
	}
	var out []byte
	for j := i + q + 1; j < len(s); j++ {
		switch c := s[j]; c {
		case '\'':
			return out, nil
		case '\\':
			j++
			if j < len(s) && s[j] != '\n' {
				out = append(out, s[j])
			}
		default:
			out = append(out, c)
		}
	}
	return nil, errors.New(".pnp.cjs: RAW_RUNTIME_STATE string not closed")
}

// pnpPackage is one package of a Plug'n'Play install: a name at one
// reference, whatever virtual instances of it the state lists.
type pnpPackage struct {
	name, ref string
	location  string // absolute
	deps      map[string]bool
}

// pnp builds D2 and the index from a Plug'n'Play state: each package
// (name and npm reference; the virtual instances Yarn makes for peer
// dependencies are the same package) is installed where its
// packageLocation points, a zip archive of Yarn's cache (the file Node's
// PnP runtime opens) or an unplugged directory; the workspaces are project
// code; a package is Direct when a workspace depends on it.
func (v *inventory) pnp(inv *ecosystems.Inventory, st *pnpState) error {
	roots := map[string]bool{}
	for _, r := range st.Roots {
		roots[r.Name+"\x00"+r.Reference] = true
	}
	pkgs := map[string]*pnpPackage{}
	direct := map[string]bool{}
	for _, raw := range st.Registry {
		var entry []json.RawMessage
		if err := json.Unmarshal(raw, &entry); err != nil || len(entry) != 2 {
			continue
		}
		var name *string
		var refs [][]json.RawMessage
		if json.Unmarshal(entry[0], &name) != nil || json.Unmarshal(entry[1], &refs) != nil {
			continue
		}
		for _, r := range refs {
			var ref *string
			var info pnpInfo
			if len(r) != 2 || json.Unmarshal(r[0], &ref) != nil || json.Unmarshal(r[1], &info) != nil {
				continue
			}
			if name == nil || ref == nil {
				continue // the top-level entry, which repeats the root workspace
			}
			deps := map[string]bool{}
			for _, d := range info.Deps {
				var dn string
				if len(d) != 2 || json.Unmarshal(d[0], &dn) != nil || string(d[1]) == "null" || dn == *name {
					continue
				}
				deps[dn] = true
			}
			if roots[*name+"\x00"+*ref] || strings.HasPrefix(*ref, "workspace:") {
				for d := range deps {
					direct[d] = true
				}
				continue
			}
			base := *ref
			if i := strings.LastIndexByte(base, '#'); strings.HasPrefix(base, "virtual:") && i >= 0 {
				base = base[i+1:]
			}
			key := *name + "@" + base
			p := pkgs[key]
			if p == nil {
				p = &pnpPackage{name: *name, ref: base, deps: map[string]bool{}}
				pkgs[key] = p
			}
			if !strings.HasPrefix(*ref, "virtual:") || p.location == "" {
				p.location = filepath.Join(v.root, filepath.FromSlash(info.Location))
			}
			for d := range deps {
				p.deps[d] = true
			}
		}
	}
	keys := make([]string, 0, len(pkgs))
	for k := range pkgs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		p := pkgs[k]
		version := strings.TrimPrefix(p.ref, "npm:")
		if version == p.ref {
			version = "" // a git, patch or file reference: no registry version
		}
		var deps []string
		for d := range p.deps {
			deps = append(deps, d)
		}
		sort.Strings(deps)
		ip := &installed{name: p.name, realName: p.name, version: version}
		inv.Packages = append(inv.Packages, ecosystems.Package{
			Name:    p.name,
			Version: version,
			PURL:    purl(ip),
			Path:    v.display(strings.TrimSuffix(p.location, string(filepath.Separator))),
			Direct:  direct[p.name],
			Deps:    deps,
		})
		use := ecosystems.UseRuntime
		if strings.HasPrefix(p.name, "@types/") {
			use = ecosystems.UseCompile
		}
		// Node's PnP runtime opens the archive, and may name files in it.
		if i := strings.Index(p.location, ".zip"+string(filepath.Separator)); i >= 0 {
			inv.Index.AddFile(p.location[:i+len(".zip")], p.name, use)
		}
		inv.Index.AddDir(p.location, p.name, use)
		inv.Index.AddFile(filepath.Join(p.location, "package.json"), p.name, ecosystems.UseResolve)
	}
	return nil
}
