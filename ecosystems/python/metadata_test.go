package python

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// headerCases are METADATA and PKG-INFO texts with the headers
// importlib.metadata reads from them (lower-case names; only the headers
// a case names are compared).
var headerCases = []struct {
	name, text string
	want       map[string][]string
}{
	{
		name: "plain",
		text: "Metadata-Version: 2.1\nName: foo\nVersion: 1.0\nRequires-Dist: bar (>=1) ; extra == 'x'\nRequires-Dist: baz\n\nName: body\n",
		want: map[string][]string{"name": {"foo"}, "version": {"1.0"}, "requires-dist": {"bar (>=1) ; extra == 'x'", "baz"}},
	},
	{
		// Debian's python3-passlib 1.7.4: a Keywords value continued
		// without indentation ends the headers, and everything after it
		// is the description for Python too.
		name: "unindentedContinuation",
		text: "Metadata-Version: 2.1\nName: passlib\nVersion: 1.7.4\nKeywords: password secret hash security\ncrypt md5-crypt\nsha256-crypt\nClassifier: Intended Audience :: Developers\nProvides-Extra: argon2\n\nPasslib is ...\n",
		want: map[string][]string{"name": {"passlib"}, "version": {"1.7.4"}, "keywords": {"password secret hash security"}, "classifier": nil, "provides-extra": nil},
	},
	{
		name: "folded",
		text: "Name: foo\nSummary: one\n  two\n\tthree\nVersion: 2\n",
		want: map[string][]string{"name": {"foo"}, "summary": {"one\ntwo\nthree"}, "version": {"2"}},
	},
	{
		name: "crOnly",
		text: "Name: foo\rVersion: 3\r\rName: body\r",
		want: map[string][]string{"name": {"foo"}, "version": {"3"}},
	},
	{
		name: "crlf",
		text: "Name: foo\r\nVersion: 4\r\n\r\nbody",
		want: map[string][]string{"name": {"foo"}, "version": {"4"}},
	},
	{
		// A continuation before any header, a line with no name and an
		// envelope line are skipped; the headers go on after them.
		name: "skipped",
		text: " lead\nFrom someone\n: nameless\n continued\nName: foo\nVersion: 5\n",
		want: map[string][]string{"name": {"foo"}, "version": {"5"}},
	},
	{
		name: "spaceInName",
		text: "Name: foo\nBad Name: x\nVersion: 6\n",
		want: map[string][]string{"name": {"foo"}, "version": nil},
	},
	{
		name: "caseAndEmptyValue",
		text: "NAME:foo\nversion:\nRequires-Dist:   a  \n",
		want: map[string][]string{"name": {"foo"}, "version": {""}, "requires-dist": {"a"}},
	},
	{
		name: "nonASCIIName",
		text: "Name: foo\nNäme: x\nVersion: 7\n",
		want: map[string][]string{"name": {"foo"}, "version": nil},
	},
}

// pick returns the headers of h that want names.
func pick(h, want map[string][]string) map[string][]string {
	got := map[string][]string{}
	for k := range want {
		got[k] = h[k]
	}
	return got
}

func TestParseHeaders(t *testing.T) {
	for _, tc := range headerCases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, pick(parseHeaders([]byte(tc.text)), tc.want)); diff != "" {
				t.Errorf("headers (-want +got):\n%s", diff)
			}
		})
	}
}

// headersScript prints, for each text of a JSON list on standard input,
// the headers Python's email package reads from it, as importlib.metadata
// reads METADATA: every name lower-cased, each value with its folding
// whitespace collapsed to one newline and trimmed.
const headersScript = `import email, json, sys
out = []
for text in json.load(sys.stdin):
    msg = email.message_from_string(text)
    h = {}
    for k, v in msg.items():
        v = "\n".join(l.strip() for l in v.replace("\r\n", "\n").replace("\r", "\n").split("\n")).strip()
        h.setdefault(k.lower(), []).append(v)
    out.append(h)
json.dump(out, sys.stdout)
`

// TestParseHeadersMatchesEmail holds parseHeaders to Python's own email
// parser, which importlib.metadata reads METADATA and PKG-INFO with, on
// every case: all headers, not only those the cases name.
func TestParseHeadersMatchesEmail(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("no python3: %v", err)
	}
	var texts []string
	for _, tc := range headerCases {
		texts = append(texts, tc.text)
	}
	in, _ := json.Marshal(texts)
	cmd := exec.Command(python, "-I", "-c", headersScript)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var want []map[string][]string
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	for i, tc := range headerCases {
		if diff := cmp.Diff(want[i], parseHeaders([]byte(tc.text))); diff != "" {
			t.Errorf("%s: headers, Python's email vs parseHeaders (-want +got):\n%s", tc.name, diff)
		}
	}
}
