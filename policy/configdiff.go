package policy

import (
	"fmt"
	"slices"
	"strings"
)

// Settings lists the configuration as one line per setting, sorted:
// `ignore package "@types/*" kind phantom:compile-time (reason "...")`,
// `severity hidden:transitive notice`, `test-runners npm ava`, `agents
// builtin false`. Two configurations that gate alike list the same lines
// (order and positions in the file aside), so ConfigChanges can say what a
// change to the file changes. A nil configuration has no settings.
func (c *Config) Settings() []string {
	if c == nil {
		return nil
	}
	var out []string
	for _, r := range c.Ignore {
		s := fmt.Sprintf("ignore package %q", r.Package)
		if r.Selector != nil {
			s += " kind " + r.Selector.String()
		}
		if r.Ecosystem != "" {
			s += " ecosystem " + r.Ecosystem
		}
		out = append(out, s+fmt.Sprintf(" (reason %q)", r.Reason))
	}
	for _, r := range c.Severity {
		out = append(out, fmt.Sprintf("severity %s %s", r.Selector.String(), r.Severity))
	}
	for eco, names := range c.TestRunners {
		for _, n := range names {
			if eco == "" {
				out = append(out, fmt.Sprintf("test-runners %q", n))
			} else {
				out = append(out, fmt.Sprintf("test-runners %s %q", eco, n))
			}
		}
	}
	for _, l := range c.Agents.Logins {
		out = append(out, fmt.Sprintf("agents logins %q", l))
	}
	for _, b := range c.Agents.Branches {
		out = append(out, fmt.Sprintf("agents branches %q", b))
	}
	for _, tr := range c.Agents.Trailers {
		out = append(out, fmt.Sprintf("agents trailers %q", tr))
	}
	out = append(out, fmt.Sprintf("agents builtin %t", !c.Agents.NoBuiltin))
	slices.Sort(out)
	return slices.Compact(out)
}

// ConfigChanges returns what head changes of base's settings (Settings),
// each line starting with "+ " (a setting head adds) or "- " (one it
// drops), removals first; nil when both gate alike.
func ConfigChanges(base, head *Config) []string {
	if base == nil {
		base = &Config{}
	}
	if head == nil {
		head = &Config{}
	}
	b, h := base.Settings(), head.Settings()
	var out []string
	for _, s := range b {
		if !slices.Contains(h, s) {
			out = append(out, "- "+s)
		}
	}
	for _, s := range h {
		if !slices.Contains(b, s) {
			out = append(out, "+ "+s)
		}
	}
	return out
}

// ChangesMessage says in one line that a change edits the configuration
// file named name, which takes effect only once it is merged, and how
// (ConfigChanges); "" when changes is empty.
func ChangesMessage(name string, changes []string) string {
	if len(changes) == 0 {
		return ""
	}
	return fmt.Sprintf("this change edits %s, which takes effect after merge; the gate used the base commit's: %s", name, strings.Join(changes, "; "))
}
