package ecosystems

import "testing"

func TestNormalizePyPI(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"PyYAML", "pyyaml"},
		{"python_dateutil", "python-dateutil"},
		{"zope.interface", "zope-interface"},
		{"Foo__Bar-.-baz", "foo-bar-baz"},
		{"_private", "-private"},
		{"trailing-", "trailing-"},
		{"", ""},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := NormalizePyPI(tc.in); got != tc.want {
				t.Errorf("NormalizePyPI(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
