package policy

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestConfigChanges(t *testing.T) {
	known := []string{"npm", "python"}
	parse := func(t *testing.T, s string) *Config {
		t.Helper()
		c, err := ParseConfig([]byte(s), ConfigFile, known)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	tests := []struct {
		name, base, head string
		want             []string
	}{
		{name: "same", base: "severity:\n  bloat: warning\n", head: "# reordered\nseverity: {bloat: warning}\n"},
		{name: "none", base: "", head: ""},
		{
			name: "ignoreEverything",
			base: "",
			head: "ignore:\n  - package: \"*\"\n    reason: all\nagents:\n  builtin: false\n",
			want: []string{"- agents builtin true", "+ agents builtin false", `+ ignore package "*" (reason "all")`},
		},
		{
			name: "loosened",
			base: "severity:\n  hidden:transitive: error\ntest-runners: {npm: [ava]}\nagents:\n  branches: [bot/]\n",
			head: "severity:\n  hidden:transitive: notice\ntest-runners: {npm: [ava, lodash]}\n",
			want: []string{`- agents branches "bot/"`, "- severity hidden:transitive error", "+ severity hidden:transitive notice", `+ test-runners npm "lodash"`},
		},
		{
			name: "ruleScope",
			base: "ignore:\n  - package: left-pad\n    kind: phantom\n    ecosystem: npm\n    reason: vendored\n",
			head: "ignore:\n  - package: left-pad\n    reason: vendored\n",
			want: []string{`- ignore package "left-pad" kind phantom ecosystem npm (reason "vendored")`, `+ ignore package "left-pad" (reason "vendored")`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ConfigChanges(parse(t, tt.base), parse(t, tt.head))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ConfigChanges (-want +got):\n%s", diff)
			}
		})
	}
	if got := ConfigChanges(nil, nil); got != nil {
		t.Errorf("ConfigChanges(nil, nil) = %q", got)
	}
	if got := ChangesMessage(ConfigFile, nil); got != "" {
		t.Errorf("ChangesMessage without changes = %q", got)
	}
}
