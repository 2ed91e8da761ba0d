package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// runCLI runs envaudit in process with the given arguments.
func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

var (
	// usageFlag matches a flag line of -h output: "  --report FILE".
	usageFlag = regexp.MustCompile(`(?m)^  (--?[\w-]+)( \S+)?$`)
	// synopsisFlag matches a flag in a synopsis: "[--report FILE.json]".
	synopsisFlag = regexp.MustCompile(`\[(--?[\w-]+)`)
)

// TestUsage checks every subcommand's -h against its synopsis and
// docs/cli.md: the synopsis and the flag list name the same flags, every
// flag has a description, the commands that run a command explain the --
// separator, `envaudit help COMMAND` prints the same, and docs/cli.md
// describes every flag.
func TestUsage(t *testing.T) {
	docs, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range commands() {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(c.name, "-h")
			if code != exitOK || stderr != "" {
				t.Fatalf("%s -h: exit %d, stderr %q", c.name, code, stderr)
			}
			want := "usage: envaudit " + c.name
			if c.name == "help" {
				want = "usage: envaudit COMMAND" // help -h is envaudit help
			}
			if !strings.HasPrefix(stdout, want) {
				t.Errorf("%s -h does not start with its synopsis:\n%s", c.name, stdout)
			}
			if c.name != "help" {
				if _, again, _ := runCLI("help", c.name); again != stdout {
					t.Errorf("envaudit help %s differs from %s -h", c.name, c.name)
				}
			}
			var listed, synopsis []string
			for _, m := range usageFlag.FindAllStringSubmatch(stdout, -1) {
				listed = append(listed, m[1])
			}
			for _, m := range synopsisFlag.FindAllStringSubmatch(c.synopsis, -1) {
				synopsis = append(synopsis, m[1])
			}
			slices.Sort(listed)
			slices.Sort(synopsis)
			if diff := cmp.Diff(synopsis, listed); diff != "" {
				t.Errorf("flags in the synopsis (-) and in the flag list (+) differ:\n%s", diff)
			}
			for _, f := range listed {
				if !regexp.MustCompile("(?m)^  " + regexp.QuoteMeta(f) + `( \S+)?\n        \S`).MatchString(stdout) {
					t.Errorf("flag %s has no description", f)
				}
				if !strings.Contains(string(docs), "`"+f) {
					t.Errorf("docs/cli.md does not describe %s %s", c.name, f)
				}
			}
			if strings.Contains(c.synopsis, " -- ") && !strings.Contains(stdout, `Flags come before "--"`) {
				t.Errorf("%s -h does not explain the -- separator", c.name)
			}
			if !strings.Contains(string(docs), "envaudit "+c.name) {
				t.Errorf("docs/cli.md does not mention envaudit %s", c.name)
			}
		})
	}
}

// TestUsageErrors checks that a mistake on the command line exits 2 with a
// message that starts with the flag (as the user spelled it) or names the
// stray argument, and points to the command's help.
func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string // the first line of stderr
	}{
		{[]string{"run", "--bogus", "--", "true"}, "envaudit run: --bogus: unknown flag"},
		{[]string{"run", "-bogus=1", "--", "true"}, "envaudit run: -bogus: unknown flag"},
		{[]string{"trace", "-o"}, "envaudit trace: -o: needs a value"},
		{[]string{"trace", "--privileged=maybe", "--", "true"}, `envaudit trace: --privileged: invalid value "maybe" (want true or false)`},
		{[]string{"trace", "---x", "--", "true"}, "envaudit trace: ---x: bad flag syntax"},
		{[]string{"audit", "--format"}, "envaudit audit: --format: needs a value"},
		{[]string{"audit", "-C", ".", "stray"}, `envaudit audit: unexpected argument "stray" (audit takes no command; use envaudit run to trace one)`},
		{[]string{"demo", "--nope"}, "envaudit demo: --nope: unknown flag"},
		{[]string{"compare", "--x", "a.json", "b.json"}, "envaudit compare: --x: unknown flag"},
		{[]string{"action", "--run", "npm test"}, "envaudit action: --run: unknown flag"},
		{[]string{"action", "npm"}, `envaudit action: unexpected argument "npm" (the Action reads its inputs from INPUT_* variables)`},
		{[]string{"baseline", "-x"}, "envaudit baseline: -x: unknown flag"},
		{[]string{"version", "--short"}, "envaudit version: --short: unknown flag"},
		{[]string{"version", "now"}, `envaudit version: unexpected argument "now"`},
		{[]string{"run"}, "envaudit run: no command to trace (envaudit run [flags] -- COMMAND [ARG...])"},
		{[]string{"trace", "--timeout", "1m"}, "envaudit trace: no command to trace (envaudit trace [flags] -- COMMAND [ARG...])"},
		{[]string{"help", "run", "audit"}, `envaudit help: unexpected argument "audit" (envaudit help [COMMAND])`},
		{[]string{"help", "frobnicate"}, `envaudit: unknown command "frobnicate" (run "envaudit help")`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, "_"), func(t *testing.T) {
			code, stdout, stderr := runCLI(tt.args...)
			first, rest, _ := strings.Cut(stderr, "\n")
			if code != exitUsage || first != tt.want || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, stdout, stderr, tt.want)
			}
			if strings.HasPrefix(first, "envaudit "+tt.args[0]+": ") && tt.args[0] != "help" && rest != `(run "envaudit `+tt.args[0]+` -h" for usage)`+"\n" {
				t.Errorf("no pointer to the help: %q", rest)
			}
		})
	}
}

// TestSynopsisWords checks where a synopsis may break.
func TestSynopsisWords(t *testing.T) {
	got := synopsisWords("envaudit audit [-C DIR] [--trace T [--evidence DIR]] -- COMMAND [ARG...]")
	want := []string{"envaudit", "audit", "[-C DIR]", "[--trace T [--evidence DIR]]", "-- COMMAND", "[ARG...]"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("synopsisWords (-want +got):\n%s", diff)
	}
}
