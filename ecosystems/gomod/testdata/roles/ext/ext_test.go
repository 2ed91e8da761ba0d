package ext_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"example.com/envaudit-fixture/roles/ext"
)

func TestDouble(t *testing.T) {
	require.Equal(t, 4, ext.Double(2))
}
