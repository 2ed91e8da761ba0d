package gomod

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// TraceSkip returns the build cache (GOCACHE) and the toolchain's own tree
// (GOROOT) of the go command the run will use. Every go build opens
// thousands of files there — the standard library's sources, which it
// hashes even when the build is cached, and build-cache entries — and none
// belongs to a module: the standard library is excluded as the toolchain
// baseline and cache entries are build output. Recording them would double
// the tracer's cost on go test for no evidence (tracer.Options.Skip).
//
// A directory that contains GOMODCACHE or the project itself, or lies
// inside one of them, is not returned: reads of module sources are the
// evidence D3 rests on. When the
// go command cannot be asked, nothing is skipped.
func (p *project) TraceSkip(ctx context.Context, env ecosystems.Env) []string {
	if !p.src.OnDisk() {
		return nil
	}
	e, root := p.eco, p.src.Root
	run := e.Run
	if run == nil {
		run = ExecRunner
	}
	environ := env.Environ
	if environ == nil {
		environ = os.Environ() // as Installed asks the go command
	}
	goCmd, environ, err := e.goCommand(env, environ)
	if err != nil {
		return nil
	}
	out, err := run(ctx, root, environ, goCmd, "env", "-json", "GOCACHE", "GOROOT", "GOMODCACHE")
	if err != nil {
		return nil
	}
	var goenv struct{ GOCACHE, GOROOT, GOMODCACHE string }
	if err := json.Unmarshal(out, &goenv); err != nil {
		return nil
	}
	keep := []string{goenv.GOMODCACHE, root}
	var skip []string
	for _, d := range []string{goenv.GOCACHE, goenv.GOROOT} {
		// GOCACHE=off disables the cache; a relative value is an error to
		// the go command.
		if d == "" || !filepath.IsAbs(d) {
			continue
		}
		d = filepath.Clean(d)
		ok := d != "/"
		for i, k := range keep {
			if k == "" {
				continue
			}
			k = filepath.Clean(k)
			if within(k, d) {
				ok = false
			}
			// Nor one inside them: GOCACHE and GOROOT can be set with go
			// env -w, which a step before the tests may have run. A
			// toolchain go downloaded (GOTOOLCHAIN) is in the module
			// cache (keep[0]), and its GOROOT is the toolchain's own
			// tree.
			if within(d, k) && !(i == 0 && toolchainModule(d, k)) {
				ok = false
			}
		}
		if ok {
			skip = append(skip, d)
			// The tracer compares paths as opened; a cache or toolchain
			// reached through a symbolic link is opened by its real path
			// too.
			if r, err := filepath.EvalSymlinks(d); err == nil && r != d {
				skip = append(skip, r)
			}
		}
	}
	return skip
}

// toolchainModule reports whether dir lies in a Go toolchain the go command
// downloaded into the module cache modcache (golang.org/toolchain@VERSION).
func toolchainModule(dir, modcache string) bool {
	rel, err := filepath.Rel(filepath.Join(modcache, "golang.org"), dir)
	return err == nil && strings.HasPrefix(rel, "toolchain@")
}

// within reports whether p is dir or lies below it.
func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+string(os.PathSeparator))
}
