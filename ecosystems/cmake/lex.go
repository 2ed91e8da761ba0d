package cmake

import (
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// Command is one command invocation of a CMake listfile: find_package(...).
type Command struct {
	Name string // as written; CMake command names are case-insensitive
	Args []Arg
	Line int // line of the command name
}

// Arg is one argument of a command invocation.
type Arg struct {
	Value string // after escape processing; variable references are kept as written
	// Kind says how the argument was written: unquoted arguments are split
	// at semicolons after variable expansion and may be keywords; quoted
	// and bracket arguments are one argument each.
	Kind ArgKind
	Line int // line where the argument starts
}

// ArgKind is the syntactic kind of an argument.
type ArgKind uint8

// The kinds of arguments of the CMake language.
const (
	Unquoted ArgKind = iota // foo, ${VAR}, a;b, and the ( ) of nested parentheses
	Quoted                  // "foo bar"
	Bracket                 // [[foo]], [==[foo]==]
)

// Lower returns the command name in lower case, as CMake matches it.
func (c Command) Lower() string { return strings.ToLower(c.Name) }

// Parse splits a CMake listfile (CMakeLists.txt, *.cmake) into command
// invocations, following the grammar of cmake-language(7): line comments
// (#) and bracket comments (#[[ ]], #[==[ ]==]), quoted arguments with
// escape sequences and line continuations, bracket arguments (whose first
// newline is dropped), unquoted arguments with escapes and legacy embedded
// quotes (-DX="a b"), and nested parentheses inside arguments, which CMake
// passes on as "(" and ")" arguments. file names the listfile in errors,
// which are *ecosystems.PosError values at the line where the unterminated
// construct or the unexpected character starts:
//
//	CMakeLists.txt:12: command "find_package" is missing its closing ")"
func Parse(file string, src []byte) ([]Command, error) {
	p := &parser{file: file, src: string(src), line: 1}
	return p.file_()
}

type parser struct {
	file string
	src  string
	pos  int
	line int
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return ecosystems.Errorf(p.file, line, format, args...)
}

func (p *parser) peek(off int) byte {
	if p.pos+off < len(p.src) {
		return p.src[p.pos+off]
	}
	return 0
}

// advance moves n bytes forward, counting newlines.
func (p *parser) advance(n int) {
	for i := 0; i < n && p.pos < len(p.src); i++ {
		if p.src[p.pos] == '\n' {
			p.line++
		}
		p.pos++
	}
}

func (p *parser) file_() ([]Command, error) {
	var out []Command
	for p.pos < len(p.src) {
		c := p.peek(0)
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			p.advance(1)
		case c == '#':
			if err := p.comment(); err != nil {
				return nil, err
			}
		case isIdentStart(c):
			cmd, err := p.command()
			if err != nil {
				return nil, err
			}
			out = append(out, cmd)
			// A command must end its line (trailing space and comments allowed).
			for p.pos < len(p.src) && (p.peek(0) == ' ' || p.peek(0) == '\t' || p.peek(0) == '\r') {
				p.advance(1)
			}
			if p.pos < len(p.src) && p.peek(0) != '\n' && p.peek(0) != '#' {
				return nil, p.errorf(p.line, "unexpected %q after command %q (one command per line)", p.peek(0), cmd.Name)
			}
		default:
			return nil, p.errorf(p.line, "unexpected %q: expected a command name", c)
		}
	}
	return out, nil
}

func isIdentStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isIdent(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }

// comment skips a line comment or a bracket comment at '#'.
func (p *parser) comment() error {
	start := p.line
	p.advance(1)
	if p.peek(0) == '[' {
		if n := bracketOpen(p.src[p.pos:]); n > 0 {
			if _, err := p.bracket(n, start, "bracket comment"); err != nil {
				return err
			}
			return nil
		}
	}
	for p.pos < len(p.src) && p.peek(0) != '\n' {
		p.advance(1)
	}
	return nil
}

// bracketOpen returns the length of a bracket opening "[", "="*, "[" at the
// start of s, or 0 when s does not start with one.
func bracketOpen(s string) int {
	if len(s) == 0 || s[0] != '[' {
		return 0
	}
	i := 1
	for i < len(s) && s[i] == '=' {
		i++
	}
	if i < len(s) && s[i] == '[' {
		return i + 1
	}
	return 0
}

// bracket reads the bracket construct whose opening of length open starts
// at the current position, and returns its content (without a first
// newline, as CMake drops it).
func (p *parser) bracket(open, start int, what string) (string, error) {
	closing := "]" + strings.Repeat("=", open-2) + "]"
	p.advance(open)
	end := strings.Index(p.src[p.pos:], closing)
	if end < 0 {
		p.advance(len(p.src) - p.pos)
		return "", p.errorf(start, "unterminated %s (no %q)", what, closing)
	}
	content := p.src[p.pos : p.pos+end]
	p.advance(end + len(closing))
	if strings.HasPrefix(content, "\r\n") {
		content = content[2:]
	} else if strings.HasPrefix(content, "\n") {
		content = content[1:]
	}
	return content, nil
}

func (p *parser) command() (Command, error) {
	cmd := Command{Line: p.line}
	start := p.pos
	for p.pos < len(p.src) && isIdent(p.peek(0)) {
		p.advance(1)
	}
	cmd.Name = p.src[start:p.pos]
	for p.peek(0) == ' ' || p.peek(0) == '\t' {
		p.advance(1)
	}
	if p.peek(0) != '(' {
		return cmd, p.errorf(cmd.Line, "command %q is not followed by \"(\"", cmd.Name)
	}
	p.advance(1)
	depth := 0
	for {
		if p.pos >= len(p.src) {
			return cmd, p.errorf(cmd.Line, "command %q is missing its closing \")\"", cmd.Name)
		}
		c := p.peek(0)
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			p.advance(1)
		case c == '#':
			if err := p.comment(); err != nil {
				return cmd, err
			}
		case c == '(':
			depth++
			cmd.Args = append(cmd.Args, Arg{Value: "(", Line: p.line})
			p.advance(1)
		case c == ')':
			p.advance(1)
			if depth == 0 {
				return cmd, nil
			}
			depth--
			cmd.Args = append(cmd.Args, Arg{Value: ")", Line: p.line})
		case c == '"':
			a, err := p.quoted()
			if err != nil {
				return cmd, err
			}
			cmd.Args = append(cmd.Args, a)
		case c == '[' && bracketOpen(p.src[p.pos:]) > 0:
			line := p.line
			s, err := p.bracket(bracketOpen(p.src[p.pos:]), line, "bracket argument")
			if err != nil {
				return cmd, err
			}
			cmd.Args = append(cmd.Args, Arg{Value: s, Kind: Bracket, Line: line})
		default:
			a, err := p.unquoted()
			if err != nil {
				return cmd, err
			}
			cmd.Args = append(cmd.Args, a)
		}
	}
}

// quoted reads a quoted argument at '"'.
func (p *parser) quoted() (Arg, error) {
	a := Arg{Kind: Quoted, Line: p.line}
	p.advance(1)
	var b strings.Builder
	for {
		if p.pos >= len(p.src) {
			return a, p.errorf(a.Line, "unterminated quoted argument")
		}
		c := p.peek(0)
		switch {
		case c == '"':
			p.advance(1)
			a.Value = b.String()
			return a, nil
		case c == '\\':
			if p.peek(1) == '\n' { // line continuation
				p.advance(2)
				continue
			}
			if p.peek(1) == '\r' && p.peek(2) == '\n' {
				p.advance(3)
				continue
			}
			if err := p.escape(&b, a.Line); err != nil {
				return a, err
			}
		default:
			b.WriteByte(c)
			p.advance(1)
		}
	}
}

// escape decodes an escape sequence at '\': \n, \t, \r, and any other
// escaped character as itself. Escaped semicolons and dollars keep their
// backslash, as CMake does, so that list splitting and variable references
// leave them alone. (CMake rejects \a and other escaped letters when it
// evaluates the argument; declarations never need them, so they are read
// leniently.)
func (p *parser) escape(b *strings.Builder, line int) error {
	c := p.peek(1)
	switch {
	case c == 0 && p.pos+1 >= len(p.src):
		p.advance(1)
		return p.errorf(line, "escape sequence at the end of the file")
	case c == 'n':
		b.WriteByte('\n')
	case c == 't':
		b.WriteByte('\t')
	case c == 'r':
		b.WriteByte('\r')
	case c == ';' || c == '$':
		b.WriteByte('\\')
		b.WriteByte(c)
	default:
		b.WriteByte(c)
	}
	p.advance(2)
	return nil
}

// unquoted reads an unquoted argument: everything up to white space, a
// parenthesis or a comment, with escape sequences decoded and legacy quoted
// parts ("a b" inside the argument) kept as they are written.
func (p *parser) unquoted() (Arg, error) {
	a := Arg{Kind: Unquoted, Line: p.line}
	var b strings.Builder
	for p.pos < len(p.src) {
		c := p.peek(0)
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '(' || c == ')' || c == '#':
			a.Value = b.String()
			return a, nil
		case c == '\\':
			if err := p.escape(&b, a.Line); err != nil {
				return a, err
			}
		case c == '"' && b.Len() > 0:
			// Legacy: -DX="a b" is one argument, quotes included.
			start := p.line
			b.WriteByte(c)
			p.advance(1)
			for {
				if p.pos >= len(p.src) {
					return a, p.errorf(start, "unterminated quoted part of an unquoted argument")
				}
				d := p.peek(0)
				b.WriteByte(d)
				p.advance(1)
				if d == '\\' && p.pos < len(p.src) {
					b.WriteByte(p.peek(0))
					p.advance(1)
					continue
				}
				if d == '"' {
					break
				}
			}
		case c == '"':
			a.Value = b.String()
			return a, nil
		case c == '$' && p.peek(1) == '{':
			// A variable reference may contain white space-free nested
			// references; copy it whole so ${a}${b} stays one argument.
			end := refEnd(p.src, p.pos)
			b.WriteString(p.src[p.pos:end])
			p.advance(end - p.pos)
		default:
			b.WriteByte(c)
			p.advance(1)
		}
	}
	a.Value = b.String()
	return a, nil
}

// refEnd returns the index just after the variable reference ${...}
// starting at i, or the end of its line when it is not closed.
func refEnd(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j + 1
			}
		case '\n', ' ', '\t', '(', ')':
			return j
		}
	}
	return len(s)
}
