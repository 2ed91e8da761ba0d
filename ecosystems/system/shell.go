package system

import (
	"regexp"
	"strings"

	"github.com/envaudit/envaudit/internal/shellwords"
)

// script is shell text with the project-file line of each of its bytes, so
// that a word found in it can point at the line that holds it even when the
// text was assembled from continued Dockerfile lines or a YAML block.
type script struct {
	text  string
	lines []int // lines[i] is the line of text[i]; len(lines) == len(text)
}

// word is one shell word after quote removal, with the line it starts on.
type word struct {
	text string
	line int
	// literal reports that the word has no parameter expansion or command
	// substitution, so its text is what the shell would pass.
	literal bool
}

// commands splits a script into simple commands (lists of words), as
// shellwords.Commands does, each word with the line it starts on.
func (s script) commands() [][]word {
	var cmds [][]word
	for _, c := range shellwords.Commands(s.text) {
		cmd := make([]word, len(c))
		for i, w := range c {
			cmd[i] = word{text: w.Text, line: s.lines[w.Offset], literal: w.Literal}
		}
		cmds = append(cmds, cmd)
	}
	return cmds
}

// aptInstall is one package argument of an apt-get/apt install command.
type aptInstall struct {
	name string // the package name, lowercased
	spec string // a version or release pin as written: "=1.2-1", "/bookworm-backports"
	raw  string // the argument as written
	line int
	// job is the CI job whose script installs the package (a workflow's
	// job id, a GitLab or CircleCI job name); "" outside CI files and for
	// what every job of the file runs.
	job string
}

// wrappers are commands that run the rest of their command line.
var wrappers = map[string]bool{"sudo": true, "env": true, "command": true, "exec": true, "nice": true, "time": true, "eatmydata": true}

// aptOptionsWithArg are the apt-get and apt options that take the next word
// as their argument.
var aptOptionsWithArg = map[string]bool{
	"-o": true, "--option": true, "-c": true, "--config-file": true,
	"-t": true, "--target-release": true, "--default-release": true,
	"-a": true, "--host-architecture": true,
}

// debName is a valid Debian package name (Debian Policy 5.6.1), with an
// optional :arch qualifier.
var debName = regexp.MustCompile(`^[a-z0-9][a-z0-9+.-]+(:[a-z0-9-]+)?$`)

// installs returns the packages a simple command installs, if it is an
// `apt-get install`, `apt install` or `aptitude install` (possibly behind
// sudo, env, or environment assignments): every argument after the
// subcommand that is not an option, a local .deb file, a removal
// ("pkg-"), a pattern or a parameter expansion.
func installs(cmd []word) []aptInstall {
	i := 0
	for i < len(cmd) {
		w := cmd[i].text
		if isAssignment(w) {
			i++
			continue
		}
		if !wrappers[w] {
			break
		}
		for i++; i < len(cmd) && strings.HasPrefix(cmd[i].text, "-"); i++ {
			// the wrapper's own options (sudo -E, env -i)
		}
	}
	if i >= len(cmd) {
		return nil
	}
	switch base := cmd[i].text[strings.LastIndexByte(cmd[i].text, '/')+1:]; base {
	case "apt-get", "apt", "aptitude":
	default:
		return nil
	}
	i++
	for i < len(cmd) && strings.HasPrefix(cmd[i].text, "-") {
		if aptOptionsWithArg[cmd[i].text] {
			i++
		}
		i++
	}
	if i >= len(cmd) || (cmd[i].text != "install" && cmd[i].text != "reinstall") {
		return nil
	}
	var out []aptInstall
	for i++; i < len(cmd); i++ {
		w := cmd[i]
		if strings.HasPrefix(w.text, "-") {
			if aptOptionsWithArg[w.text] {
				i++
			}
			continue
		}
		if !w.literal {
			continue
		}
		if p, ok := parseAptArg(w.text); ok {
			p.line = w.line
			out = append(out, p)
		}
	}
	return out
}

// parseAptArg parses one package argument of apt-get install: "name",
// "name=version", "name/release", "name:arch", "name+" (install) and
// "name-" (remove). Local .deb paths, patterns and invalid names are not
// packages.
func parseAptArg(arg string) (aptInstall, bool) {
	p := aptInstall{raw: arg}
	name := arg
	if strings.HasSuffix(name, ".deb") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "/") {
		return p, false
	}
	if i := strings.IndexAny(name, "=/"); i >= 0 {
		name, p.spec = name[:i], name[i:]
		if len(p.spec) == 1 {
			return p, false
		}
	}
	switch {
	case strings.HasSuffix(name, "+"):
		name = strings.TrimSuffix(name, "+")
	case strings.HasSuffix(name, "-") && p.spec == "":
		return p, false // apt-get install pkg- removes pkg
	}
	name = strings.ToLower(name)
	if !debName.MatchString(name) {
		return p, false
	}
	name, _, _ = strings.Cut(name, ":")
	p.name = name
	return p, true
}

// isAssignment reports whether w is a NAME=value environment assignment.
func isAssignment(w string) bool {
	i := strings.IndexByte(w, '=')
	if i <= 0 {
		return false
	}
	for j := 0; j < i; j++ {
		c := w[j]
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || j > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// newScript returns the script of text whose first byte lies on line
// first, each newline advancing the line.
func newScript(text string, first int) script {
	lines := make([]int, len(text))
	l := first
	for i := 0; i < len(text); i++ {
		lines[i] = l
		if text[i] == '\n' {
			l++
		}
	}
	return script{text: text, lines: lines}
}
