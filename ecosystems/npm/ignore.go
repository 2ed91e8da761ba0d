package npm

import (
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// An ignoreList is a .npmignore (or the .gitignore npm reads in its
// place): the gitignore patterns of files npm leaves out of the package.
type ignoreList struct {
	rules []ignoreRule
}

type ignoreRule struct {
	pattern  string
	negate   bool
	dirOnly  bool // the pattern ended in "/": it matches directories only
	anchored bool // the pattern has a "/" before its end: relative to the list's directory
}

// parseIgnore reads gitignore patterns: one per line, "#" comments, "!"
// negating, a trailing "/" for directories, a "/" elsewhere anchoring the
// pattern to the file's directory.
func parseIgnore(text string) *ignoreList {
	l := &ignoreList{}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var r ignoreRule
		if s, ok := strings.CutPrefix(line, "!"); ok {
			r.negate, line = true, s
		}
		if s, ok := strings.CutSuffix(line, "/"); ok {
			r.dirOnly, line = true, s
		}
		if strings.Contains(line, "/") {
			r.anchored = true
			line = strings.TrimPrefix(line, "/")
		}
		if line == "" {
			continue
		}
		r.pattern = line
		l.rules = append(l.rules, r)
	}
	return l
}

// excludes reports whether the list leaves out the file f (relative to
// the list's directory): the last rule matching f or a directory above it
// decides.
func (l *ignoreList) excludes(f string) bool {
	out := false
	for _, r := range l.rules {
		if r.matches(f) {
			out = !r.negate
		}
	}
	return out
}

func (r ignoreRule) matches(f string) bool {
	parts := strings.Split(f, "/")
	for i := range parts {
		p := strings.Join(parts[:i+1], "/")
		isDir := i < len(parts)-1
		if r.dirOnly && !isDir {
			continue
		}
		var ok bool
		if r.anchored {
			ok, _ = doublestar.Match(r.pattern, p)
		} else {
			ok, _ = path.Match(r.pattern, parts[i])
		}
		if ok {
			return true
		}
	}
	return false
}
