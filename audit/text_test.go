package audit

import (
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
)

func TestExcludedLine(t *testing.T) {
	tests := []struct {
		name string
		in   []ecosystems.Excluded
		want string
	}{
		{"none", nil, ""},
		{"oneGroup", []ecosystems.Excluded{{Name: "npm", Why: "toolchain baseline"}, {Name: "corepack", Why: "toolchain baseline"}}, "corepack, npm (toolchain baseline)"},
		{"detailFolded", []ecosystems.Excluded{
			{Name: "coreutils", Why: "distribution base: Priority required"},
			{Name: "libc6", Why: "distribution base: dependency of the base (via coreutils)"},
			{Name: "gcc-12-base", Why: "distribution base: dependency of the base (via libgcc-s1)"},
		}, "coreutils (distribution base: Priority required); gcc-12-base, libc6 (distribution base: dependency of the base)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := excludedLine(tt.in); got != tt.want {
				t.Errorf("excludedLine = %q, want %q", got, tt.want)
			}
		})
	}
}
