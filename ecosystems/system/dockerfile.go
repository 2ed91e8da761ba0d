package system

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// heredocStart matches a BuildKit here-document opener in a RUN
// instruction: <<EOF, <<-EOF, <<"EOF", <<'EOF'.
var heredocStart = regexp.MustCompile(`<<(-?)(["']?)([A-Za-z_][A-Za-z0-9_]*)(["']?)`)

// parseDockerfile returns the packages that the RUN instructions of a
// Dockerfile install with apt-get, apt or aptitude. It follows the
// Dockerfile syntax: the escape parser directive (\ or `), line
// continuations (comment lines inside a continued instruction are
// dropped), RUN flags (--mount=...), the exec form (a JSON array) and
// here-documents. file is the Dockerfile's path for errors.
func parseDockerfile(file string, src []byte) ([]aptInstall, error) {
	lines := strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n")
	escape := byte('\\')
	directives := true
	var out []aptInstall
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		if directives {
			if m := directiveRE.FindStringSubmatch(trimmed); m != nil {
				if strings.EqualFold(m[1], "escape") {
					switch m[2] {
					case "\\", "`":
						escape = m[2][0]
					default:
						return nil, ecosystems.Errorf(file, i+1, "invalid escape directive %q (want \\ or `)", m[2])
					}
				}
				continue
			}
			directives = false
		}
		if trimmed == "" || trimmed[0] == '#' {
			continue
		}
		// Assemble the logical instruction from continued lines.
		var text strings.Builder
		var at []int
		add := func(s string, n int) {
			text.WriteString(s)
			for range len(s) {
				at = append(at, n)
			}
		}
		first := i + 1
		for {
			l := strings.TrimRight(lines[i], " \t")
			if len(l) > 0 && l[len(l)-1] == escape {
				add(l[:len(l)-1], i+1)
				i++
				for i < len(lines) {
					t := strings.TrimSpace(lines[i])
					if t != "" && t[0] != '#' {
						break
					}
					i++ // comment and empty lines inside a continuation
				}
				if i < len(lines) {
					continue
				}
				break
			}
			add(l, i+1)
			break
		}
		s := script{text: text.String(), lines: at}
		kw, rest, restAt := cutWord(s.text, 0)
		if !strings.EqualFold(kw, "RUN") {
			continue
		}
		// RUN flags: --mount=..., --network=..., --security=...
		for {
			w, r, a := cutWord(s.text, restAt)
			if !strings.HasPrefix(w, "--") {
				break
			}
			rest, restAt = r, a
		}
		body := script{text: rest, lines: s.lines[restAt:]}
		if m := heredocStart.FindStringSubmatch(rest); m != nil {
			delim, stripTabs := m[3], m[1] == "-"
			var doc strings.Builder
			start := i + 2
			i++
			for ; i < len(lines); i++ {
				l := lines[i]
				if stripTabs {
					l = strings.TrimLeft(l, "\t")
				}
				if strings.TrimRight(l, " \t") == delim {
					break
				}
				doc.WriteString(l)
				doc.WriteByte('\n')
			}
			if i >= len(lines) {
				return nil, ecosystems.Errorf(file, first, "unterminated here-document <<%s", delim)
			}
			body = newScript(doc.String(), start)
		} else if strings.HasPrefix(strings.TrimSpace(rest), "[") {
			var argv []string
			if err := json.Unmarshal([]byte(strings.TrimSpace(rest)), &argv); err == nil {
				// The exec form runs no shell: its words are the arguments.
				cmd := make([]word, len(argv))
				for k, a := range argv {
					cmd[k] = word{text: a, line: first, literal: true}
				}
				out = append(out, installs(cmd)...)
				continue
			}
			// Not JSON: Docker runs it as a shell command, and so do we.
		}
		for _, cmd := range body.commands() {
			out = append(out, installs(cmd)...)
		}
	}
	return out, nil
}

// directiveRE matches a Dockerfile parser directive: # name=value.
var directiveRE = regexp.MustCompile(`^#\s*([A-Za-z]+)\s*=\s*(\S+)\s*$`)

// cutWord skips blanks from offset off of s and returns the next
// blank-separated word, the text after it and that text's offset.
func cutWord(s string, off int) (w, rest string, restOff int) {
	i := off
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	j := i
	for j < len(s) && s[j] != ' ' && s[j] != '\t' {
		j++
	}
	return s[i:j], s[j:], j
}
