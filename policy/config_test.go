package policy

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/audit/reporttest"
	"github.com/envaudit/envaudit/ecosystems"
)

// testEcosystems are the ecosystem names the tests' configurations may use
// (the CLI passes those of ecosystems/all).
var testEcosystems = []string{"python", "npm", "maven"}

func TestParseConfig(t *testing.T) {
	const full = `# envaudit settings
ignore:
  - package: "@types/*"
    kind: phantom:compile-time
    reason: type declarations are needed only to compile
  - package: left-pad
    ecosystem: npm
    reason: "vendored copy, tracked in #12"
severity:
  hidden:transitive: notice
  bloat: warning
test-runners: [ava, tap]
agents:
  logins: ["acme-bot[bot]"]
  branches: bot/
  trailers: ["Generated-by: acme"]
  builtin: false
`
	got, err := ParseConfig([]byte(full), ".envaudit.yml", testEcosystems)
	if err != nil {
		t.Fatal(err)
	}
	want := &Config{
		Ignore: []IgnoreRule{
			{Package: "@types/*", Selector: &Selector{Kind: audit.Phantom, Reason: audit.ReasonCompileTime},
				Reason: "type declarations are needed only to compile", Pos: ecosystems.Pos{File: ".envaudit.yml", Line: 3}},
			{Package: "left-pad", Ecosystem: "npm", Reason: "vendored copy, tracked in #12", Pos: ecosystems.Pos{File: ".envaudit.yml", Line: 6}},
		},
		Severity: []SeverityRule{
			{Selector: Selector{Kind: audit.Hidden, Reason: audit.ReasonTransitive}, Severity: "notice", Pos: ecosystems.Pos{File: ".envaudit.yml", Line: 10}},
			{Selector: Selector{Kind: audit.Bloat}, Severity: "warning", Pos: ecosystems.Pos{File: ".envaudit.yml", Line: 11}},
		},
		TestRunners: map[string][]string{"": {"ava", "tap"}},
		Agents:      AgentConfig{Logins: []string{"acme-bot[bot]"}, Branches: []string{"bot/"}, Trailers: []string{"Generated-by: acme"}, NoBuiltin: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ParseConfig (-want +got):\n%s", diff)
	}

	perEco, err := ParseConfig([]byte("test-runners:\n  npm: [ava]\n  python: nose2\n"), ".envaudit.yml", testEcosystems)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"ava"}, perEco.DevTools("npm")); diff != "" {
		t.Errorf("DevTools(npm) (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"nose2"}, perEco.DevTools("python")); diff != "" {
		t.Errorf("DevTools(python) (-want +got):\n%s", diff)
	}
	for _, empty := range []string{"", "# nothing yet\n", "---\n", "\xef\xbb\xbfignore: []\n"} {
		c, err := ParseConfig([]byte(empty), ".envaudit.yml", testEcosystems)
		if err != nil || len(c.Ignore) != 0 {
			t.Errorf("ParseConfig(%q) = %+v, %v", empty, c, err)
		}
	}
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"unknownKey", "ignore: []\n\nx: 1\n", `.envaudit.yml:3: unknown key "x" (want ignore, severity, test-runners or agents)`},
		{"notAMapping", "- a\n- b\n", `.envaudit.yml:1: the file: want a mapping, not a list`},
		{"syntax", "ignore: []\nseverity: {}\nc 2\nagents: {}\n", `.envaudit.yml:3: could not find expected ':'`},
		{"duplicateKey", "severity: {}\nseverity: {}\n", `.envaudit.yml:2: duplicate key "severity"`},
		{"ignoreNotList", "ignore:\n  package: a\n", `.envaudit.yml:2: ignore: want a list of rules, not a mapping`},
		{"ruleNotMapping", "ignore:\n  - left-pad\n", `.envaudit.yml:2: ignore rule: want a mapping, not a value`},
		{"ruleUnknownKey", "ignore:\n  - package: a\n    reson: typo\n", `.envaudit.yml:3: unknown key "reson" in ignore rule (want package, kind, ecosystem or reason)`},
		{"ruleNoReason", "ignore:\n  - package: left-pad\n    kind: hidden\n", `.envaudit.yml:2: ignore rule for "left-pad" needs a reason`},
		{"ruleBlankReason", "ignore:\n  - package: left-pad\n    reason: \"  \"\n", `.envaudit.yml:2: ignore rule for "left-pad" needs a reason`},
		{"ruleNoPackage", "ignore:\n  - reason: because\n", `.envaudit.yml:2: ignore rule needs a package`},
		{"ruleBadKind", "ignore:\n  - package: a\n    kind: phantm\n    reason: r\n", `.envaudit.yml:3: kind: unknown kind "phantm" (want one of phantom, phantom:unused, phantom:untested, phantom:dev-only, phantom:not-installed, phantom:skipped, phantom:compile-time, hidden, hidden:direct, hidden:dev-declared, hidden:transitive, hidden:undeclared, hidden:missing, hidden:tampered, bloat, bloat:installed, dev, dev:test-runner, dev:tooling, manifest, manifest:indirect)`},
		{"ruleTwoKinds", "ignore:\n  - package: a\n    kind: phantom,hidden\n    reason: r\n", `.envaudit.yml:3: kind: unknown kind "phantom,hidden" (want one of phantom, phantom:unused, phantom:untested, phantom:dev-only, phantom:not-installed, phantom:skipped, phantom:compile-time, hidden, hidden:direct, hidden:dev-declared, hidden:transitive, hidden:undeclared, hidden:missing, hidden:tampered, bloat, bloat:installed, dev, dev:test-runner, dev:tooling, manifest, manifest:indirect)`},
		{"ruleBadGlob", "ignore:\n  - package: \"[a\"\n    reason: r\n", `.envaudit.yml:2: package: invalid name or pattern "[a"`},
		{"rulePackageList", "ignore:\n  - package: [a, b]\n    reason: r\n", `.envaudit.yml:2: package: want a value, not a list`},
		{"severityLevel", "severity:\n  hidden: fatal\n", `.envaudit.yml:2: severity of "hidden": unknown level "fatal" (want error, warning or notice)`},
		{"severityKind", "severity:\n  hiden: error\n", `.envaudit.yml:2: severity: unknown kind "hiden" (want one of phantom, phantom:unused, phantom:untested, phantom:dev-only, phantom:not-installed, phantom:skipped, phantom:compile-time, hidden, hidden:direct, hidden:dev-declared, hidden:transitive, hidden:undeclared, hidden:missing, hidden:tampered, bloat, bloat:installed, dev, dev:test-runner, dev:tooling, manifest, manifest:indirect)`},
		{"severityNotMapping", "severity: [error]\n", `.envaudit.yml:1: severity: want a mapping, not a list`},
		{"runnersNested", "test-runners:\n  - [ava]\n", `.envaudit.yml:2: test-runners: want a value, not a list`},
		{"runnersEmpty", "test-runners: [\"\"]\n", `.envaudit.yml:1: test-runners: empty value`},
		{"agentsUnknown", "agents:\n  login: x\n", `.envaudit.yml:2: unknown key "login" in agents (want logins, branches, trailers or builtin)`},
		{"agentsBuiltin", "agents:\n  builtin: maybe\n", `.envaudit.yml:2: builtin: want true or false, not "maybe"`},
		{"alias", "severity: &x {}\nagents: *x\n", `.envaudit.yml:2: agents: aliases are not supported`},
		{"tabs", "ignore:\n\t- package: a\n", `.envaudit.yml:2: found character that cannot start any token`},
		{"ruleUnknownEcosystem", "ignore:\n  - package: a\n    ecosystem: pip\n    reason: r\n", `.envaudit.yml:3: ecosystem: unknown ecosystem "pip" (want maven, npm or python)`},
		{"runnersUnknownEcosystem", "test-runners:\n  npm: [ava]\n  pyton: [nose2]\n", `.envaudit.yml:3: test-runners: unknown ecosystem "pyton" (want maven, npm or python)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(tt.in), ".envaudit.yml", testEcosystems)
			if got := errString(err); got != tt.want {
				t.Errorf("error\n got: %s\nwant: %s", got, tt.want)
			}
			var pe *ecosystems.PosError
			if err != nil && !errors.As(err, &pe) {
				t.Errorf("error %T is not a *ecosystems.PosError", err)
			}
		})
	}
}

func TestLoadConfig(t *testing.T) {
	dir := t.TempDir()
	c, err := LoadConfig(filepath.Join(dir, ConfigFile), ConfigFile, testEcosystems)
	if err != nil || c == nil || len(c.Ignore) != 0 {
		t.Fatalf("missing file: %+v, %v", c, err)
	}
	path := filepath.Join(dir, ConfigFile)
	if err := os.WriteFile(path, []byte("ignore:\n  - package: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadConfig(path, "sub/.envaudit.yml", testEcosystems); errString(err) != `sub/.envaudit.yml:2: ignore rule for "x" needs a reason` {
		t.Errorf("error = %v", err)
	}
}

func TestConfigEnrich(t *testing.T) {
	cfg, err := ParseConfig([]byte(`
ignore:
  - package: "@types/*"
    reason: compile-time only
  - package: lodash
    kind: hidden:transitive
    reason: only through debug
severity:
  hidden:undeclared: warning
  hidden: notice
  phantom: error
  phantom:unused: notice
`), ConfigFile, testEcosystems)
	if err != nil {
		t.Fatal(err)
	}
	r := reporttest.Example(t)
	if err := cfg.Enrich(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range r.Ecosystems[0].Findings {
		got[f.Package] = f.Severity + " " + f.Ignored
	}
	want := map[string]string{
		"yargs":       "notice ",                 // phantom:unused beats phantom
		"left-padd":   "error ",                  // phantom
		"@types/node": "error compile-time only", // glob
		"ms":          "notice ",                 // hidden
		"lodash":      "warning ",                // hidden:undeclared beats hidden, kind-restricted ignore does not match
		"y18n":        "notice ",
		"chalk":       "notice ",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Enrich (-want +got):\n%s", diff)
	}
}

// FuzzParseConfig checks the parser never panics, and that every error it
// returns is positioned in the file.
func FuzzParseConfig(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/config/*.yml")
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{"ignore:\n  - package: a\n    reason: b\n", "severity: {hidden: error}\n", "agents: {builtin: true}\n",
		"test-runners: {npm: [a]}\n", "a: &x [1]\nb: *x\n", "- [", "{", "ignore: [{package: '*', kind: 'hidden:x', reason: r}]"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseConfig(data, ConfigFile, testEcosystems)
		if err != nil {
			if !strings.HasPrefix(err.Error(), ConfigFile+":") {
				t.Fatalf("error without position: %v", err)
			}
			var pe *ecosystems.PosError
			if !errors.As(err, &pe) {
				t.Fatalf("error %T is not a *ecosystems.PosError", err)
			}
			return
		}
		for _, r := range c.Ignore {
			if r.Package == "" || strings.TrimSpace(r.Reason) == "" {
				t.Fatalf("accepted rule without package or reason: %+v", r)
			}
		}
	})
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
