package lib

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestUpper(t *testing.T) {
	if diff := cmp.Diff("AB", Upper("ab")); diff != "" {
		t.Error(diff)
	}
}
