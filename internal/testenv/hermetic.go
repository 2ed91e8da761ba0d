package testenv

import (
	"os"
	"path/filepath"
	"strings"
)

// Hermetic makes the test binary's environment, which every command its
// tests start inherits, independent of what the machine around it holds.
// Call it first in TestMain, in every package whose tests run git, a
// package manager or envaudit itself.
//
//   - Git finds no repository above the system temporary directory, where
//     the tests' workspaces sit: a stray /.git (or /tmp/.git) on a crowded
//     machine would otherwise be every workspace's repository
//     (GIT_CEILING_DIRECTORIES), and the system's git configuration is not
//     read (GIT_CONFIG_NOSYSTEM).
//   - Variables that point a tool at another repository, another
//     configuration or other options (GIT_DIR, npm_config_*, PIP_*,
//     PYTHONPATH, NODE_OPTIONS, GOFLAGS, MAVEN_OPTS, …) are removed, so
//     the tools run as on a fresh machine. Caches stay where they are.
func Hermetic() {
	ceiling := filepath.Clean(os.TempDir())
	if v := os.Getenv("GIT_CEILING_DIRECTORIES"); v != "" {
		ceiling = v + string(os.PathListSeparator) + ceiling
	}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if Inherited(name) {
			os.Unsetenv(name)
		}
	}
	os.Setenv("GIT_CEILING_DIRECTORIES", ceiling)
	os.Setenv("GIT_CONFIG_NOSYSTEM", "1")
}

// Inherited reports whether the environment variable name steers a tool
// the tests run in a way a fresh machine's environment would not: Hermetic
// removes it. Cache locations (GOCACHE, GOMODCACHE, npm_config_cache,
// PIP_CACHE_DIR, CARGO_HOME) and certificate authorities stay, since they
// change no outcome; so do envaudit's own test knobs (ENVAUDIT_UPDATE, …),
// which the one running the tests sets on purpose.
func Inherited(name string) bool {
	switch name {
	case "GOCACHE", "GOMODCACHE", "GOPATH", "GOTOOLCHAIN", "GOPROXY", "GONOSUMDB", "GONOSUMCHECK", "GOSUMDB", "GOPRIVATE",
		"npm_config_cache", "NPM_CONFIG_CACHE", "PIP_CACHE_DIR", "CARGO_HOME", "RUSTUP_HOME", "GIT_CEILING_DIRECTORIES",
		// The machine's certificate authorities, which a proxy may need.
		"GIT_SSL_CAINFO", "GIT_SSL_CAPATH", "PIP_CERT":
		return false
	case "GOFLAGS", "GOWORK", "GO111MODULE", "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE", "PYTHONSAFEPATH",
		"VIRTUAL_ENV", "NODE_OPTIONS", "NODE_PATH", "MAVEN_OPTS", "MAVEN_ARGS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
		"RUSTFLAGS", "RUSTDOCFLAGS", "CARGO_ENCODED_RUSTFLAGS", "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "CMAKE_PREFIX_PATH", "PKG_CONFIG_PATH":
		return true
	}
	for _, prefix := range []string{"GIT_", "npm_config_", "NPM_CONFIG_", "YARN_", "PNPM_", "PIP_", "CARGO_"} {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}
