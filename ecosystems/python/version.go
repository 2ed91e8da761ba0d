package python

import (
	"strconv"
	"strings"
)

// pyVersion is a PEP 440 version, enough of it to evaluate environment
// markers (python_version >= "3.8") and validate specifiers.
type pyVersion struct {
	epoch   int
	release []int
	pre     int // 0 none; 1 a, 2 b, 3 rc
	preN    int
	post    int // -1 when absent
	dev     int // -1 when absent
	local   string
}

// parseVersion parses a PEP 440 version in its normalised or common
// alternative spellings ("1.0", "v2!1.0rc1.post2.dev3+ubuntu.1", "1.0-1").
func parseVersion(s string) (pyVersion, bool) {
	v := pyVersion{post: -1, dev: -1}
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "v")
	if i := strings.IndexByte(s, '+'); i >= 0 {
		v.local = s[i+1:]
		s = s[:i]
		if v.local == "" {
			return v, false
		}
		for _, c := range v.local {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
				return v, false
			}
		}
	}
	if i := strings.IndexByte(s, '!'); i >= 0 {
		e, err := strconv.Atoi(s[:i])
		if err != nil || e < 0 {
			return v, false
		}
		v.epoch = e
		s = s[i+1:]
	}
	// Release: digits separated by dots.
	i := 0
	for {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i {
			return v, false
		}
		n, err := strconv.Atoi(s[i:j])
		if err != nil {
			return v, false
		}
		v.release = append(v.release, n)
		i = j
		if i+1 < len(s) && s[i] == '.' && s[i+1] >= '0' && s[i+1] <= '9' {
			i++
			continue
		}
		break
	}
	s = s[i:]
	// Optional pre, post and dev segments, each with an optional separator.
	pre := func(s string) (rest string, ok bool) {
		t := strings.TrimLeft(s[:min(1, len(s))], ".-_") + s[min(1, len(s)):]
		for _, w := range []struct {
			word string
			kind int
		}{{"alpha", 1}, {"beta", 2}, {"preview", 3}, {"pre", 3}, {"rc", 3}, {"a", 1}, {"b", 2}, {"c", 3}} {
			if strings.HasPrefix(t, w.word) {
				t = t[len(w.word):]
				n, rest := leadingNumber(t)
				v.pre, v.preN = w.kind, n
				return rest, true
			}
		}
		return s, false
	}
	post := func(s string) (rest string, ok bool) {
		if strings.HasPrefix(s, "-") && len(s) > 1 && s[1] >= '0' && s[1] <= '9' {
			n, rest := leadingNumber(s[1:])
			v.post = n
			return rest, true
		}
		t := strings.TrimLeft(s[:min(1, len(s))], ".-_") + s[min(1, len(s)):]
		for _, w := range []string{"post", "rev", "r"} {
			if strings.HasPrefix(t, w) {
				n, rest := leadingNumber(t[len(w):])
				v.post = n
				return rest, true
			}
		}
		return s, false
	}
	dev := func(s string) (rest string, ok bool) {
		t := strings.TrimLeft(s[:min(1, len(s))], ".-_") + s[min(1, len(s)):]
		if strings.HasPrefix(t, "dev") {
			n, rest := leadingNumber(t[3:])
			v.dev = n
			return rest, true
		}
		return s, false
	}
	s, _ = pre(s)
	s, _ = post(s)
	s, _ = dev(s)
	return v, s == ""
}

// leadingNumber reads an optional separator and number (".1", "-2", "3");
// a missing number is 0, as PEP 440 normalises "1.0a" to "1.0a0".
func leadingNumber(s string) (int, string) {
	t := s
	if len(t) > 1 && (t[0] == '.' || t[0] == '-' || t[0] == '_') && t[1] >= '0' && t[1] <= '9' {
		t = t[1:]
	}
	j := 0
	for j < len(t) && t[j] >= '0' && t[j] <= '9' {
		j++
	}
	if j == 0 {
		return 0, s
	}
	n, err := strconv.Atoi(t[:j])
	if err != nil {
		return 0, s
	}
	return n, t[j:]
}

// compare orders versions as PEP 440 does, ignoring local labels (which
// only break ties) and treating trailing zeros as insignificant.
func (a pyVersion) compare(b pyVersion) int {
	if a.epoch != b.epoch {
		return cmpInt(a.epoch, b.epoch)
	}
	for i := 0; i < max(len(a.release), len(b.release)); i++ {
		var x, y int
		if i < len(a.release) {
			x = a.release[i]
		}
		if i < len(b.release) {
			y = b.release[i]
		}
		if x != y {
			return cmpInt(x, y)
		}
	}
	// A dev release without pre or post comes before the pre-releases.
	rank := func(v pyVersion) (int, int) {
		switch {
		case v.pre == 0 && v.post < 0 && v.dev >= 0:
			return -1, 0
		case v.pre > 0:
			return v.pre, v.preN
		default:
			return 4, 0 // final
		}
	}
	ra, na := rank(a)
	rb, nb := rank(b)
	if ra != rb {
		return cmpInt(ra, rb)
	}
	if na != nb {
		return cmpInt(na, nb)
	}
	if a.post != b.post {
		return cmpInt(a.post, b.post)
	}
	// No dev part sorts after any dev part.
	da, db := a.dev, b.dev
	if da < 0 {
		da = int(^uint(0) >> 1)
	}
	if db < 0 {
		db = int(^uint(0) >> 1)
	}
	if da != db {
		return cmpInt(da, db)
	}
	return strings.Compare(a.local, b.local)
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// specContains reports whether version v satisfies the clause op+spec, and
// whether the clause could be evaluated as a version comparison at all.
func specContains(op, spec, v string) (result, ok bool) {
	if op == "===" {
		return strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(spec)), true
	}
	if op != "==" && op != "!=" && op != "<=" && op != ">=" && op != "<" && op != ">" && op != "~=" {
		return false, false
	}
	wild := strings.HasSuffix(spec, ".*")
	if wild && op != "==" && op != "!=" {
		return false, false
	}
	sv, ok := parseVersion(strings.TrimSuffix(spec, ".*"))
	if !ok {
		return false, false
	}
	if op == "~=" && len(sv.release) < 2 {
		return false, false
	}
	cv, ok := parseVersion(v)
	if !ok {
		// packaging treats a value that is not a version as not matching
		// a valid version specifier.
		return false, true
	}
	switch op {
	case "==", "!=":
		var eq bool
		if wild {
			eq = cv.epoch == sv.epoch && hasReleasePrefix(cv.release, sv.release)
		} else {
			c := cv
			if sv.local == "" {
				c.local = ""
			}
			eq = c.compare(sv) == 0
		}
		return eq == (op == "=="), true
	case "~=":
		prefix := sv.release[:len(sv.release)-1]
		return cv.compare(sv) >= 0 && cv.epoch == sv.epoch && hasReleasePrefix(cv.release, prefix), true
	}
	c := cv
	c.local = ""
	n := c.compare(sv)
	switch op {
	case "<=":
		return n <= 0, true
	case ">=":
		return n >= 0, true
	case "<":
		return n < 0, true
	default:
		return n > 0, true
	}
}

// hasReleasePrefix reports whether release starts with prefix, padding the
// shorter with zeros as "==3.8.*" does for "3.8".
func hasReleasePrefix(release, prefix []int) bool {
	for i, p := range prefix {
		r := 0
		if i < len(release) {
			r = release[i]
		}
		if r != p {
			return false
		}
	}
	return true
}
