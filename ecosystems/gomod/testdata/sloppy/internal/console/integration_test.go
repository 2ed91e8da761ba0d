//go:build integration

package console

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestIntegration(t *testing.T) {
	if diff := cmp.Diff(false, StartedByExplorer()); diff != "" {
		t.Error(diff)
	}
}
