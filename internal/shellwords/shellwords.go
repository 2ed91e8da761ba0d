// Package shellwords owns splitting shell text into simple commands and
// their words, as far as reading what a script runs needs: the system
// ecosystem reads the packages an `apt-get install` line names in a
// Dockerfile or a workflow, the npm ecosystem what a package.json script
// runs. It never expands anything and never fails.
package shellwords

import "strings"

// Word is one shell word after quote removal.
type Word struct {
	Text string
	// Offset is the byte offset in the text of the word's first
	// character (its opening quote, for a quoted word).
	Offset int
	// Literal reports that the word has no parameter expansion or command
	// substitution, so its text is what the shell would pass.
	Literal bool
}

// Commands splits shell text into simple commands (lists of words),
// breaking at newlines, ;, &, |, &&, || and parentheses, and dropping
// comments; the inside of a command substitution $(...) is a command of
// its own. It knows single and double quotes, backslash escapes and line
// continuations; a word with a $ or a backquote in it is kept but marked
// non-literal. Text the shell would reject (an unterminated quote) ends
// the last word at the end of the text.
func Commands(t string) [][]Word {
	var (
		cmds    [][]Word
		cur     []Word
		b       strings.Builder
		inWord  bool
		start   int
		literal bool
	)
	endWord := func() {
		if inWord {
			cur = append(cur, Word{Text: b.String(), Offset: start, Literal: literal})
		}
		b.Reset()
		inWord = false
	}
	endCmd := func() {
		endWord()
		if len(cur) > 0 {
			cmds = append(cmds, cur)
		}
		cur = nil
	}
	begin := func(i int) {
		if !inWord {
			inWord, start, literal = true, i, true
		}
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c == '\\' && i+1 < len(t) && t[i+1] == '\n':
			i++ // line continuation
		case c == '\\' && i+1 < len(t):
			begin(i)
			i++
			b.WriteByte(t[i])
		case c == '\'':
			begin(i)
			j := strings.IndexByte(t[i+1:], '\'')
			if j < 0 {
				b.WriteString(t[i+1:])
				i = len(t)
				break
			}
			b.WriteString(t[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			begin(i)
			for i++; i < len(t) && t[i] != '"'; i++ {
				switch {
				case t[i] == '\\' && i+1 < len(t) && strings.IndexByte("$`\"\\\n", t[i+1]) >= 0:
					i++
					if t[i] != '\n' {
						b.WriteByte(t[i])
					}
				default:
					if t[i] == '$' || t[i] == '`' {
						literal = false
					}
					b.WriteByte(t[i])
				}
			}
		case c == '#' && !inWord:
			for i < len(t) && t[i] != '\n' {
				i++
			}
			endCmd()
		case c == ' ' || c == '\t' || c == '\r':
			endWord()
		case c == '\n' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')':
			endCmd()
		case c == '$' && i+1 < len(t) && t[i+1] == '(':
			// Command substitution: its inside is a command of its own.
			endCmd()
			i++
		default:
			begin(i)
			if c == '$' || c == '`' {
				literal = false
			}
			b.WriteByte(c)
		}
	}
	endCmd()
	return cmds
}
