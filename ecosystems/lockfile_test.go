package ecosystems

import "testing"

func TestIsLockfile(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"package-lock.json", true},
		{"web/yarn.lock", true},
		{"go.sum", true},
		{"package.json", false},
		{"Cargo.toml", false},
		{"lock/package.json", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsLockfile(tt.name); got != tt.want {
				t.Errorf("IsLockfile(%q) = %v, want %v", tt.name, got, tt.want)
			}
		})
	}
}
