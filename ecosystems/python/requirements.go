package python

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/envaudit/envaudit/ecosystems"
)

// reqFile is one parsed requirements file: the requirements it names and
// the files it pulls in with -r (more requirements) and -c (constraints,
// which pin versions but declare nothing).
type reqFile struct {
	entries     []reqEntry
	includes    []reqRef
	constraints []reqRef
	// compiled is set for a pip-compile output (pipcompile.go): a lock
	// whose pins are declared only where its annotations say so. via and
	// annotated are its `# via` annotations, by the pin's line.
	compiled  bool
	via       map[int][]viaSource
	annotated map[int]bool
}

// reqEntry is one requirement line.
type reqEntry struct {
	line     int
	name     string // as written (or as read from a local project)
	spec     string // what follows the name, or the URL or path
	editable bool
}

// reqRef is a -r or -c reference to another file.
type reqRef struct {
	line   int
	target string // as written
}

// localNamer returns the distribution name of the local project at path (as
// written in a requirements file, relative to the project), and whether it
// is the project root itself. ok is false when it cannot tell.
type localNamer func(path string) (name string, self, ok bool)

// reqOptions are the options pip accepts on their own line in a
// requirements file, mapped to whether they take a value.
var reqOptions = map[string]bool{
	"-r": true, "--requirement": true,
	"-c": true, "--constraint": true,
	"-e": true, "--editable": true,
	"-i": true, "--index-url": true,
	"--extra-index-url": true,
	"--no-index":        false,
	"-f":                true, "--find-links": true,
	"--no-binary":      true,
	"--only-binary":    true,
	"--prefer-binary":  false,
	"--require-hashes": false,
	"--pre":            false,
	"--trusted-host":   true,
	"--use-feature":    true,
}

// reqLineOptions are the options pip accepts after a requirement on the same
// line.
var reqLineOptions = map[string]bool{
	"--hash":            true,
	"--global-option":   true,
	"--install-option":  true,
	"--config-settings": true,
	"-C":                true,
}

// parseRequirements parses a pip requirements file. name is the file's
// path for error positions. local names local project directories for
// path and -e entries.
//
// It follows pip's reading of the format: lines ending in a backslash
// continue on the next line (a comment line does not continue); "#" starts
// a comment at the start of a line or after whitespace; a line is a
// requirement up to the first token that starts with "-", followed by
// per-requirement options such as --hash; a line that starts with an option
// is an options line (-r, -c, -e, --index-url, ...).
func parseRequirements(name string, data []byte, local localNamer) (*reqFile, error) {
	f := &reqFile{}
	for _, ll := range logicalLines(string(data)) {
		if err := f.parseLine(name, ll.line, ll.text, local); err != nil {
			return nil, err
		}
	}
	lines := make([]int, len(f.entries))
	for i, e := range f.entries {
		lines[i] = e.line
	}
	f.via, f.annotated, f.compiled = compiledVia(data, lines)
	return f, nil
}

// maxQuoted is how much of a line an error quotes: a line may be
// megabytes long, and the error goes to the log and an annotation.
const maxQuoted = 200

// clip returns s cut to maxQuoted bytes (at a rune boundary) and marked
// so.
func clip(s string) string {
	if len(s) <= maxQuoted {
		return s
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

type logicalLine struct {
	line int
	text string
}

// logicalLines joins continued lines and strips comments, as pip's
// join_lines and ignore_comments do.
func logicalLines(s string) []logicalLine {
	s = strings.TrimPrefix(s, "\ufeff")
	phys := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	var out []logicalLine
	var cur []string
	start := 0
	emit := func(line int, text string) {
		text = strings.TrimSpace(stripComment(text))
		if text != "" {
			out = append(out, logicalLine{line, text})
		}
	}
	for i, l := range phys {
		n := i + 1
		if !strings.HasSuffix(l, `\`) || isCommentLine(l) {
			if isCommentLine(l) {
				l = " " + l
			}
			if cur != nil {
				cur = append(cur, l)
				emit(start, strings.Join(cur, ""))
				cur = nil
			} else {
				emit(n, l)
			}
			continue
		}
		if cur == nil {
			start = n
		}
		cur = append(cur, strings.Trim(l, `\`))
	}
	if cur != nil {
		emit(start, strings.Join(cur, ""))
	}
	return out
}

func isCommentLine(l string) bool {
	return strings.HasPrefix(strings.TrimLeft(l, " \t"), "#")
}

// stripComment removes a "#" comment that starts the line or follows
// whitespace; a "#" inside a token (a URL fragment, #egg=) stays.
func stripComment(l string) string {
	for i := 0; i < len(l); i++ {
		if l[i] == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t') {
			return l[:i]
		}
	}
	return l
}

func (f *reqFile) parseLine(file string, line int, text string, local localNamer) error {
	// pip splits the line at single spaces: the requirement is every token
	// before the first one that starts with "-".
	toks := strings.Split(text, " ")
	k := 0
	for k < len(toks) && !strings.HasPrefix(toks[k], "-") {
		k++
	}
	arg := strings.TrimSpace(strings.Join(toks[:k], " "))
	opts, err := splitArgs(strings.Join(toks[k:], " "))
	if err != nil {
		return ecosystems.Errorf(file, line, "%s", err)
	}
	if arg != "" {
		if err := checkOptions(opts, reqLineOptions); err != nil {
			return ecosystems.Errorf(file, line, "%s", err)
		}
		e, err := parseReqArg(arg, false, local)
		if err != nil {
			if len(arg) > maxQuoted {
				// The parser's own error quotes the rest of the line.
				return ecosystems.Errorf(file, line, "invalid requirement %q: %s", clip(arg), clip(err.Error()))
			}
			return ecosystems.Errorf(file, line, "invalid requirement %q: %w", arg, err)
		}
		if e != nil {
			e.line = line
			f.entries = append(f.entries, *e)
		}
		return nil
	}
	all := map[string]bool{}
	for k, v := range reqOptions {
		all[k] = v
	}
	for k, v := range reqLineOptions {
		all[k] = v
	}
	if err := checkOptions(opts, all); err != nil {
		return ecosystems.Errorf(file, line, "%s", err)
	}
	for i := 0; i < len(opts); i++ {
		opt, val, hasVal := splitOption(opts[i], all)
		if all[opt] && !hasVal {
			i++
			val = opts[i] // checkOptions made sure it is there
		}
		switch opt {
		case "-r", "--requirement":
			f.includes = append(f.includes, reqRef{line, val})
		case "-c", "--constraint":
			f.constraints = append(f.constraints, reqRef{line, val})
		case "-e", "--editable":
			e, err := parseReqArg(val, true, local)
			if err != nil {
				return ecosystems.Errorf(file, line, "invalid editable requirement %q: %w", val, err)
			}
			if e != nil {
				e.line = line
				f.entries = append(f.entries, *e)
			}
		}
	}
	return nil
}

// splitOption splits "--opt=value" and "-rvalue" forms.
func splitOption(tok string, known map[string]bool) (opt, val string, hasVal bool) {
	if strings.HasPrefix(tok, "--") {
		if i := strings.IndexByte(tok, '='); i >= 0 {
			return tok[:i], tok[i+1:], true
		}
		return tok, "", false
	}
	if len(tok) > 2 && known[tok[:2]] {
		return tok[:2], strings.TrimPrefix(tok[2:], "="), true
	}
	return tok, "", false
}

func checkOptions(opts []string, known map[string]bool) error {
	for i := 0; i < len(opts); i++ {
		if !strings.HasPrefix(opts[i], "-") {
			return fmt.Errorf("unexpected %q among options", opts[i])
		}
		opt, _, hasVal := splitOption(opts[i], known)
		takes, ok := known[opt]
		if !ok {
			return fmt.Errorf("unknown option %q", opt)
		}
		if takes && !hasVal {
			if i+1 >= len(opts) {
				return fmt.Errorf("option %q needs a value", opt)
			}
			i++
		}
		if !takes && hasVal {
			return fmt.Errorf("option %q takes no value", opt)
		}
	}
	return nil
}

// splitArgs splits options the way a POSIX shell would: whitespace
// separates words, and single or double quotes group them.
func splitArgs(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' && i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote = c
			in = true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			in = true
		case c == ' ' || c == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, errors.New("unterminated quote")
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}

var vcsSchemes = map[string]bool{
	"git": true, "git+http": true, "git+https": true, "git+ssh": true, "git+git": true, "git+file": true,
	"hg+http": true, "hg+https": true, "hg+ssh": true, "hg+static-http": true, "hg+file": true,
	"svn": true, "svn+ssh": true, "svn+http": true, "svn+https": true, "svn+svn": true, "svn+file": true,
	"bzr+http": true, "bzr+https": true, "bzr+ssh": true, "bzr+sftp": true, "bzr+ftp": true, "bzr+lp": true, "bzr+file": true,
}

// urlScheme returns the scheme when s is a URL pip would fetch (http,
// https, file or a version-control scheme), else "".
func urlScheme(s string) string {
	i := strings.IndexByte(s, ':')
	if i <= 0 {
		return ""
	}
	sch := strings.ToLower(s[:i])
	if sch == "http" || sch == "https" || sch == "file" || sch == "ftp" || vcsSchemes[sch] {
		return sch
	}
	return ""
}

// namedURL matches the start of a PEP 508 URL requirement, "name @ url" or
// "name[extra] @ url", which is not a path even though it contains "/".
var namedURL = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*\s*(\[[^\]]*\])?\s*@`)

var archiveExts = []string{".whl", ".tar.gz", ".tgz", ".tar.bz2", ".tbz", ".tar.xz", ".txz", ".tar", ".zip"}

func archiveExt(p string) string {
	lp := strings.ToLower(p)
	for _, e := range archiveExts {
		if strings.HasSuffix(lp, e) {
			return e
		}
	}
	return ""
}

// parseReqArg parses the requirement part of a line (or the value of -e).
// It returns nil for a reference to the project itself ("-e .").
func parseReqArg(arg string, editable bool, local localNamer) (*reqEntry, error) {
	sch := urlScheme(arg)
	isPath := sch == "" && !namedURL.MatchString(arg) &&
		(strings.ContainsRune(arg, '/') || strings.HasPrefix(arg, ".") || archiveExt(strings.TrimSpace(strings.SplitN(arg, ";", 2)[0])) != "")
	if editable && sch == "" {
		isPath = true
	}
	if sch == "" && !isPath {
		r, err := ParseRequirement(arg)
		if err != nil {
			return nil, err
		}
		return &reqEntry{name: r.Name, spec: r.Rest}, nil
	}
	// A URL or path: pip separates markers with "; " for URLs and ";" for
	// paths.
	loc := arg
	sep := ";"
	if sch != "" {
		sep = "; "
	}
	if i := strings.Index(loc, sep); i >= 0 {
		if _, err := ParseMarker(loc[i+len(sep):]); err != nil {
			return nil, fmt.Errorf("invalid marker: %w", err)
		}
		loc = strings.TrimSpace(loc[:i])
	}
	if sch != "" {
		name, err := nameFromURL(loc, sch)
		if err != nil {
			return nil, err
		}
		return &reqEntry{name: name, spec: arg, editable: editable}, nil
	}
	// A local path, possibly with extras: ./pkg[extra].
	p := loc
	if i := strings.LastIndexByte(p, '['); i > 0 && strings.HasSuffix(p, "]") {
		p = p[:i]
	}
	if ext := archiveExt(p); ext != "" {
		name, ok := nameFromArchive(path.Base(p), ext)
		if !ok {
			return nil, fmt.Errorf("cannot tell the package name of archive %q", p)
		}
		return &reqEntry{name: name, spec: arg, editable: editable}, nil
	}
	name, self, ok := "", false, false
	if local != nil {
		name, self, ok = local(p)
	}
	if self {
		return nil, nil
	}
	if !ok {
		return nil, fmt.Errorf("cannot tell the package name of local project %q (no pyproject.toml, setup.cfg or setup.py with a name)", p)
	}
	return &reqEntry{name: name, spec: arg, editable: editable}, nil
}

// nameFromURL finds the distribution name of a URL requirement: the
// "#egg=name" fragment, or the file name of a wheel or source archive. The
// URL is taken apart by hand: requirements files may hold ${VAR}
// references (pip expands them) where a URL parser wants valid user info.
func nameFromURL(loc, scheme string) (string, error) {
	rest, frag, _ := strings.Cut(loc, "#")
	if q, err := url.ParseQuery(frag); err == nil {
		if egg := q.Get("egg"); egg != "" {
			if i := strings.IndexByte(egg, '['); i >= 0 {
				egg = egg[:i]
			}
			if !validName(egg) {
				return "", fmt.Errorf("invalid name %q in #egg=", egg)
			}
			return egg, nil
		}
	}
	if !vcsSchemes[scheme] {
		rest, _, _ = strings.Cut(rest, "?")
		base := path.Base(rest)
		if ext := archiveExt(base); ext != "" {
			if name, ok := nameFromArchive(base, ext); ok {
				return name, nil
			}
		}
	}
	return "", errors.New(`cannot tell the package name: add "#egg=name" or write "name @ URL"`)
}

// nameFromArchive reads the distribution name from a wheel file name
// (name-version-python-abi-platform.whl) or a source archive
// (name-version.tar.gz), where the version is the part after the last "-"
// that starts with a digit.
func nameFromArchive(base, ext string) (string, bool) {
	stem := base[:len(base)-len(ext)]
	if ext == ".whl" {
		name, _, ok := strings.Cut(stem, "-")
		return name, ok && validName(name)
	}
	for i := len(stem) - 1; i > 0; i-- {
		if stem[i] == '-' && i+1 < len(stem) && stem[i+1] >= '0' && stem[i+1] <= '9' {
			name := stem[:i]
			return name, validName(name)
		}
	}
	return "", false
}
