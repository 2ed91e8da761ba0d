package policy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
)

// ConfigFile is the name of the repository configuration file.
const ConfigFile = ".envaudit.yml"

// A configuration enriches a report with its ignore and severity rules.
var _ audit.Enricher = (*Config)(nil)

// Config is a repository's .envaudit.yml:
//
//	ignore:                       # findings to report but never gate on
//	  - package: "@types/*"       # name or glob (path.Match syntax); required
//	    kind: phantom             # kind or kind:reason; optional
//	    ecosystem: npm            # optional
//	    reason: type declarations are needed only to compile   # required
//	severity:                     # kind or kind:reason → error, warning or notice
//	  hidden:transitive: notice
//	test-runners: [ava, tap]      # extra test runners (all ecosystems), or a map
//	                              # ecosystem → list: {npm: [ava], python: [nose2]}
//	agents:                       # more signals of agent-authored pull requests
//	  logins: [my-agent[bot]]     # pull-request author logins
//	  branches: [agent/]          # head branch prefixes
//	  trailers: ["Generated-by: my-agent"]  # text in commit messages or the PR body
//	  builtin: true               # also use the built-in list of coding agents
//
// Unknown keys and bad values, an ecosystem name envaudit does not know
// among them, are positioned errors (`.envaudit.yml:3: unknown key "x"`),
// so a typo never silently disables a rule.
type Config struct {
	Ignore   []IgnoreRule
	Severity []SeverityRule
	// TestRunners maps an ecosystem name to extra test-runner package
	// names; the key "" applies to every ecosystem.
	TestRunners map[string][]string
	Agents      AgentConfig
}

// IgnoreRule is one entry of ignore.
type IgnoreRule struct {
	Package   string    // name or path.Match glob
	Selector  *Selector // nil matches every kind
	Ecosystem string    // "" matches every ecosystem
	Reason    string
	Pos       ecosystems.Pos
}

// SeverityRule is one entry of severity.
type SeverityRule struct {
	Selector Selector
	Severity string
	Pos      ecosystems.Pos
}

// AgentConfig adds signals of agent-authored pull requests.
type AgentConfig struct {
	Logins   []string
	Branches []string
	Trailers []string
	// NoBuiltin disables the built-in list of coding agents.
	NoBuiltin bool
}

// FindConfig returns the config file that applies to the project in dir,
// inside the repository whose top directory is top (or "" when there is
// none): dir's own .envaudit.yml, else the repository's at top, else none
// (""). name is how messages name it: its path relative to top.
func FindConfig(dir, top string) (path, name string) {
	for _, d := range []string{dir, top} {
		if d == "" {
			continue
		}
		p := filepath.Join(d, ConfigFile)
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			continue
		}
		name = ConfigFile
		if rel := audit.RepoPrefix(top, d); rel != "" {
			name = rel + "/" + name
		}
		return p, name
	}
	return "", ""
}

// LoadConfig reads the config file at path; a missing file is an empty
// configuration. name is how errors name the file (normally ".envaudit.yml"
// or its path relative to the repository); known lists the ecosystem names
// the file may use (those of ecosystems/all, which this package must not
// import). The file is the project's, so a named pipe or a device there is
// refused unread, and so is a file over 4 MiB.
func LoadConfig(path, name string, known []string) (*Config, error) {
	data, err := projfile.ReadFile(path, projfile.MaxConfig)
	if errors.Is(err, os.ErrNotExist) {
		return &Config{}, nil
	}
	var tl *projfile.TooLargeError
	switch {
	case errors.As(err, &tl):
		return nil, ecosystems.Errorf(name, 0, "larger than the %s limit for a config", projfile.Size(tl.Max))
	case errors.Is(err, projfile.ErrNotRegular):
		return nil, ecosystems.Errorf(name, 0, "cannot read: %w", errors.Unwrap(err))
	case err != nil:
		return nil, fmt.Errorf("read %q: %w", name, err)
	}
	return ParseConfig(data, name, known)
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// ParseConfig parses the contents of a config file, whose ecosystem names
// (an ignore rule's ecosystem, the keys of a test-runners map) must be
// among known. Errors are *ecosystems.PosError values naming name and the
// line.
func ParseConfig(data []byte, name string, known []string) (*Config, error) {
	cfg := &Config{}
	var doc yaml.Node
	if err := yaml.Unmarshal(trimBOM(data), &doc); err != nil {
		msg := err.Error()
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			line, _ := strconv.Atoi(m[1])
			return nil, ecosystems.Errorf(name, line, "%s", m[2])
		}
		return nil, ecosystems.Errorf(name, 0, "%s", strings.TrimPrefix(msg, "yaml: "))
	}
	if len(doc.Content) == 0 {
		return cfg, nil // empty file or only comments
	}
	p := &configParser{name: name, known: known}
	root := doc.Content[0]
	if err := p.mapping(root, "the file", func(key string, k, v *yaml.Node) error {
		switch key {
		case "ignore":
			return p.ignore(v, cfg)
		case "severity":
			return p.severity(v, cfg)
		case "test-runners":
			return p.testRunners(v, cfg)
		case "agents":
			return p.agents(v, cfg)
		}
		return p.errorf(k, "unknown key %q (want ignore, severity, test-runners or agents)", key)
	}); err != nil {
		return nil, err
	}
	return cfg, nil
}

type configParser struct {
	name  string
	known []string // ecosystem names
}

func (p *configParser) errorf(n *yaml.Node, format string, args ...any) error {
	return ecosystems.Errorf(p.name, n.Line, format, args...)
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return "a value"
	case yaml.AliasNode:
		return "an alias"
	}
	return "a document"
}

// mapping walks a mapping node, rejecting duplicate keys and aliases (a
// config file has no use for them, and expanding them costs memory).
func (p *configParser) mapping(n *yaml.Node, what string, fn func(key string, k, v *yaml.Node) error) error {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return p.errorf(n, "%s: want a mapping, not %s", what, kindName(n))
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return p.errorf(k, "%s: want a plain key, not %s", what, kindName(k))
		}
		if v.Kind == yaml.AliasNode {
			return p.errorf(v, "%s: aliases are not supported", k.Value)
		}
		if seen[k.Value] {
			return p.errorf(k, "duplicate key %q", k.Value)
		}
		seen[k.Value] = true
		if err := fn(k.Value, k, v); err != nil {
			return err
		}
	}
	return nil
}

func (p *configParser) scalar(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", p.errorf(n, "%s: want a value, not %s", what, kindName(n))
	}
	return n.Value, nil
}

// strings reads a list of values; a single value is a list of one.
func (p *configParser) strings(n *yaml.Node, what string) ([]string, error) {
	if n.Kind == yaml.ScalarNode && n.Tag != "!!null" {
		return []string{n.Value}, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, p.errorf(n, "%s: want a list of values, not %s", what, kindName(n))
	}
	var out []string
	for _, c := range n.Content {
		s, err := p.scalar(c, what)
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(s) == "" {
			return nil, p.errorf(c, "%s: empty value", what)
		}
		out = append(out, s)
	}
	return out, nil
}

// ecosystem checks an ecosystem name: a rule for an ecosystem envaudit
// does not know (a typo, "pip" for python) would never apply.
func (p *configParser) ecosystem(n *yaml.Node, what, name string) error {
	if slices.Contains(p.known, name) {
		return nil
	}
	want := slices.Sorted(slices.Values(p.known))
	list := "none"
	if len(want) > 0 {
		list = strings.Join(want, ", ")
		if len(want) > 1 {
			list = strings.Join(want[:len(want)-1], ", ") + " or " + want[len(want)-1]
		}
	}
	return p.errorf(n, "%s: unknown ecosystem %q (want %s)", what, name, list)
}

func (p *configParser) selector(n *yaml.Node, what string) (Selector, error) {
	s, err := p.scalar(n, what)
	if err != nil {
		return Selector{}, err
	}
	sel, err := ParseSelectors(s)
	if err != nil || len(sel) != 1 || strings.Contains(s, ",") {
		return Selector{}, p.errorf(n, "%s: unknown kind %q (want one of %s)", what, s, strings.Join(SelectorValues(), ", "))
	}
	return sel[0], nil
}

func (p *configParser) ignore(n *yaml.Node, cfg *Config) error {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		return p.errorf(n, "ignore: want a list of rules, not %s", kindName(n))
	}
	for _, item := range n.Content {
		r := IgnoreRule{Pos: ecosystems.PosVia(p.name, item.Line, ecosystems.Pos{})}
		err := p.mapping(item, "ignore rule", func(key string, k, v *yaml.Node) error {
			var err error
			switch key {
			case "package":
				if r.Package, err = p.scalar(v, key); err != nil {
					return err
				}
				if _, err := path.Match(r.Package, ""); err != nil || strings.TrimSpace(r.Package) == "" {
					return p.errorf(v, "package: invalid name or pattern %q", r.Package)
				}
			case "kind":
				sel, err := p.selector(v, key)
				if err != nil {
					return err
				}
				r.Selector = &sel
			case "ecosystem":
				if r.Ecosystem, err = p.scalar(v, key); err != nil {
					return err
				}
				err = p.ecosystem(v, key, r.Ecosystem)
			case "reason":
				r.Reason, err = p.scalar(v, key)
			default:
				return p.errorf(k, "unknown key %q in ignore rule (want package, kind, ecosystem or reason)", key)
			}
			return err
		})
		if err != nil {
			return err
		}
		if item.Kind != yaml.MappingNode {
			return p.errorf(item, "ignore rule: want a mapping, not %s", kindName(item))
		}
		if r.Package == "" {
			return p.errorf(item, "ignore rule needs a package")
		}
		if strings.TrimSpace(r.Reason) == "" {
			// A reviewer reading the config must learn why a finding is
			// silenced; an ignore without a reason is how real problems hide.
			return p.errorf(item, "ignore rule for %q needs a reason", r.Package)
		}
		cfg.Ignore = append(cfg.Ignore, r)
	}
	return nil
}

var severities = []string{audit.SeverityError, audit.SeverityWarning, audit.SeverityNotice}

func (p *configParser) severity(n *yaml.Node, cfg *Config) error {
	return p.mapping(n, "severity", func(key string, k, v *yaml.Node) error {
		sel, err := p.selector(k, "severity")
		if err != nil {
			return err
		}
		level, err := p.scalar(v, "severity of "+strconv.Quote(key))
		if err != nil {
			return err
		}
		if !slices.Contains(severities, level) {
			return p.errorf(v, "severity of %q: unknown level %q (want error, warning or notice)", key, level)
		}
		cfg.Severity = append(cfg.Severity, SeverityRule{Selector: sel, Severity: level, Pos: ecosystems.PosVia(p.name, k.Line, ecosystems.Pos{})})
		return nil
	})
}

func (p *configParser) testRunners(n *yaml.Node, cfg *Config) error {
	if cfg.TestRunners == nil {
		cfg.TestRunners = map[string][]string{}
	}
	if n.Kind == yaml.MappingNode {
		return p.mapping(n, "test-runners", func(key string, k, v *yaml.Node) error {
			if err := p.ecosystem(k, "test-runners", key); err != nil {
				return err
			}
			names, err := p.strings(v, "test-runners of "+strconv.Quote(key))
			if err != nil {
				return err
			}
			cfg.TestRunners[key] = append(cfg.TestRunners[key], names...)
			return nil
		})
	}
	names, err := p.strings(n, "test-runners")
	if err != nil {
		return err
	}
	cfg.TestRunners[""] = append(cfg.TestRunners[""], names...)
	return nil
}

func (p *configParser) agents(n *yaml.Node, cfg *Config) error {
	return p.mapping(n, "agents", func(key string, k, v *yaml.Node) error {
		var err error
		switch key {
		case "logins":
			cfg.Agents.Logins, err = p.strings(v, key)
		case "branches":
			cfg.Agents.Branches, err = p.strings(v, key)
		case "trailers":
			cfg.Agents.Trailers, err = p.strings(v, key)
		case "builtin":
			var s string
			if s, err = p.scalar(v, key); err != nil {
				return err
			}
			var b bool
			if err := v.Decode(&b); err != nil || v.Tag != "!!bool" {
				return p.errorf(v, "builtin: want true or false, not %q", s)
			}
			cfg.Agents.NoBuiltin = !b
		default:
			return p.errorf(k, "unknown key %q in agents (want logins, branches, trailers or builtin)", key)
		}
		return err
	})
}

// DevTools returns the extra test runners configured for an ecosystem.
func (c *Config) DevTools(ecosystem string) []string {
	if c == nil {
		return nil
	}
	return append(slices.Clone(c.TestRunners[""]), c.TestRunners[ecosystem]...)
}

// Enrich applies the ignore rules and severity overrides to the report's
// findings, as an audit.Enricher: the last matching severity rule wins,
// and a kind:reason rule beats a kind rule wherever they appear, so the
// more specific one decides. A nil configuration changes nothing. It runs
// after the other enrichers, since a rule may be meant for what they
// found. It never fails.
func (c *Config) Enrich(_ context.Context, r *audit.Report) error {
	if c == nil {
		return nil
	}
	for ei := range r.Ecosystems {
		e := &r.Ecosystems[ei]
		for fi := range e.Findings {
			f := &e.Findings[fi]
			for _, rule := range c.Ignore {
				if rule.matches(e.Name, *f) {
					f.Ignored = rule.Reason
					break
				}
			}
			best := -1
			for _, s := range c.Severity {
				if !s.Selector.Matches(*f) {
					continue
				}
				spec := 0
				if s.Selector.Reason != "" {
					spec = 1
				}
				if spec >= best {
					best = spec
					f.Severity = s.Severity
				}
			}
		}
	}
	return nil
}

func (r IgnoreRule) matches(eco string, f audit.Finding) bool {
	if r.Ecosystem != "" && r.Ecosystem != eco {
		return false
	}
	if r.Selector != nil && !r.Selector.Matches(f) {
		return false
	}
	ok, _ := path.Match(r.Package, f.Package)
	return ok || r.Package == f.Package
}

// trimBOM drops a UTF-8 byte order mark, which some editors write.
func trimBOM(b []byte) []byte { return bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) }
