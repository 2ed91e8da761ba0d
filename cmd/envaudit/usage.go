package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/envaudit/envaudit/internal/textwrap"
)

// operands says what a subcommand takes after its flags.
type operands int

const (
	noOperands     operands = iota // nothing
	commandOperand                 // -- COMMAND [ARG...], required
	fileOperands                   // names the command checks itself (compare's reports)
)

// separatorNote explains the -- separator in the usage of the commands that
// run a command.
const separatorNote = `Flags come before "--"; everything after it is the command to trace and its arguments, passed on as they are (so the command's own flags never reach envaudit).`

// exitNote is the exit-status part of the usage of the commands that audit.
const exitNote = "Exit status: 0 the command succeeded and no finding reached --fail-on; 1 a finding reached --fail-on; 2 bad usage or unreadable input; 3 the traced command itself failed (the audit is still written)."

// subcommand is the command line of one subcommand: its flags, and what
// its usage (-h, envaudit help COMMAND) says besides the synopsis and
// summary of the command table.
type subcommand struct {
	name     string
	operands operands
	// stray completes the error for an argument a noOperands command got,
	// e.g. "audit takes no command; use envaudit run to trace one".
	stray string
	notes []string // paragraphs after the flags
	flags *flag.FlagSet
}

func newSubcommand(name string, ops operands, notes ...string) *subcommand {
	return &subcommand{name: name, operands: ops, notes: notes, flags: flag.NewFlagSet(name, flag.ContinueOnError)}
}

// parse parses args. done reports that the command has nothing more to do,
// with its exit status: -h printed the usage on stdout (0), or the
// arguments are wrong and the error went to stderr (2). The flag package's
// own messages are reworded to start with the flag, as envaudit's other
// flag errors do: `--bogus: unknown flag`.
func (c *subcommand) parse(args []string, stdout, stderr io.Writer) (code int, done bool) {
	c.flags.SetOutput(io.Discard)
	err := c.flags.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		c.usage(stdout)
		return exitOK, true
	}
	if err != nil {
		err = flagError(err, args)
	}
	switch {
	case err != nil:
	case c.operands == noOperands && c.flags.NArg() > 0:
		msg := fmt.Sprintf("unexpected argument %q", c.flags.Arg(0))
		if c.stray != "" {
			msg += " (" + c.stray + ")"
		}
		err = usagef("%s", msg)
	case c.operands == commandOperand && c.flags.NArg() == 0:
		err = usagef("no command to trace (envaudit %s [flags] -- COMMAND [ARG...])", c.name)
	}
	if err != nil {
		return fail(stderr, c.name, err), true
	}
	return exitOK, false
}

// flagMessages match the flag package's complaints, each with the flag's
// name as the first group.
var flagMessages = []struct {
	re   *regexp.Regexp
	say  string // after "FLAG: "; $n are the other groups
	name int    // the group holding the flag's name
}{
	{regexp.MustCompile(`^flag provided but not defined: -(.*)$`), "unknown flag", 1},
	{regexp.MustCompile(`^flag needs an argument: -(.*)$`), "needs a value", 1},
	{regexp.MustCompile(`^invalid value (".*") for flag -([^:]*): (.*)$`), "invalid value $1: $3", 2},
	{regexp.MustCompile(`^invalid boolean value (".*") for -([^:]*): (.*)$`), "invalid value $1 (want true or false)", 2},
	{regexp.MustCompile(`^invalid boolean flag ([^:]*): (.*)$`), "invalid value (want true or false)", 1},
	{regexp.MustCompile(`^bad flag syntax: (.*)$`), "bad flag syntax", 0},
}

// flagError rewords an error of the flag package to start with the flag
// as the user spelled it in args.
func flagError(err error, args []string) error {
	msg := err.Error()
	for _, m := range flagMessages {
		sub := m.re.FindStringSubmatch(msg)
		if sub == nil {
			continue
		}
		name := ""
		if m.name > 0 {
			name = spelled(sub[m.name], args)
		} else {
			name = sub[1]
		}
		say := m.re.ReplaceAllString(msg, m.say)
		return usagef("%s: %s", name, say)
	}
	return usagef("%s", msg)
}

// spelled returns how args spelled the flag name: "-o", "--bogus" or
// "-bogus". A name args does not hold is shown with two dashes, or one for
// a single letter.
func spelled(name string, args []string) string {
	for _, a := range args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		bare, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if bare == name {
			dashes := len(a) - len(strings.TrimLeft(a, "-"))
			return strings.Repeat("-", dashes) + name
		}
	}
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// usage prints the command's synopsis, what it does, its flags with their
// defaults, and its notes, wrapped for a terminal.
func (c *subcommand) usage(w io.Writer) {
	lw := &textwrap.Writer{W: w}
	cmd := lookup(c.name)
	writeSynopsis(lw, "usage: ", cmd.synopsis)
	if cmd.summary != "" {
		lw.Line("")
		lw.Wrapped("", strings.ToUpper(cmd.summary[:1])+cmd.summary[1:]+".")
	}
	lw.Line("")
	var flags []*flag.Flag
	c.flags.VisitAll(func(f *flag.Flag) { flags = append(flags, f) })
	if len(flags) == 0 {
		lw.Line("flags: none")
	} else {
		lw.Line("flags:")
		for _, f := range flags {
			arg, text := flag.UnquoteUsage(f)
			if _, isBool := f.Value.(interface{ IsBoolFlag() bool }); isBool {
				arg = ""
			}
			lead := "  " + spelled(f.Name, nil)
			if arg != "" {
				lead += " " + arg
			}
			lw.Line("%s", lead)
			words := strings.Fields(text)
			if def := f.DefValue; def != "" && def != "false" {
				words = append(words, fmt.Sprintf("(default %q)", def))
			}
			lw.WrappedWords("        ", words)
		}
	}
	for _, n := range c.notes {
		lw.Line("")
		lw.Wrapped("", n)
	}
}

// writeSynopsis prints a synopsis after lead, wrapped between its
// bracketed groups (never inside one), continuation lines indented under
// the first option.
func writeSynopsis(lw *textwrap.Writer, lead, synopsis string) {
	words := synopsisWords(synopsis)
	n := min(2, len(words)) // "envaudit run"
	lw.WrappedWords(lead+strings.Join(words[:n], " ")+" ", words[n:])
}

// synopsisWords cuts a synopsis into the units a line break may not split:
// words, bracketed groups, and "--" with the word after it.
func synopsisWords(s string) []string {
	var words []string
	depth, start := 0, -1
	for i, r := range s + " " {
		switch {
		case r == '[':
			depth++
		case r == ']':
			depth--
		}
		if r == ' ' && depth == 0 {
			if start >= 0 {
				words = append(words, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	for i := 0; i < len(words)-1; i++ {
		if words[i] == "--" {
			words = append(words[:i], append([]string{"-- " + words[i+1]}, words[i+2:]...)...)
		}
	}
	return words
}

// lookup returns the command table's entry of a command.
func lookup(name string) command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return command{name: name, synopsis: "envaudit " + name}
}
