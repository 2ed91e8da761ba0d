package cargo

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
)

// config is what envaudit needs of cargo's configuration: where the build
// writes (the target directory) and where crate sources lie.
type config struct {
	targetDir string
	target    string   // build.target: the triple cargo compiles for, "" for the host
	home      string   // CARGO_HOME
	dirs      []string // directory sources ([source.<name>] directory = ...): vendor/, /usr/share/cargo/registry
	// workspaceWrapper is build.rustc-workspace-wrapper: a path (relative
	// ones made absolute) or a program name looked up on PATH.
	workspaceWrapper string
}

// configFiles are the names of cargo's configuration file in a .cargo
// directory, in the order cargo prefers them.
var configFiles = []string{"config.toml", "config"}

// readConfig reads cargo's configuration as cargo would for a build in the
// project's root (on disk): CARGO_TARGET_DIR / CARGO_BUILD_TARGET_DIR, then
// the .cargo/config.toml (or .cargo/config) files of the root (through the
// Source) and its parents, then $CARGO_HOME/config.toml; the nearest file
// wins for build.target-dir, and every file's directory sources are kept.
// Relative paths in a file are relative to the directory holding its
// .cargo directory. Unreadable or malformed configuration files are
// skipped: cargo itself would have refused to build with them.
func readConfig(src ecosystems.Source, environ []string) config {
	root := src.Root
	c := config{home: ecosystems.Getenv(environ, "CARGO_HOME")}
	if c.home == "" {
		home := ecosystems.Getenv(environ, "HOME")
		if home == "" {
			home, _ = os.UserHomeDir()
		}
		c.home = filepath.Join(home, ".cargo")
	}
	var files []string
	own := ""
	for _, n := range configFiles {
		if src.IsFile(".cargo/" + n) {
			own = filepath.Join(root, ".cargo", n)
			files = append(files, own)
			break
		}
	}
	for dir := filepath.Dir(root); dir != root; {
		for _, n := range configFiles {
			f := filepath.Join(dir, ".cargo", n)
			if _, err := os.Stat(f); err == nil {
				files = append(files, f)
				break
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	files = append(files, filepath.Join(c.home, "config.toml"))
	for _, f := range files {
		var data []byte
		var err error
		if f == own {
			data, err = src.ReadFile(".cargo/" + filepath.Base(f))
		} else {
			data, err = projfile.ReadFile(f, projfile.MaxConfig)
		}
		if err != nil {
			continue
		}
		doc, err := parseTOML(f, data)
		if err != nil {
			continue
		}
		base := filepath.Dir(filepath.Dir(f))
		if filepath.Dir(f) == c.home {
			base = c.home
		}
		abs := func(p string) string {
			if filepath.IsAbs(p) {
				return p
			}
			return filepath.Join(base, p)
		}
		if b, _ := doc.table("build"); b != nil && c.targetDir == "" {
			if s := text(b, "target-dir"); s != "" {
				c.targetDir = abs(s)
			}
		}
		if b, _ := doc.table("build"); b != nil && c.target == "" {
			// A string; a list of targets builds each, and no one of
			// them is the target: left "" (the host).
			c.target = text(b, "target")
		}
		if b, _ := doc.table("build"); b != nil && c.workspaceWrapper == "" {
			if s := text(b, "rustc-workspace-wrapper"); s != "" {
				if strings.Contains(s, "/") {
					s = abs(s)
				}
				c.workspaceWrapper = s
			}
		}
		srcs, _ := doc.table("source")
		for _, s := range members(srcs) {
			if d := text(s.Value, "directory"); d != "" {
				c.dirs = append(c.dirs, abs(d))
			}
		}
	}
	for _, k := range []string{"CARGO_BUILD_TARGET_DIR", "CARGO_TARGET_DIR"} {
		if v := ecosystems.Getenv(environ, k); v != "" {
			c.targetDir = v
			if !filepath.IsAbs(v) {
				c.targetDir = filepath.Join(root, v)
			}
		}
	}
	if c.targetDir == "" {
		c.targetDir = filepath.Join(root, "target")
	}
	return c
}

// sourceDirs returns the existing directories holding the sources of
// crate name at version: <directory source>/<name>-<version> (Debian's
// /usr/share/cargo/registry, cargo vendor with several versions),
// <directory source>/<name> (cargo vendor), and
// $CARGO_HOME/registry/src/<index>/<name>-<version>.
func (c config) sourceDirs(name, version string) []string {
	var cands []string
	for _, d := range c.dirs {
		cands = append(cands, filepath.Join(d, name+"-"+version), filepath.Join(d, name))
	}
	if idx, err := filepath.Glob(filepath.Join(c.home, "registry", "src", "*")); err == nil {
		for _, d := range idx {
			cands = append(cands, filepath.Join(d, name+"-"+version))
		}
	}
	var out []string
	for _, d := range cands {
		if isDir(d) {
			out = append(out, d)
		}
	}
	return out
}
