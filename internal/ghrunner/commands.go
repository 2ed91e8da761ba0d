package ghrunner

import (
	"fmt"
	"strings"
)

// command is a workflow command a step printed:
// ::name key=value,key=value::data.
type command struct {
	Name  string
	Props map[string]string
	Data  string
}

// knownCommands are the commands the runner registers; a line naming
// another is output like any other.
var knownCommands = map[string]bool{
	"set-env": true, "set-output": true, "save-state": true, "add-path": true, "add-mask": true,
	"add-matcher": true, "remove-matcher": true, "warning": true, "error": true, "notice": true,
	"debug": true, "group": true, "endgroup": true, "echo": true, "stop-commands": true,
}

// parseCommand parses line as the runner does: after leading white
// space, "::", the name and the properties up to the next "::", the data
// after it. Properties without "=" are dropped; properties and data are
// unescaped.
func parseCommand(line string) (command, bool) {
	line = strings.TrimLeft(line, " \t")
	rest, ok := strings.CutPrefix(line, "::")
	if !ok {
		return command{}, false
	}
	info, data, ok := strings.Cut(rest, "::")
	if !ok {
		return command{}, false
	}
	name, props, hasProps := strings.Cut(info, " ")
	c := command{Name: name, Props: map[string]string{}, Data: unescapeData(data)}
	if hasProps {
		for _, p := range strings.Split(strings.TrimSpace(props), ",") {
			k, v, ok := strings.Cut(p, "=")
			if ok && k != "" && v != "" {
				c.Props[k] = unescapeProperty(v)
			}
		}
	}
	return c, true
}

func unescapeData(s string) string {
	s = strings.ReplaceAll(s, "%0D", "\r")
	s = strings.ReplaceAll(s, "%0A", "\n")
	return strings.ReplaceAll(s, "%25", "%")
}

func unescapeProperty(s string) string {
	s = strings.ReplaceAll(s, "%0D", "\r")
	s = strings.ReplaceAll(s, "%0A", "\n")
	s = strings.ReplaceAll(s, "%3A", ":")
	s = strings.ReplaceAll(s, "%2C", ",")
	return strings.ReplaceAll(s, "%25", "%")
}

// parseKeyValues parses a GITHUB_OUTPUT, GITHUB_ENV or GITHUB_STATE file
// as the runner does: NAME=VALUE lines, or NAME<<DELIMITER, then the
// value's lines, then a line that is the delimiter; empty lines between
// them are skipped. Whichever of "=" and "<<" comes first decides the
// form. A malformed file is an error naming the line, which fails the
// step.
func parseKeyValues(data string) ([][2]string, error) {
	lines := strings.Split(strings.ReplaceAll(data, "\r\n", "\n"), "\n")
	var out [][2]string
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if line == "" {
			continue
		}
		eq, hd := strings.Index(line, "="), strings.Index(line, "<<")
		switch {
		case eq >= 0 && (hd < 0 || eq < hd):
			if eq == 0 {
				return nil, fmt.Errorf("invalid format %q: name must not be empty", line)
			}
			out = append(out, [2]string{line[:eq], line[eq+1:]})
		case hd >= 0:
			name, delim := line[:hd], line[hd+2:]
			if name == "" {
				return nil, fmt.Errorf("invalid format %q: name must not be empty", line)
			}
			if delim == "" {
				return nil, fmt.Errorf("invalid format %q: delimiter must not be empty", line)
			}
			var value []string
			found := false
			for i++; i < len(lines); i++ {
				if lines[i] == delim {
					found = true
					break
				}
				value = append(value, lines[i])
			}
			if !found {
				return nil, fmt.Errorf("invalid value: matching delimiter not found %q", delim)
			}
			out = append(out, [2]string{name, strings.Join(value, "\n")})
		default:
			return nil, fmt.Errorf("invalid format %q", line)
		}
	}
	return out, nil
}
