package ecosystems

import "strings"

// NormalizePyPI returns the PEP 503 normalised form of a Python distribution
// name, re.sub(r"[-_.]+", "-", name).lower(): "PyYAML", "python_dateutil"
// and "zope.interface" become "pyyaml", "python-dateutil" and
// "zope-interface". pip, PyPI and importlib.metadata treat names that
// normalise alike as the same distribution.
func NormalizePyPI(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c == '-' || c == '_' || c == '.' {
			for i+1 < len(name) && (name[i+1] == '-' || name[i+1] == '_' || name[i+1] == '.') {
				i++
			}
			b.WriteByte('-')
			continue
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}
