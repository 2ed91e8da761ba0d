package gomod

import (
	"context"
	"io/fs"
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
// Each comes with its real path when that differs, and GOROOT with the
// real directories its entries link to (Debian's golang packages keep
// src and pkg/include in /usr/share): the tracer skips a file only when
// its real path lies below a skipped directory's. A directory that
// contains GOMODCACHE or the project itself, or lies inside one of them,
// by its path or its real path, is not returned: reads of module sources
// are the evidence D3 rests on. When the go command cannot be asked,
// nothing is skipped.
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
	goenv, err := readGoEnv(ctx, env.Memo, run, root, environ, goCmd)
	if err != nil {
		return nil
	}
	// allowed: not "/", not a directory that holds GOMODCACHE or the
	// project, nor one inside them (GOCACHE and GOROOT can be set with
	// go env -w, which a step before the tests may have run) — but for
	// a toolchain go downloaded (GOTOOLCHAIN) into the module cache, whose
	// GOROOT is the toolchain's own tree.
	allowed := func(d string) bool {
		if d == "/" {
			return false
		}
		for i, k := range []string{goenv.GOMODCACHE, root} {
			if k == "" {
				continue
			}
			k = filepath.Clean(k)
			if within(k, d) || within(d, k) && !(i == 0 && toolchainModule(d, k)) {
				return false
			}
		}
		return true
	}
	var skip []string
	add := func(d string) bool {
		// The tracer compares paths as opened, and skips a file only
		// when its real path lies below a skipped directory's: a cache
		// or toolchain reached through a symbolic link is named by its
		// real path too, and both must be allowed.
		r, err := filepath.EvalSymlinks(d)
		if err != nil {
			r = d
		}
		if !allowed(d) || !allowed(r) {
			return false
		}
		skip = append(skip, d)
		if r != d {
			skip = append(skip, r)
		}
		return true
	}
	for i, d := range []string{goenv.GOCACHE, goenv.GOROOT} {
		// GOCACHE=off disables the cache; a relative value is an error to
		// the go command.
		if d == "" || !filepath.IsAbs(d) {
			continue
		}
		if !add(filepath.Clean(d)) {
			continue
		}
		if i == 1 {
			// Debian's golang packages keep GOROOT's src, api, misc, test
			// and pkg/include in /usr/share and link them from GOROOT.
			for _, l := range linkedDirs(filepath.Clean(d)) {
				add(l)
			}
		}
	}
	return skip
}

// linkedDirs returns the real directories that the entries of root and of
// root/pkg link to.
func linkedDirs(root string) []string {
	var out []string
	for _, dir := range []string{root, filepath.Join(root, "pkg")} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, en := range entries {
			if en.Type()&fs.ModeSymlink == 0 {
				continue
			}
			r, err := filepath.EvalSymlinks(filepath.Join(dir, en.Name()))
			if err != nil {
				continue
			}
			if fi, err := os.Stat(r); err == nil && fi.IsDir() && !within(r, root) {
				out = append(out, r)
			}
		}
	}
	return out
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
