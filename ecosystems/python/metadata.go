package python

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strings"
)

// parseHeaders reads the RFC 822 style header block of a METADATA or
// PKG-INFO file as importlib.metadata does, with the email package's
// feedparser: "Key: value" lines, continued by lines that start with
// whitespace, up to the first line that is neither (an empty line, or
// the first line of a description that lost its separator). Such a line
// is no error: it starts the body, as it does for Python. Debian's
// python3-passlib ships a PKG-INFO whose multi-line Keywords value was
// not indented, which ends its headers there for every reader. A
// continuation with no header before it, a line starting with ":" (no
// name) and an envelope "From " line are skipped, as the feedparser skips
// them. Keys are returned in canonical lower case; repeated keys keep
// every value.
func parseHeaders(data []byte) map[string][]string {
	h := map[string][]string{}
	var last string
	for _, line := range metadataLines(string(data)) {
		switch {
		case line == "":
			return h
		case line[0] == ' ' || line[0] == '\t':
			if last != "" {
				v := h[last]
				v[len(v)-1] += "\n" + strings.TrimSpace(line)
			}
			continue
		case strings.HasPrefix(line, "From "):
			last = ""
			continue
		}
		i := headerName(line)
		if i < 0 {
			return h
		}
		if i == 0 {
			last = ""
			continue
		}
		last = strings.ToLower(line[:i])
		h[last] = append(h[last], strings.TrimSpace(line[i+1:]))
	}
	return h
}

// headerName returns the index of the colon that ends a header line's
// name, as the feedparser's header pattern ([\041-\071\073-\176]*:)
// finds it: printable ASCII but space and colon, then a colon; -1 when the
// line is no header.
func headerName(line string) int {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == ':':
			return i
		case c < 0x21 || c > 0x7e:
			return -1
		}
	}
	return -1
}

// metadataLines splits text at "\r\n", "\r" and "\n", the line ends the
// email package knows.
func metadataLines(s string) []string {
	return strings.Split(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n"), "\n")
}

func first(h map[string][]string, k string) string {
	if v := h[k]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// parseRecord reads a dist-info RECORD: CSV rows of path, hash, size. Only
// the paths matter here.
func parseRecord(data []byte) ([]string, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	var paths []string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return paths, nil
		}
		if err != nil {
			return nil, err
		}
		if len(rec) == 0 || strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) > 3 {
			line, _ := r.FieldPos(0)
			return nil, fmt.Errorf("line %d: %d fields, want at most 3", line, len(rec))
		}
		paths = append(paths, rec[0])
	}
}

// textLines returns the non-empty, trimmed lines of a plain list file
// (installed-files.txt, top_level.txt).
func textLines(data []byte) []string {
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// distReq is one requirement of an installed distribution: a Requires-Dist
// line, or a line of an egg-info requires.txt with the extra and marker of
// its "[extra:marker]" section.
type distReq struct {
	req    *Requirement
	extra  string  // requires.txt section extra; "" for the base requirements
	marker *Marker // requires.txt section marker; nil when none
}

// parseRequiresTxt reads an egg-info requires.txt: base requirements, then
// sections "[extra]", "[:marker]" or "[extra:marker]".
func parseRequiresTxt(data []byte) ([]distReq, error) {
	var out []distReq
	var extra string
	var marker *Marker
	for i, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if strings.HasPrefix(l, "[") {
			if !strings.HasSuffix(l, "]") {
				return nil, fmt.Errorf("line %d: invalid section %q", i+1, l)
			}
			sec := l[1 : len(l)-1]
			e, m, _ := strings.Cut(sec, ":")
			extra, marker = strings.TrimSpace(e), nil
			if strings.TrimSpace(m) != "" {
				var err error
				if marker, err = ParseMarker(m); err != nil {
					return nil, fmt.Errorf("line %d: invalid marker %q: %w", i+1, m, err)
				}
			}
			continue
		}
		r, err := ParseRequirement(l)
		if err != nil {
			return nil, fmt.Errorf("line %d: invalid requirement %q: %w", i+1, l, err)
		}
		out = append(out, distReq{req: r, extra: extra, marker: marker})
	}
	return out, nil
}

// applies reports whether the requirement is in force in the marker
// environment env for a distribution with the given extras requested.
// Unknown markers count as in force: an edge too many is safer than a
// transitive dependency reported as undeclared.
func (d distReq) applies(env map[string]string, extras map[string]bool) bool {
	if d.extra != "" && !extras[normExtra(d.extra)] {
		return false
	}
	ms := []*Marker{d.marker, d.req.Marker}
	cands := []string{""}
	for e := range extras {
		cands = append(cands, e)
	}
	e := make(map[string]string, len(env)+1)
	for k, v := range env {
		e[k] = v
	}
	for _, m := range ms {
		if m == nil {
			continue
		}
		ok := false
		for _, x := range cands {
			e["extra"] = x
			if m.Eval(e) != False {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
