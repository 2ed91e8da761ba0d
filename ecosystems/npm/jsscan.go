package npm

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// This file holds a tolerant JavaScript scanner: a lexer that knows
// strings, template literals, comments and regular expressions well
// enough to find the import statements and require calls of a file that
// esbuild's parser refuses — Flow's type syntax (`import type`, `x:
// number`, `?T`, `{| |}`), a proposal esbuild does not know — and the
// require and import() calls whose argument is not a string literal,
// which esbuild would otherwise expand as glob patterns against the disk.
// It reads no grammar beyond that: what it finds is only ever what a
// statement or call says about a module name.

// A jsTokKind is the kind of one token of the scanner.
type jsTokKind int

const (
	tokIdent    jsTokKind = iota // identifier or keyword
	tokString                    // '...' or "..."; val is its value
	tokTemplate                  // `...`; val is the text before its first ${, subst says it has one
	tokPunct                     // one punctuator character, or "?." and "=>"
	tokRegex                     // /.../flags
	tokNumber                    // a numeric literal
)

// A jsTok is one token: its kind, its text (an identifier, a
// punctuator), its value (a string's, a template's head), its byte offset
// and its line (1-based).
type jsTok struct {
	kind  jsTokKind
	text  string
	val   string
	subst bool // a template literal with a ${} substitution
	// escaped says val differs from the literal's text by an escape,
	// which the scanner reads only as far as \n and \t.
	escaped bool
	off     int
	line    int
	// firstSubst is the first token of a template's first substitution
	// (an identifier such as __dirname), "" otherwise.
	firstSubst string
}

// jsLex splits src into tokens, dropping comments and white space. It
// never fails: what it cannot read as a token it skips a byte at a time.
// Quoted strings end at the end of their line (JSX text such as
// <p>Don't</p> is not a string, and must not swallow the rest of the
// file). A slash starts a regular expression where an expression may
// start (after an operator, a keyword such as return, or nothing); one
// that does not close on its line is read as a punctuator. complete is
// false when the file ends inside a template literal or a block comment,
// where the tokens after are not known.
func jsLex(src string) (toks []jsTok, complete bool) {
	lx := &jsLexer{src: src, line: 1}
	if strings.HasPrefix(src, "#!") {
		lx.skipLine()
	}
	lx.run()
	return lx.toks, !lx.unterminated
}

type jsLexer struct {
	src          string
	i            int
	line         int
	toks         []jsTok
	unterminated bool
	// braces is the stack of open braces: true for one that opened a
	// template literal's substitution, whose "}" resumes the template.
	braces []bool
	// tmpls counts the template literals whose substitutions are being
	// lexed.
	tmpls int
	// flush, when set, is given the tokens lexed so far each time there
	// are flushAt of them, and at the end (final); it returns how many of
	// the leading ones it is done with, which are dropped. The last token
	// always stays: whether a slash after it starts a regular expression
	// depends on it. A large file (a bundle of megabytes) is then read in
	// constant memory.
	flush func(toks []jsTok, final bool) int
	// flushNext is the number of tokens at which flush is next called.
	flushNext int
}

// flushAt is how many tokens the lexer holds before it hands them to
// flush (a variable for the tests, which cut files at every token).
var flushAt = 4096

func (lx *jsLexer) emit(t jsTok) {
	lx.toks = append(lx.toks, t)
	if lx.flush != nil && len(lx.toks) >= max(lx.flushNext, flushAt) {
		lx.drop(lx.flush(lx.toks, false))
		// What flush could not take yet waits for flushAt more tokens.
		lx.flushNext = len(lx.toks) + flushAt
	}
}

// drop removes the first n tokens, keeping the last one.
func (lx *jsLexer) drop(n int) {
	n = min(n, len(lx.toks)-1)
	if n <= 0 {
		return
	}
	m := copy(lx.toks, lx.toks[n:])
	clear(lx.toks[m:])
	lx.toks = lx.toks[:m]
}

func (lx *jsLexer) skipLine() {
	for lx.i < len(lx.src) && lx.src[lx.i] != '\n' {
		lx.i++
	}
}

func (lx *jsLexer) run() {
	for lx.i < len(lx.src) {
		c := lx.src[lx.i]
		switch {
		case c == '\n':
			lx.line++
			lx.i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.i++
		case c == '/' && lx.peek(1) == '/':
			lx.skipLine()
		case c == '/' && lx.peek(1) == '*':
			end := strings.Index(lx.src[lx.i+2:], "*/")
			if end < 0 {
				lx.line += strings.Count(lx.src[lx.i:], "\n")
				lx.i = len(lx.src)
				lx.unterminated = true
				return
			}
			lx.line += strings.Count(lx.src[lx.i:lx.i+2+end], "\n")
			lx.i += 2 + end + 2
		case c == '\'' || c == '"':
			lx.quoted(c)
		case c == '`':
			lx.template(false)
		case c == '/':
			if lx.regexAllowed() && lx.regex() {
				continue
			}
			lx.emit(jsTok{kind: tokPunct, text: "/", off: lx.i, line: lx.line})
			lx.i++
		case isIdentStart(c):
			start := lx.i
			for lx.i < len(lx.src) && isIdentPart(lx.src[lx.i]) {
				lx.i++
			}
			lx.emit(jsTok{kind: tokIdent, text: lx.src[start:lx.i], off: start, line: lx.line})
		case c >= '0' && c <= '9' || c == '.' && lx.peek(1) >= '0' && lx.peek(1) <= '9':
			start := lx.i
			for lx.i < len(lx.src) && (isIdentPart(lx.src[lx.i]) || lx.src[lx.i] == '.') {
				lx.i++
			}
			lx.emit(jsTok{kind: tokNumber, text: lx.src[start:lx.i], off: start, line: lx.line})
		case c == '{':
			lx.braces = append(lx.braces, false)
			lx.emit(jsTok{kind: tokPunct, text: "{", off: lx.i, line: lx.line})
			lx.i++
		case c == '}':
			if n := len(lx.braces); n > 0 {
				subst := lx.braces[n-1]
				lx.braces = lx.braces[:n-1]
				if subst && lx.tmpls > 0 {
					// The end of a template literal's substitution: the
					// template goes on.
					lx.tmpls--
					lx.i++
					lx.template(true)
					continue
				}
			}
			lx.emit(jsTok{kind: tokPunct, text: "}", off: lx.i, line: lx.line})
			lx.i++
		case c == '?' && lx.peek(1) == '.' && !(lx.peek(2) >= '0' && lx.peek(2) <= '9'):
			lx.emit(jsTok{kind: tokPunct, text: "?.", off: lx.i, line: lx.line})
			lx.i += 2
		case c == '=' && lx.peek(1) == '>':
			lx.emit(jsTok{kind: tokPunct, text: "=>", off: lx.i, line: lx.line})
			lx.i += 2
		case c < 0x80:
			lx.emit(jsTok{kind: tokPunct, text: string(c), off: lx.i, line: lx.line})
			lx.i++
		default:
			// A non-ASCII byte outside a string: part of an identifier
			// (JavaScript allows Unicode letters) or white space.
			start := lx.i
			for lx.i < len(lx.src) && (lx.src[lx.i] >= 0x80 || isIdentPart(lx.src[lx.i])) {
				lx.i++
			}
			lx.emit(jsTok{kind: tokIdent, text: lx.src[start:lx.i], off: start, line: lx.line})
		}
	}
}

func (lx *jsLexer) peek(n int) byte {
	if lx.i+n < len(lx.src) {
		return lx.src[lx.i+n]
	}
	return 0
}

// quoted reads a string literal opened by q, up to its closing quote or
// the end of its line.
func (lx *jsLexer) quoted(q byte) {
	start, line := lx.i, lx.line
	lx.i++
	// The value, as a slice of src until an escape makes it differ.
	from := lx.i
	var b strings.Builder
	escaped := false
	end := -1
	for lx.i < len(lx.src) {
		c := lx.src[lx.i]
		if c == q {
			end = lx.i
			lx.i++
			break
		}
		if c == '\n' {
			break
		}
		if c == '\\' && lx.i+1 < len(lx.src) {
			if !escaped {
				b.WriteString(lx.src[from:lx.i])
				escaped = true
			}
			next := lx.src[lx.i+1]
			if next == '\n' {
				lx.line++
			} else if next != '\r' {
				b.WriteByte(unescape(next))
			}
			lx.i += 2
			continue
		}
		if escaped {
			b.WriteByte(c)
		}
		lx.i++
	}
	if end < 0 {
		end = lx.i
	}
	val := lx.src[from:end]
	if escaped {
		val = b.String()
	}
	lx.emit(jsTok{kind: tokString, val: val, off: start, line: line, escaped: escaped})
}

func unescape(c byte) byte {
	switch c {
	case 'n':
		return '\n'
	case 't':
		return '\t'
	}
	return c
}

// template reads a template literal at lx.i — its opening backtick, or,
// with resume, the text after one of its substitutions — up to its
// closing backtick or its next ${, which opens a substitution lexed as
// code.
func (lx *jsLexer) template(resume bool) {
	t := -1 // its token, when it opens here
	if !resume {
		lx.emit(jsTok{kind: tokTemplate, off: lx.i, line: lx.line})
		t = len(lx.toks) - 1 // the last token stays through a flush
		lx.i++
	}
	// The text read, as a slice of src until an escape makes it differ.
	start := lx.i
	var b strings.Builder
	escaped := false
	text := func(end int) string {
		if escaped {
			return b.String()
		}
		return lx.src[start:end]
	}
	for lx.i < len(lx.src) {
		c := lx.src[lx.i]
		switch {
		case c == '`':
			if t >= 0 {
				lx.toks[t].val, lx.toks[t].escaped = text(lx.i), escaped
			}
			lx.i++
			return
		case c == '\\' && lx.i+1 < len(lx.src):
			if lx.src[lx.i+1] == '\n' {
				lx.line++
			}
			if t >= 0 {
				if !escaped {
					b.WriteString(lx.src[start:lx.i])
					escaped = true
				}
				b.WriteByte(unescape(lx.src[lx.i+1]))
			}
			lx.i += 2
		case c == '$' && lx.peek(1) == '{':
			if t >= 0 {
				// The text before the first substitution, and the first
				// name inside it, say what the template starts with
				// (`./locale/${x}`, `${__dirname}/x`).
				lx.toks[t].val, lx.toks[t].escaped = text(lx.i), escaped
				j := lx.i + 2
				for j < len(lx.src) && (lx.src[j] == ' ' || lx.src[j] == '\t') {
					j++
				}
				k := j
				for k < len(lx.src) && isIdentPart(lx.src[k]) {
					k++
				}
				lx.toks[t].firstSubst = lx.src[j:k]
				lx.toks[t].subst = true
			}
			lx.i += 2
			lx.braces = append(lx.braces, true)
			lx.tmpls++
			return
		default:
			if c == '\n' {
				lx.line++
			}
			if escaped {
				b.WriteByte(c)
			}
			lx.i++
		}
	}
	lx.unterminated = true
}

// regexAllowed says whether a slash here starts a regular expression:
// where an expression may start.
func (lx *jsLexer) regexAllowed() bool {
	if len(lx.toks) == 0 {
		return true
	}
	p := lx.toks[len(lx.toks)-1]
	switch p.kind {
	case tokPunct:
		return p.text != ")" && p.text != "]"
	case tokIdent:
		switch p.text {
		case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void",
			"throw", "case", "do", "else", "yield", "await":
			return true
		}
	}
	return false
}

// regex reads a regular expression literal at the slash lx.i, and
// reports false (reading nothing) when it does not close on its line.
func (lx *jsLexer) regex() bool {
	j := lx.i + 1
	class := false
	for j < len(lx.src) {
		c := lx.src[j]
		switch {
		case c == '\n':
			return false
		case c == '\\':
			j++
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			j++
			for j < len(lx.src) && isIdentPart(lx.src[j]) {
				j++
			}
			lx.emit(jsTok{kind: tokRegex, text: lx.src[lx.i:j], off: lx.i, line: lx.line})
			lx.i = j
			return true
		}
		j++
	}
	return false
}

// literal reports whether t is a string literal (a quoted string, or a
// template literal without substitutions), whose value is t.val.
func (t jsTok) literal() bool {
	return t.kind == tokString || t.kind == tokTemplate && !t.subst
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '\\'
}

func isIdentPart(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9'
}

// A scanned is one import the tolerant scanner read: the line of its
// specifier, the specifier, whether it names types only (`import type`,
// `import typeof`, `export type ... from`, `import {type A}`), whether it
// is a require call or import() expression, and whether its failure is
// handled (inside a try block, or an import() with a catch).
type scanned struct {
	line     int
	spec     string
	typeOnly bool
	dynamic  bool
	guarded  bool
}

// scanImports reads the imports of a JavaScript, TypeScript or Flow file
// from its tokens: import and export-from declarations (type-only ones
// marked), require and require.resolve calls (import x = require("m")
// among them),
// and import() expressions with a string literal argument. ok is false
// when the file ends inside a template literal or a comment.
func scanImports(src string) (out []scanned, ok bool) {
	toks, ok := jsLex(src)
	// tries is the stack of open braces, true for a try block's.
	var tries []bool
	inTry := 0
	punct := func(i int, s string) bool {
		return i >= 0 && i < len(toks) && toks[i].kind == tokPunct && toks[i].text == s
	}
	ident := func(i int, s string) bool {
		return i >= 0 && i < len(toks) && toks[i].kind == tokIdent && toks[i].text == s
	}
	member := func(i int) bool { return punct(i-1, ".") || punct(i-1, "?.") }
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tokPunct && t.text == "{":
			try := ident(i-1, "try")
			tries = append(tries, try)
			if try {
				inTry++
			}
		case t.kind == tokPunct && t.text == "}":
			if n := len(tries); n > 0 {
				if tries[n-1] {
					inTry--
				}
				tries = tries[:n-1]
			}
		case t.kind != tokIdent || member(i):
		case t.text == "require":
			arg := i + 2
			if punct(i+1, ".") && ident(i+2, "resolve") {
				arg = i + 4
				if !punct(i+3, "(") {
					continue
				}
			} else if !punct(i+1, "(") {
				continue
			}
			if v, ok, _ := constantArg(toks[min(arg, len(toks)):]); ok {
				out = append(out, scanned{line: toks[arg].line, spec: v, dynamic: true, guarded: inTry > 0})
			}
		case t.text == "import" && punct(i+1, "("):
			arg := i + 2
			if v, ok, _ := constantArg(toks[min(arg, len(toks)):]); ok {
				close := closingParen(toks, i+1)
				caught := punct(close+1, ".") && ident(close+2, "catch")
				out = append(out, scanned{line: toks[arg].line, spec: v, dynamic: true, guarded: inTry > 0 || caught})
			}
		case t.text == "import" && !punct(i+1, "."):
			if s, ok := scanDeclaration(toks, i, false); ok {
				out = append(out, s)
			}
		case t.text == "export":
			if s, ok := scanDeclaration(toks, i, true); ok {
				out = append(out, s)
			}
		}
	}
	return out, ok
}

// closingParen returns the index of the parenthesis that closes the one
// at open, or len(toks).
func closingParen(toks []jsTok, open int) int {
	depth := 0
	for i := open; i < len(toks); i++ {
		if toks[i].kind != tokPunct {
			continue
		}
		switch toks[i].text {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(toks)
}

// scanDeclaration reads the declaration at toks[i] ("import" or
// "export"): `import "m"`, `import [type|typeof] clause from "m"`,
// `export [type] {...} from "m"`, `export * [as n] from "m"`. Any other
// statement is not one; TypeScript's `import x = require("m")` is read
// as the require call it is.
func scanDeclaration(toks []jsTok, i int, export bool) (scanned, bool) {
	at := func(j int) jsTok {
		if j < len(toks) {
			return toks[j]
		}
		return jsTok{kind: -1}
	}
	j := i + 1
	if !export && at(j).kind == tokString {
		return scanned{line: at(j).line, spec: at(j).val}, true
	}
	typeOnly := false
	if n := at(j); n.kind == tokIdent && (n.text == "type" || n.text == "typeof") {
		// `import type X from`, `import type {A} from`, `import typeof
		// X from`; but `import type from "m"` and `import type, {A}`
		// import a default binding named type.
		next := at(j + 1)
		named := next.kind == tokPunct && next.text == "," ||
			next.kind == tokIdent && next.text == "from" && at(j+2).kind == tokString
		if !named {
			typeOnly = true
			j++
		}
	}
	if export {
		if n := at(j); n.kind != tokPunct || n.text != "{" && n.text != "*" {
			return scanned{}, false
		}
	}
	// The clause: identifiers, "*", "as", ",", and a braced list of
	// specifiers, each possibly `type A` or `typeof A`.
	specifiers, typed := 0, 0
	for ; j < len(toks); j++ {
		n := toks[j]
		switch {
		case n.kind == tokIdent && n.text == "from" && at(j+1).kind == tokString:
			s := at(j + 1)
			if specifiers > 0 && typed == specifiers && !export {
				typeOnly = true
			}
			return scanned{line: s.line, spec: s.val, typeOnly: typeOnly}, true
		case n.kind == tokPunct && n.text == "{":
			// Count the braced specifiers and the type-only ones.
			for j++; j < len(toks) && !(toks[j].kind == tokPunct && toks[j].text == "}"); j++ {
				s := toks[j]
				if s.kind == tokPunct && s.text == "," {
					continue
				}
				if s.kind != tokIdent && s.kind != tokString {
					return scanned{}, false
				}
				specifiers++
				if (s.text == "type" || s.text == "typeof") && at(j+1).kind == tokIdent && at(j+1).text != "as" {
					typed++
				}
				// Skip the rest of this specifier (`A as B`).
				for j+1 < len(toks) && !(toks[j+1].kind == tokPunct && (toks[j+1].text == "," || toks[j+1].text == "}")) {
					j++
				}
			}
		case n.kind == tokIdent && statementWords[n.text]:
			return scanned{}, false
		case n.kind == tokIdent || n.kind == tokPunct && (n.text == "*" || n.text == ","):
			if n.kind == tokIdent && n.text != "as" && n.text != "type" && n.text != "typeof" {
				specifiers++ // a default or namespace binding: a value
			}
		default:
			return scanned{}, false
		}
	}
	return scanned{}, false
}

// statementWords start a statement: a declaration's clause never holds
// one, so meeting one ends a declaration that has no "from".
var statementWords = map[string]bool{
	"import": true, "export": true, "const": true, "let": true, "var": true,
	"function": true, "class": true, "if": true, "return": true,
}

// A computedCall is a require call or import() expression whose argument
// is not a string literal: the module it loads is decided when the code
// runs. insert is the offset just after its opening parenthesis, line
// its line; relative says its argument can only name a file (a template
// or concatenation starting with "./", "../" or "/", or with __dirname,
// __filename, process.cwd(), path.join(__dirname, ...)), never a
// package — or names the module require.resolve("m") resolves, which is
// read as an import of m.
type computedCall struct {
	insert   int
	line     int
	relative bool
	// made marks a createRequire call (module.createRequire, or the
	// function imported by that name): the require function it makes
	// loads what no reader follows.
	made bool
}

// computedCalls returns the require calls and import() expressions of
// src whose argument is not a lone string literal, and its createRequire
// calls. It reads the tokens as the lexer hands them over (jsLexer.flush),
// so a bundle of megabytes costs no more memory than a small file.
func computedCalls(src string) []computedCall {
	calls, _, _ := scanCalls(src, false)
	return calls
}

// scanCalls is computedCalls; with specs, it also returns every module
// name a string literal gives an import statement, an export-from, a
// require, require.resolve or import() call (literals joined by "+"
// included): a superset of the import records esbuild would find, which
// tells whether a file is worth esbuild's parse. A name the scanner may
// read otherwise than esbuild (an escape beyond \n and \t, bytes that
// are not UTF-8) is not in names; unsure then says so.
func scanCalls(src string, specs bool) (calls []computedCall, names []string, unsure bool) {
	buf := tokBuffers.Get().(*[]jsTok)
	defer func() {
		clear((*buf)[:cap(*buf)])
		tokBuffers.Put(buf)
	}()
	lx := &jsLexer{src: src, line: 1, toks: (*buf)[:0]}
	next := 0 // the first token not yet looked at
	lx.flush = func(toks []jsTok, final bool) int {
		i := next
		for ; i < len(toks); i++ {
			c, found, more := callAt(toks, i)
			var spec string
			var named, odd bool
			if specs {
				var specMore bool
				spec, named, odd, specMore = specAt(toks, i)
				more = more || specMore
			}
			if more && !final {
				break // its argument goes on past the tokens lexed so far
			}
			if found {
				calls = append(calls, c)
			}
			switch {
			case named && (odd || !utf8.ValidString(spec)):
				unsure = true
			case named:
				names = append(names, spec)
			}
		}
		// The token before i stays for the next look (a "." or
		// "function" before a require).
		done := max(i-1, 0)
		next = i - done
		return done
	}
	if strings.HasPrefix(src, "#!") {
		lx.skipLine()
	}
	lx.run()
	lx.flush(lx.toks, true)
	*buf = lx.toks
	return calls, names, unsure
}

// specAt returns the module name a string literal at toks[i+1...] gives
// the token toks[i] when that is "from" or "import" followed by a
// literal, or require, import or require.resolve called with literals;
// escaped when a literal of it holds an escape; more when the tokens run
// out before that is decided.
func specAt(toks []jsTok, i int) (spec string, ok, escaped, more bool) {
	t := toks[i]
	if t.kind != tokIdent {
		return "", false, false, false
	}
	at := func(j int) (jsTok, bool) {
		if j < len(toks) {
			return toks[j], true
		}
		more = true
		return jsTok{}, false
	}
	switch t.text {
	case "from", "import":
		if n, in := at(i + 1); in && n.kind == tokString {
			return n.val, true, n.escaped, false
		}
		if t.text == "from" {
			return "", false, false, more
		}
	case "require":
	default:
		return "", false, false, false
	}
	j := i + 1
	if t.text == "require" {
		if n, in := at(j); in && n.kind == tokPunct && n.text == "." {
			if r, in := at(j + 1); !in || r.kind != tokIdent || r.text != "resolve" {
				return "", false, false, more
			}
			j += 2
		}
	}
	if n, in := at(j); !in || n.kind != tokPunct || n.text != "(" {
		return "", false, false, more
	}
	arg := toks[min(j+1, len(toks)):]
	v, ok, chainMore := constantArg(arg)
	if ok {
		for k := 0; k < len(arg) && arg[k].literal(); k += 2 {
			escaped = escaped || arg[k].escaped
		}
	}
	return v, ok, escaped, more || chainMore || j+1 >= len(toks)
}

// tokBuffers keeps the token buffers of computedCalls, which reads every
// loaded file of every installed package, for the next file.
var tokBuffers = sync.Pool{New: func() any {
	b := make([]jsTok, 0, flushAt+callLookahead+1)
	return &b
}}

// callLookahead is how many tokens after a require or import callAt may
// read to decide it (relativeArg reads five after the parenthesis);
// constantArg's chain of literals may read further, and says so.
const callLookahead = 8

// callAt reads the call toks[i] may start: found when it is a computed
// require or import() or a createRequire call; more when the tokens after
// it run out before that is decided.
func callAt(toks []jsTok, i int) (c computedCall, found, more bool) {
	t := toks[i]
	if t.kind != tokIdent || t.text != "require" && t.text != "import" && t.text != "createRequire" {
		return c, false, false
	}
	if len(toks)-i <= callLookahead {
		more = true // decided as far as the tokens go; final takes it so
	}
	if t.text == "createRequire" {
		if i+1 < len(toks) && toks[i+1].kind == tokPunct && toks[i+1].text == "(" &&
			(i == 0 || toks[i-1].kind != tokIdent || toks[i-1].text != "function") {
			return computedCall{insert: toks[i+1].off + 1, line: t.line, made: true}, true, more
		}
		return c, false, more
	}
	if i > 0 && (toks[i-1].kind == tokPunct && (toks[i-1].text == "." || toks[i-1].text == "?.") ||
		toks[i-1].kind == tokIdent && toks[i-1].text == "function") {
		return c, false, false // a method, or a function of that name
	}
	if i+2 >= len(toks) || toks[i+1].kind != tokPunct || toks[i+1].text != "(" {
		return c, false, more
	}
	_, ok, chainMore := constantArg(toks[i+2:])
	if ok {
		return c, false, more
	}
	if chainMore {
		return c, false, true
	}
	if a := toks[i+2]; a.kind == tokPunct && a.text == ")" {
		return c, false, more // require(): no module
	}
	return computedCall{insert: toks[i+1].off + 1, line: t.line, relative: relativeArg(toks[i+2:])}, true, more
}

// constantArg reads the argument of a call that starts at toks[0] when it
// is a string literal, or string literals joined by "+" ('m' + 's'), that
// the call's ")" or "," ends: its value, which names the module as surely
// as one literal does (esbuild folds the concatenation into that string
// and resolves it). A name built from anything else — a variable, a call,
// a template's substitution — is decided when the code runs.
func constantArg(toks []jsTok) (val string, ok, more bool) {
	var b strings.Builder
	i := 0
	for ; i+1 < len(toks) && toks[i].literal(); i += 2 {
		b.WriteString(toks[i].val)
		switch n := toks[i+1]; {
		case n.kind != tokPunct:
			return "", false, false
		case n.text == ")" || n.text == ",":
			return b.String(), true, false
		case n.text != "+":
			return "", false, false
		}
	}
	// A chain of literals cut by the end of toks is not decided.
	return "", false, i >= len(toks)-1 && (i == len(toks) || toks[i].literal())
}

// relativeArg says whether the argument starting at toks[0] can only name
// a file.
func relativeArg(toks []jsTok) bool {
	if len(toks) == 0 {
		return false
	}
	isPath := func(s string) bool {
		return strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../") || strings.HasPrefix(s, "/")
	}
	dir := func(name string) bool { return name == "__dirname" || name == "__filename" }
	a := toks[0]
	switch a.kind {
	case tokString:
		return isPath(a.val)
	case tokTemplate:
		if a.val != "" {
			return isPath(a.val)
		}
		return dir(a.firstSubst)
	case tokIdent:
		if dir(a.text) {
			return true
		}
		// require(require.resolve("m", ...)): the module require.resolve
		// names, which is read as an import of its own.
		if a.text == "require" && len(toks) >= 5 && toks[1].text == "." && toks[2].text == "resolve" && toks[3].text == "(" && toks[4].literal() {
			return true
		}
		// process.cwd() and path.join(__dirname, ...), path.resolve(...)
		if len(toks) >= 5 && toks[1].text == "." && toks[3].text == "(" {
			switch {
			case a.text == "process" && toks[2].text == "cwd":
				return true
			case a.text == "path" && (toks[2].text == "join" || toks[2].text == "resolve"):
				b := toks[4]
				return b.kind == tokIdent && (dir(b.text) || b.text == "process") ||
					b.kind == tokString && isPath(b.val)
			}
		}
	}
	return false
}

// neutralizeComputed returns src with "0," inserted after the opening
// parenthesis of each of calls: esbuild then sees a call of two arguments
// whose first is no string, which it leaves alone. Without it, esbuild
// expands a template literal or a concatenation starting with "./" as a
// glob pattern against the disk, relative to the process's working
// directory — node_modules included — and parses every file it matches as
// if the project had imported it. Lines keep their numbers.
func neutralizeComputed(src string, calls []computedCall) string {
	if len(calls) == 0 {
		return src
	}
	var b strings.Builder
	b.Grow(len(src) + 2*len(calls))
	done := 0
	for _, c := range calls {
		b.WriteString(src[done:c.insert])
		b.WriteString("0,")
		done = c.insert
	}
	b.WriteString(src[done:])
	return b.String()
}
