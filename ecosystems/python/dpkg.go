package python

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// dpkgInfo is what the dpkg database says about the distributions Debian
// installed into its site directories (/usr/lib/python3/dist-packages).
// Debian strips the install_requires of the egg-info it ships (its
// requires.txt keeps only the extras), so the package relations of dpkg are
// the record of what a Debian-packaged distribution needs; and dpkg's file
// lists give exact ownership where the egg-info has no installed-files.txt.
type dpkgInfo struct {
	owner map[string]string   // canonical metadata directory → dpkg package
	files map[string][]string // owning dpkg package → the files it installs
	deps  map[string][][]string
	// providers maps a package name, real or virtual, to the installed
	// packages that satisfy it.
	providers map[string][]string
}

// readDpkg reads <dir>/status and the file lists <dir>/info/*.list, keeping
// the packages that own one of metaDirs (canonical paths). A missing dpkg
// database (not a Debian system) yields nil without error.
func readDpkg(dir string, metaDirs map[string]bool) (*dpkgInfo, error) {
	status, err := os.ReadFile(filepath.Join(dir, "status"))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	info := &dpkgInfo{
		owner:     map[string]string{},
		files:     map[string][]string{},
		deps:      map[string][][]string{},
		providers: map[string][]string{},
	}
	for _, st := range bytes.Split(status, []byte("\n\n")) {
		f := dpkgFields(st)
		name := f["package"]
		if name == "" || !strings.HasSuffix(f["status"], " installed") {
			continue
		}
		info.providers[name] = appendNew(info.providers[name], name)
		for _, p := range strings.Split(f["provides"], ",") {
			if p = dpkgRelName(p); p != "" {
				info.providers[p] = appendNew(info.providers[p], name)
			}
		}
		for _, field := range []string{"pre-depends", "depends"} {
			for _, group := range strings.Split(f[field], ",") {
				var alts []string
				for _, alt := range strings.Split(group, "|") {
					if a := dpkgRelName(alt); a != "" {
						alts = append(alts, a)
					}
				}
				if len(alts) > 0 {
					info.deps[name] = append(info.deps[name], alts)
				}
			}
		}
	}
	lists, err := filepath.Glob(filepath.Join(dir, "info", "*.list"))
	if err != nil {
		return nil, err
	}
	for _, l := range lists {
		data, err := os.ReadFile(l)
		if err != nil {
			continue // a list removed while reading; dpkg lists are not ours to judge
		}
		pkg, _, _ := strings.Cut(strings.TrimSuffix(filepath.Base(l), ".list"), ":")
		owns := false
		var lines []string
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
		for sc.Scan() {
			p := ecosystems.Canon(sc.Text())
			lines = append(lines, p)
			if metaDirs[p] {
				info.owner[p] = pkg
				owns = true
			}
		}
		if owns {
			info.files[pkg] = dpkgFiles(lines)
		}
	}
	return info, nil
}

// dpkgFields parses one status stanza into lower-case field names and their
// values (continuation lines joined with spaces).
func dpkgFields(st []byte) map[string]string {
	f := map[string]string{}
	var last string
	for _, line := range strings.Split(string(st), "\n") {
		if line == "" {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			if last != "" {
				f[last] += " " + strings.TrimSpace(line)
			}
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		last = strings.ToLower(k)
		f[last] = strings.TrimSpace(v)
	}
	return f
}

// dpkgRelName returns the package name of one relation ("python3-six (>=
// 1.5)", "python3:any", "foo [amd64] <!nocheck>").
func dpkgRelName(rel string) string {
	rel = strings.TrimSpace(rel)
	if i := strings.IndexAny(rel, " ([<"); i >= 0 {
		rel = rel[:i]
	}
	rel, _, _ = strings.Cut(rel, ":")
	return rel
}

// dpkgFiles returns the entries of a file list that are not directories:
// an entry is a directory when another entry lies below it.
func dpkgFiles(lines []string) []string {
	dirs := map[string]bool{}
	for _, l := range lines {
		for d := filepath.Dir(l); d != "/" && d != "." && !dirs[d]; d = filepath.Dir(d) {
			dirs[d] = true
		}
	}
	var out []string
	for _, l := range lines {
		if l != "/" && l != "" && !dirs[l] {
			out = append(out, l)
		}
	}
	return out
}

func appendNew(s []string, v string) []string {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}
