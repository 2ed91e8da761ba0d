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
// A directory that contains GOMODCACHE or the project itself is not
// returned: reads of module sources are the evidence D3 rests on. When the
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
		for _, k := range keep {
			if k != "" && within(filepath.Clean(k), d) {
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

// within reports whether p is dir or lies below it.
func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+string(os.PathSeparator))
}
