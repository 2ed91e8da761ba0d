package system

import (
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// parseAptfile returns the packages an Aptfile names (the file Heroku's
// and similar apt buildpacks install from): package names separated by
// white space, usually one a line, with # comments. `:repo:` lines and
// .deb URLs add sources rather than name packages, so they are skipped.
// Anything else that is not a valid Debian package name is an error.
func parseAptfile(file string, src []byte) ([]aptInstall, error) {
	var out []aptInstall
	for i, line := range strings.Split(string(src), "\n") {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, ":") {
			continue
		}
		for _, f := range strings.Fields(line) {
			if strings.Contains(f, "://") || strings.HasSuffix(f, ".deb") {
				continue
			}
			p, ok := parseAptArg(f)
			if !ok {
				return nil, ecosystems.Errorf(file, i+1, "invalid package name %q", f)
			}
			p.line = i + 1
			out = append(out, p)
		}
	}
	return out, nil
}
