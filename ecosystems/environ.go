package ecosystems

import (
	"os"
	"path/filepath"
	"strings"
)

// LookupEnv returns the value of key in an environment list (KEY=VALUE
// entries, as Env.Environ holds them), the last entry winning as it does
// for a process, and whether key is set at all.
func LookupEnv(environ []string, key string) (string, bool) {
	for i := len(environ) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(environ[i], "="); ok && k == key {
			return v, true
		}
	}
	return "", false
}

// Getenv is LookupEnv without the second result: "" for an unset key.
func Getenv(environ []string, key string) string {
	v, _ := LookupEnv(environ, key)
	return v
}

// LookPath finds the first of names that is an executable regular file in
// a directory of environ's PATH, trying every name in one directory before
// the next directory, as a shell would for each name. Relative PATH
// entries are passed over: they would resolve against envaudit's working
// directory, not the run's. It returns "" when none is found.
func LookPath(environ []string, names ...string) string {
	for _, d := range filepath.SplitList(Getenv(environ, "PATH")) {
		if !filepath.IsAbs(d) {
			continue
		}
		for _, n := range names {
			p := filepath.Join(d, n)
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
				return p
			}
		}
	}
	return ""
}
