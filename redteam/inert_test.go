package redteam

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// gfm parses GitHub-flavoured Markdown: tables, autolinks of bare URLs,
// raw HTML kept as HTML nodes (GitHub renders a safe subset of it).
var gfm = goldmark.New(goldmark.WithExtensions(extension.GFM))

// mention is a GitHub @mention of the attacker's team as GitHub finds it
// in text: an @ after no word character, then the login.
var mention = regexp.MustCompile(`(^|[^\w])@evil-org`)

// live returns what in the Markdown document doc is live rather than
// text: links and images to the attacker's host, raw HTML, @mentions
// outside code, and a table row the attacker's newline made.
func live(doc string) []string {
	src := []byte(doc)
	root := gfm.Parser().Parse(text.NewReader(src))
	var found []string
	var walk func(n ast.Node, inCode bool)
	walk = func(n ast.Node, inCode bool) {
		switch n := n.(type) {
		case *ast.Link:
			if strings.Contains(string(n.Destination), "evil.example") {
				found = append(found, "link to "+string(n.Destination))
			}
		case *ast.Image:
			if strings.Contains(string(n.Destination), "evil.example") {
				found = append(found, "image from "+string(n.Destination))
			}
		case *ast.AutoLink:
			if u := string(n.URL(src)); strings.Contains(u, "evil.example") {
				found = append(found, "autolink to "+u)
			}
		case *ast.RawHTML:
			var b strings.Builder
			for i := 0; i < n.Segments.Len(); i++ {
				s := n.Segments.At(i)
				b.Write(s.Value(src))
			}
			if h := b.String(); !strings.HasPrefix(h, "<!--") {
				found = append(found, "HTML "+h)
			}
		case *ast.HTMLBlock:
			var b strings.Builder
			for i := 0; i < n.Lines().Len(); i++ {
				s := n.Lines().At(i)
				b.Write(s.Value(src))
			}
			if h := strings.TrimSpace(b.String()); !strings.HasPrefix(h, "<!--") {
				found = append(found, "HTML block "+h)
			}
		case *ast.CodeSpan, *ast.FencedCodeBlock, *ast.CodeBlock:
			inCode = true
		case *ast.Text:
			if !inCode && mention.Match(n.Segment.Value(src)) {
				found = append(found, "mention in "+strings.TrimSpace(string(n.Segment.Value(src))))
			}
		case *east.TableCell:
			var b strings.Builder
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					b.Write(t.Segment.Value(src))
				}
			}
			if strings.TrimSpace(b.String()) == "injected" {
				found = append(found, "a table row of the attacker's")
			}
		}
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			walk(c, inCode)
		}
	}
	walk(root, false)
	return dedup(found)
}

// bodies returns the Markdown the step sent the API: every body (reviews,
// review comments, issue comments) and check-run summary and text of its
// write requests. Titles and check-run annotations are plain text on
// GitHub, never rendered as Markdown.
func bodies(j *job) map[string]string {
	out := map[string]string{}
	for i, r := range j.srv.Requests() {
		if r.Method == "GET" || r.Body == "" {
			continue
		}
		var v any
		if json.Unmarshal([]byte(r.Body), &v) != nil {
			continue
		}
		var walk func(path string, v any)
		walk = func(path string, v any) {
			switch v := v.(type) {
			case map[string]any:
				for k, x := range v {
					if s, ok := x.(string); ok && (k == "body" || k == "summary" || k == "text") {
						out[fmt.Sprintf("%s %s #%d %s%s", r.Method, r.Path, i, path, k)] = s
						continue
					}
					walk(path+k+".", x)
				}
			case []any:
				for n, x := range v {
					walk(fmt.Sprintf("%s%d.", path, n), x)
				}
			}
		}
		walk("", v)
	}
	return out
}

// liveIn returns what live finds in each document, prefixed with the
// document's name, and logs it.
func liveIn(t *testing.T, docs map[string]string) []string {
	var bad []string
	for where, doc := range docs {
		for _, l := range live(doc) {
			bad = append(bad, where+": "+l)
		}
	}
	slices.Sort(bad)
	for _, b := range bad {
		t.Log(b)
	}
	return bad
}

// TestAttackInjectedStrings reproduces issue 10's injection through
// package names and versions: a pull request declaring packages named as
// a link, an image, an @team mention and (in inert-names) a name with a
// newline that would add a table row, and a version holding HTML and a
// link. The job summary and every body sent to the API must render them
// as text; where the names are rendered nowhere, the test says so.
func TestAttackInjectedStrings(t *testing.T) {
	for _, tt := range []struct {
		name, fixture, mode string
	}{
		// Mode audit writes the job summary itself.
		{name: "summary", fixture: "inert-names", mode: "audit"},
		// Mode single publishes the review and the summary comment.
		{name: "api", fixture: "inert-bundle", mode: "single"},
		{name: "apiNewlineName", fixture: "inert-names", mode: "single"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			j := newJob(t, tt.fixture)
			j.inputs["run"] = "node test.js"
			j.inputs["working-directory"] = "app"
			j.inputs["mode"] = j.e.mode(tt.mode)
			res := j.run(0)
			docs := bodies(j)
			docs["job summary"] = res.summary
			bad := liveIn(t, docs)
			shown := 0
			for _, doc := range docs {
				if strings.Contains(doc, "evil") {
					shown++
				}
			}
			note := ""
			if shown == 0 {
				note = "; the hostile names are rendered nowhere"
				if m := regexp.MustCompile(`(?m)^::warning::envaudit: (no publish bundle[^\n]*)`).FindStringSubmatch(res.stdout); m != nil {
					note += " (" + m[1] + ")"
				}
			}
			observe(t, len(bad) == 0, "%d documents (the job summary and %d API bodies), %d showing the names; live: %s; step %s%s", len(docs), len(docs)-1, shown, kinds(bad), outcome(res), note)
		})
	}
}

// kinds counts what live found by its first word, in the documents where
// it found it: "2 HTML, 3 mention (review comment)".
func kinds(bad []string) string {
	if len(bad) == 0 {
		return "nothing"
	}
	n := map[string]int{}
	where := map[string]bool{}
	for _, b := range bad {
		doc, what, _ := strings.Cut(b, ": ")
		k, _, _ := strings.Cut(what, " ")
		n[k]++
		switch {
		case strings.Contains(doc, "/reviews"):
			where["review comments"] = true
		case strings.Contains(doc, "/issues/"):
			where["summary comment"] = true
		case strings.Contains(doc, "check-runs"):
			where["check run"] = true
		default:
			where[doc] = true
		}
	}
	var parts, docs []string
	for _, k := range []string{"link", "image", "autolink", "HTML", "mention", "a"} {
		if n[k] > 0 {
			name := k
			if k == "a" {
				name = "table row"
			}
			parts = append(parts, fmt.Sprintf("%d %s", n[k], name))
		}
	}
	for d := range where {
		docs = append(docs, d)
	}
	slices.Sort(docs)
	return strings.Join(parts, ", ") + " in " + strings.Join(docs, ", ")
}

// TestAttackStopCommandsSwallowed reproduces issue 10's swallowed resume
// token: the test's last output line has no final newline, so a resume
// token written right after it is no command, workflow commands stay
// stopped, and every later annotation is lost. The resume token must
// start a line and the findings' annotations must follow it.
func TestAttackStopCommandsSwallowed(t *testing.T) {
	j := newJob(t, "inert-nonewline")
	j.inputs["run"] = "bash test.sh"
	j.inputs["working-directory"] = "app"
	res := j.run(0)
	m := regexp.MustCompile(`(?m)^::stop-commands::(\S+)$`).FindStringSubmatch(res.stdout)
	if m == nil {
		t.Fatalf("no stop-commands:\n%s", res.stdout)
	}
	after, resumed := "", false
	if i := regexp.MustCompile(`(?m)^::` + regexp.QuoteMeta(m[1]) + `::$`).FindStringIndex(res.stdout); i != nil {
		after, resumed = res.stdout[i[1]:], true
	}
	annotations := len(regexp.MustCompile(`(?m)^::(error|warning|notice)[ :]`).FindAllString(after, -1))
	observe(t, resumed && annotations > 0, "resume token on a line of its own: %v; %d annotations after it", resumed, annotations)
}

// forgedByName is the workflow command the hostile file name carries.
const forgedByName = "::error::forged-by-a-file-name"

// TestAttackNewlineFileName reproduces issue 10's file name with a newline
// printed raw after the resume: an npm workspace directory named
// "x\n::error::forged-by-a-file-name\n" holding a broken package.json,
// whose error message names it. No line of the step's output may be the
// forged command.
func TestAttackNewlineFileName(t *testing.T) {
	j := newJob(t, "")
	pj := filepath.Join(j.app, "package.json")
	data, err := os.ReadFile(pj)
	if err != nil {
		t.Fatal(err)
	}
	j.writeFile(pj, strings.Replace(string(data), `"private": true,`, `"private": true,`+"\n  \"workspaces\": [\"pkgs/*\"],", 1), 0o644)
	j.commit()
	// The directory comes with the install (a tarball's entry), as git
	// would quote the name in every listing.
	j.writeFile(filepath.Join(j.app, "pkgs", "x\n"+forgedByName+"\n", "package.json"), "{\"name\": \"x\", \"version\": \n", 0o644)
	j.inputs["run"] = "node test.js"
	j.inputs["working-directory"] = "app"
	res := j.run(0)
	var lines []string
	for _, out := range []string{res.stdout, res.stderr} {
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, forgedByName) {
				lines = append(lines, l)
			}
		}
	}
	named := strings.Contains(res.stdout+res.stderr, "forged-by-a-file-name")
	observe(t, len(lines) == 0, "the output names the file: %v; forged command lines: %q", named, lines)
}
