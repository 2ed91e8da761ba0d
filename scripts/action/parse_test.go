package action

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ghaction/ghfake"
)

// sourced runs script, a bash script, after sourcing install.sh (which
// then only defines its functions), with stdin and the arguments args,
// and returns its exit status and standard output (standard error is
// logged).
func sourced(t *testing.T, script string, stdin []byte, args ...string) (int, string) {
	t.Helper()
	// $0 is not install.sh, which it takes for being run, not sourced.
	cmd := exec.Command("bash", append([]string{"--noprofile", "--norc", "-c", `source "$1" && shift && ` + script, "test", filepath.Join(moduleRoot(t), "scripts", "action", "install.sh")}, args...)...)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8"}
	cmd.Stdin = bytes.NewReader(stdin)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	err := cmd.Run()
	if stderr.Len() > 0 {
		t.Logf("stderr: %s", stderr.String())
	}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return ee.ExitCode(), out.String()
	case err != nil:
		t.Fatal(err)
	}
	return 0, out.String()
}

var (
	rawID   = regexp.MustCompile(`^[0-9]+$`)
	rawName = regexp.MustCompile(`^"[^"\\]*"$`)
	// assetLine is what the reader prints for an asset.
	assetLine = regexp.MustCompile(`^[0-9]+ [^"\\\n]*$`)
)

// frame is an open object or array as the contracts below see it: key
// is an object's current key as written, wantKey whether its next token
// is a key.
type frame struct {
	obj, wantKey bool
	key          string
}

// walkJSON reads data, which is JSON, with encoding/json and calls f for
// each container opened ("open", the stack with it on top), closed
// ("close", the same) and each scalar in one ("value", the stack of its
// containers and the scalar as written).
func walkJSON(data []byte, f func(event string, stack []frame, raw string)) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var stack []frame
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return // io.EOF: data is valid JSON, as the callers check
		}
		// The token as written: what lies between the previous token's end
		// and this one's, less separators and white space.
		raw := strings.TrimLeft(string(data[before:dec.InputOffset()]), " \t\r\n,:")
		switch tok {
		case json.Delim('{'), json.Delim('['):
			stack = append(stack, frame{obj: tok == json.Delim('{'), wantKey: tok == json.Delim('{')})
			f("open", stack, "")
			continue
		case json.Delim('}'), json.Delim(']'):
			f("close", stack, "")
			stack = stack[:len(stack)-1]
		default:
			if len(stack) == 0 {
				continue // a document that is one scalar
			}
			if top := &stack[len(stack)-1]; top.obj && top.wantKey {
				top.key, top.wantKey = raw, false
				continue
			}
			f("value", stack, raw)
		}
		// A value ended: in an object, a key comes next.
		if len(stack) > 0 && stack[len(stack)-1].obj {
			stack[len(stack)-1].wantKey = true
		}
	}
}

// wantAssets is the contract of install.sh's release reader, read with
// encoding/json: for every object directly in an array that is the value
// of a key "assets" of the top-level object, its last "id" and "name"
// members, when the id is written as digits alone and the name as a
// string without escapes (no asset envaudit looks for has one), as
// "ID NAME"; keys compared as written. ok is false when data is not JSON.
func wantAssets(data []byte) (lines []string, ok bool) {
	if !json.Valid(data) {
		return nil, false
	}
	var id, name string
	asset := func(stack []frame) bool {
		return len(stack) == 3 && stack[0].obj && stack[0].key == `"assets"` && !stack[1].obj && stack[2].obj
	}
	walkJSON(data, func(event string, stack []frame, raw string) {
		switch {
		case event == "open" && asset(stack):
			id, name = "", ""
		case event == "value" && asset(stack) && stack[2].key == `"id"`:
			id = raw
		case event == "value" && asset(stack) && stack[2].key == `"name"`:
			name = raw
		case event == "close" && asset(stack) && rawID.MatchString(id) && rawName.MatchString(name):
			lines = append(lines, id+" "+name[1:len(name)-1])
		}
	})
	return lines, true
}

// assetsSeeds are releases as GitHub returns them (ghfake's encoding),
// and JSON that only looks like one.
func assetsSeeds(t testing.TB) [][]byte {
	srv := ghfake.New("octo/webapp", 1)
	defer srv.Close()
	r := srv.AddRelease("envaudit/envaudit", "v1", []string{"envaudit-linux-amd64", "checksums.txt"}, map[string][]byte{"envaudit-linux-amd64": []byte("x"), "checksums.txt": []byte("y")})
	release, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	indented, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return [][]byte{
		release,
		indented,
		[]byte(`{"assets":[{"name":"a","uploader":{"id":7,"name":"b"},"id":3},{"id":4,"name":"c\"d"},{"id":-5,"name":"e"},{"id":6.0,"name":"f"}]}`),
		[]byte(`{"body":"\"assets\":[{\"id\":1,\"name\":\"x\"}]","assets":[]}`),
		[]byte(`[{"assets":[{"id":1,"name":"x"}]}]`),
		[]byte(`{"x":{"assets":[{"id":1,"name":"x"}]},"assets":[[{"id":2,"name":"y"}],{"id":3,"name":"z","id":4}]}`),
		[]byte(`{"assets":[{"id":1,"name":"x"}],"assets":[{"id":2,"name":"y"}]}`),
		[]byte(`}]{"assets":[{"id":1,"name":"x"`),
		[]byte("{\"assets\":[{\"id\":1,\"name\":\"\xff\xfe\"}]}"),
	}
}

// reader is one of install.sh's JSON readers, with its contract.
type reader struct {
	fn   string                             // the function, which reads stdin
	want func(data []byte) ([]string, bool) // the contract; false when data is not JSON
	line *regexp.Regexp                     // every line it prints, whatever it reads
}

// read runs the reader on data and returns its exit status and the lines
// it printed.
func (r reader) read(t *testing.T, data []byte) (int, []string) {
	t.Helper()
	code, out := sourced(t, r.fn, data)
	if out == "" {
		return code, nil
	}
	return code, strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// fuzz holds the reader to its contract on JSON, and on anything else to
// printing nothing but lines of its shape.
func (r reader) fuzz(f *testing.F, seeds [][]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		code, got := r.read(t, data)
		want, ok := r.want(data)
		if !ok {
			for _, line := range got {
				if !r.line.MatchString(line) {
					t.Fatalf("on %q: exit %d, output line %q", data, code, line)
				}
			}
			return
		}
		if code != 0 {
			t.Errorf("on %q: exit %d", data, code)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("on %s: %s (-want +got):\n%s", data, r.fn, diff)
		}
	})
}

// check runs the seeds with their expected readings spelled out, and
// checks that the contract reads the same.
func (r reader) check(t *testing.T, seeds [][]byte, wants [][]string) {
	t.Helper()
	for i, want := range wants {
		code, got := r.read(t, seeds[i])
		if code != 0 {
			t.Errorf("seed %d: exit %d", i, code)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("seed %d, %s (-want +got):\n%s", i, seeds[i], diff)
		}
		if w, ok := r.want(seeds[i]); ok && !cmp.Equal(w, want) {
			t.Errorf("seed %d: the contract reads %q, the table says %q", i, w, want)
		}
	}
}

var assetsReader = reader{"assets", wantAssets, assetLine}

// FuzzAssets holds install.sh's release reader to its contract
// (wantAssets) on JSON, and on anything else to printing nothing but
// "ID NAME" lines.
func FuzzAssets(f *testing.F) { assetsReader.fuzz(f, assetsSeeds(f)) }

// TestAssets runs the seeds with their expected readings spelled out.
func TestAssets(t *testing.T) {
	seeds := assetsSeeds(t)
	wants := [][]string{
		nil, nil,
		{"3 a"},
		nil,
		nil,
		{"4 z"},
		{"1 x", "2 y"},
		nil,
		{"1 \xff\xfe"},
	}
	// The first two are ghfake's release: its assets, in order.
	for i := range 2 {
		var r ghfake.Release
		if err := json.Unmarshal(seeds[i], &r); err != nil {
			t.Fatal(err)
		}
		for _, a := range r.Assets {
			wants[i] = append(wants[i], fmt.Sprintf("%d %s", a.ID, a.Name))
		}
	}
	assetsReader.check(t, seeds, wants)
}

var sumLine = regexp.MustCompile(`^([0-9a-f]{64}) [ *](.+)$`)

// wantListed is the contract of install.sh's checksums reader: the digest
// data lists for name, or an error for a line that is not sha256sum's, a
// NUL byte, or two different digests for name.
func wantListed(data []byte, name string) (string, bool) {
	if bytes.IndexByte(data, 0) >= 0 {
		return "", false
	}
	digest := ""
	lines := strings.Split(string(data), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for _, line := range lines {
		line = strings.TrimSuffix(line, "\r")
		if line == "" {
			continue
		}
		m := sumLine.FindStringSubmatch(line)
		if m == nil {
			return "", false
		}
		if m[2] != name {
			continue
		}
		if digest != "" && digest != m[1] {
			return "", false
		}
		digest = m[1]
	}
	return digest, true
}

// FuzzListed holds install.sh's checksums reader to its contract.
func FuzzListed(f *testing.F) {
	d := strings.Repeat("ab", 32)
	for _, s := range []string{
		d + "  envaudit-linux-amd64\n" + strings.Repeat("cd", 32) + "  envaudit-linux-arm64\n",
		d + " *envaudit-linux-amd64\r\n\r\n",
		d + "  envaudit-linux-amd64",
		d + "  envaudit-linux-amd64\n" + d + "  envaudit-linux-amd64\n",
		d + "  envaudit-linux-amd64\n" + strings.Repeat("cd", 32) + "  envaudit-linux-amd64\n",
		d + "  envaudit-linux-amd64 \n",
		d + "  envaudit-linux-\x00amd64\n",
		strings.ToUpper(d) + "  envaudit-linux-amd64\n",
		"SHA256 (envaudit-linux-amd64) = " + d + "\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file := filepath.Join(t.TempDir(), "checksums.txt")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out := sourced(t, `listed "$1" envaudit-linux-amd64 && printf '%s' "$digest"`, nil, file)
		want, ok := wantListed(data, "envaudit-linux-amd64")
		switch {
		case !ok && (code != 1 || !strings.HasPrefix(out, "::error::envaudit: checksums.txt ")):
			t.Errorf("on %q: exit %d, %q; want an error", data, code, out)
		case ok && (code != 0 || out != want):
			t.Errorf("on %q: exit %d, %q; want %q", data, code, out, want)
		}
	})
}

var (
	rawSHA = regexp.MustCompile(`^"[0-9a-f]{40}"$`)
	// tagLine is what the reader prints for a tag.
	tagLine = regexp.MustCompile(`^[0-9a-f]{40} [^"\\\n]*$`)
)

// wantTags is the contract of install.sh's tags reader, read with
// encoding/json: for every object directly in the top-level array, its
// last "name" member and the last "sha" member of an object that is its
// "commit" member, when the SHA is a string of 40 lowercase hexadecimal
// digits and the name a string without escapes, as "SHA NAME"; keys
// compared as written. ok is false when data is not JSON.
func wantTags(data []byte) (lines []string, ok bool) {
	if !json.Valid(data) {
		return nil, false
	}
	var sha, name string
	tag := func(stack []frame) bool { return len(stack) >= 2 && !stack[0].obj && stack[1].obj }
	walkJSON(data, func(event string, stack []frame, raw string) {
		switch {
		case event == "open" && len(stack) == 2 && tag(stack):
			sha, name = "", ""
		case event == "value" && len(stack) == 2 && tag(stack) && stack[1].key == `"name"`:
			name = raw
		case event == "value" && len(stack) == 3 && tag(stack) && stack[1].key == `"commit"` && stack[2].obj && stack[2].key == `"sha"`:
			sha = raw
		case event == "close" && len(stack) == 2 && tag(stack) && rawSHA.MatchString(sha) && rawName.MatchString(name):
			lines = append(lines, sha[1:41]+" "+name[1:len(name)-1])
		}
	})
	return lines, true
}

// tagsSeeds are pages of tags as GitHub returns them (ghfake's encoding),
// and JSON that only looks like one.
func tagsSeeds(t testing.TB) [][]byte {
	var page []ghfake.Tag
	for _, nt := range [][2]string{{"v1", "1"}, {"v1.0.0", "0"}, {"nightly", "a"}} {
		var tag ghfake.Tag
		tag.Name = nt[0]
		tag.Commit.SHA = strings.Repeat(nt[1], 40)
		tag.Commit.URL = "https://api.github.com/repos/envaudit/envaudit/commits/" + tag.Commit.SHA
		tag.ZipballURL = "https://api.github.com/repos/envaudit/envaudit/zipball/refs/tags/" + nt[0]
		page = append(page, tag)
	}
	compact, err := json.Marshal(page)
	if err != nil {
		t.Fatal(err)
	}
	indented, err := json.MarshalIndent(page, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	a, b := strings.Repeat("a", 40), strings.Repeat("b", 40)
	return [][]byte{
		compact,
		indented,
		// The keys in another order, a second commit, a node that has a
		// sha of its own, a tree under the commit.
		[]byte(`[{"commit":{"tree":{"sha":"` + b + `"},"sha":"` + a + `"},"name":"v2","node_id":{"sha":"` + b + `"}},{"name":"v3","commit":{"sha":"` + a + `"},"commit":{"sha":"` + b + `"}}]`),
		// Not a SHA: upper case, short, a number, no commit.
		[]byte(`[{"name":"u","commit":{"sha":"` + strings.ToUpper(a) + `"}},{"name":"s","commit":{"sha":"abc"}},{"name":"n","commit":{"sha":` + strings.Repeat("1", 40) + `}},{"name":"none"}]`),
		// Not where tags are: an object at the top, a nested array, a
		// name with an escape.
		[]byte(`{"name":"x","commit":{"sha":"` + a + `"}}`),
		[]byte(`[[{"name":"x","commit":{"sha":"` + a + `"}}],{"name":"v\"4","commit":{"sha":"` + a + `"}}]`),
		[]byte(`[{"name":"v5","commit":{"sha":"` + a + `"`),
		[]byte(`[]`),
	}
}

var tagsReader = reader{"tags", wantTags, tagLine}

// FuzzTags holds install.sh's tags reader to its contract (wantTags) on
// JSON, and on anything else to printing nothing but "SHA NAME" lines.
func FuzzTags(f *testing.F) { tagsReader.fuzz(f, tagsSeeds(f)) }

// TestTagsReader runs the seeds with their expected readings spelled out.
func TestTagsReader(t *testing.T) {
	a, b := strings.Repeat("a", 40), strings.Repeat("b", 40)
	page := []string{strings.Repeat("1", 40) + " v1", strings.Repeat("0", 40) + " v1.0.0", a + " nightly"}
	tagsReader.check(t, tagsSeeds(t), [][]string{
		page, page,
		{a + " v2", b + " v3"},
		nil,
		nil,
		nil,
		nil,
		nil,
	})
}
