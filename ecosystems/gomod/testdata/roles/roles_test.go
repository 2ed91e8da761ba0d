package roles

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestInteractive(t *testing.T) {
	assert.False(t, Interactive(-1), "fd -1 is no terminal")
}
