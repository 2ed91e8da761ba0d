package ecosystems_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// named is an ecosystem that has a name and nothing else.
type named string

func (n named) Name() string { return string(n) }
func (named) Open(context.Context, ecosystems.Source) (ecosystems.Project, error) {
	return nil, nil
}
func (named) DevTools() []string { return nil }
func (named) Identify(string, string) ecosystems.Identity {
	return ecosystems.Identity{}
}

func TestNames(t *testing.T) {
	tests := []struct {
		name string
		ecos []ecosystems.Ecosystem
		want []string
	}{
		{"none", nil, []string{}},
		{"inOrder", []ecosystems.Ecosystem{named("npm"), named("cargo")}, []string{"npm", "cargo"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ecosystems.Names(tt.ecos)); diff != "" {
				t.Errorf("Names (-want +got):\n%s", diff)
			}
		})
	}
}
