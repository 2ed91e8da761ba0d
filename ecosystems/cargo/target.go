package cargo

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/toolexec"
)

// target is the platform a cargo build compiles for: its triple and its
// cfg values, as rustc prints them.
type target struct {
	triple string
	cfg    cfgSet
}

// buildTarget asks rustc (RUSTC, else rustc on the run's PATH, as env's
// Tools allow) for the target the traced build compiled for:
// CARGO_BUILD_TARGET or the configuration's build.target, else the host.
// Like cargo, it passes the build's rustflags, since a --cfg there holds
// in target tables too.
func buildTarget(ctx context.Context, root string, environ []string, configured string, env ecosystems.Env) (target, error) {
	env.Environ = environ
	rustc := ecosystems.Getenv(environ, "RUSTC")
	var err error
	switch {
	case rustc != "":
		rustc, err = env.CheckTool(rustc)
	case env.Tools != nil:
		rustc, err = env.LookTool("rustc")
	default:
		if rustc = ecosystems.LookPath(environ, "rustc"); rustc == "" {
			rustc = "rustc"
		}
	}
	if err != nil {
		return target{}, err
	}
	triple := ecosystems.Getenv(environ, "CARGO_BUILD_TARGET")
	if triple == "" {
		triple = configured
	}
	if triple == "" {
		out, err := toolexec.Run(ctx, toolexec.Cmd{Path: rustc, Args: []string{"-vV"}, Dir: root, Env: environ})
		if err != nil {
			return target{}, err
		}
		for _, l := range strings.Split(string(out), "\n") {
			if h, ok := strings.CutPrefix(l, "host: "); ok {
				triple = strings.TrimSpace(h)
			}
		}
		if triple == "" {
			return target{}, fmt.Errorf("%s -vV: no host line", rustc)
		}
	}
	args := append([]string{"--print", "cfg", "--target", triple}, rustflags(environ)...)
	out, err := toolexec.Run(ctx, toolexec.Cmd{Path: rustc, Args: args, Dir: root, Env: environ})
	if err != nil {
		return target{}, err
	}
	return target{triple: triple, cfg: parseCfgSet(string(out))}, nil
}

// rustflags returns the flags of the first of CARGO_ENCODED_RUSTFLAGS,
// RUSTFLAGS and CARGO_BUILD_RUSTFLAGS that is set, as cargo reads them.
func rustflags(environ []string) []string {
	if v, ok := lookup(environ, "CARGO_ENCODED_RUSTFLAGS"); ok {
		if v == "" {
			return nil
		}
		return strings.Split(v, "\x1f")
	}
	for _, k := range []string{"RUSTFLAGS", "CARGO_BUILD_RUSTFLAGS"} {
		if v, ok := lookup(environ, k); ok {
			return strings.Fields(v)
		}
	}
	return nil
}

// applies reports whether a target table's key holds for t: a cfg(...)
// predicate evaluated against its cfg values, or a triple compared with
// its own.
func (t target) applies(key string) (bool, error) {
	if !strings.HasPrefix(strings.TrimSpace(key), "cfg(") {
		return key == t.triple, nil
	}
	e, err := parseCfg(key)
	if err != nil {
		return true, err
	}
	return e.eval(t.cfg), nil
}

// inapplicable returns the declared crates every declaration of which
// lies in a target table that does not hold for t (cargo leaves them out
// of the build, as pip leaves out a requirement whose marker is false),
// and a warning for each table key that does not parse: those count as
// applying.
func inapplicable(decls []decl, t target) ([]ecosystems.Excluded, []string) {
	type state struct {
		applies bool
		keys    []string
	}
	byName := map[string]*state{}
	var warnings []string
	warned := map[string]bool{}
	for _, d := range decls {
		s := byName[d.dep.Name]
		if s == nil {
			s = &state{}
			byName[d.dep.Name] = s
		}
		if d.dep.Group == "" {
			s.applies = true
			continue
		}
		ok, err := t.applies(d.dep.Group)
		if err != nil && !warned[d.dep.Group] {
			warned[d.dep.Group] = true
			warnings = append(warnings, fmt.Sprintf("%s: target table %s: %v", d.dep.Pos, d.dep.Group, err))
		}
		if ok {
			s.applies = true
			continue
		}
		s.keys = append(s.keys, d.dep.Group)
	}
	var out []ecosystems.Excluded
	for name, s := range byName {
		if s.applies {
			continue
		}
		sort.Strings(s.keys)
		out = append(out, ecosystems.Excluded{Name: name, Why: fmt.Sprintf("declared only for target %s, which does not hold for %s", strings.Join(dedup(s.keys), " and "), t.triple)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, warnings
}

func dedup(s []string) []string {
	var out []string
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
