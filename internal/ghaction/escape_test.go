package ghaction

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCommandEscaping(t *testing.T) {
	tests := []struct {
		name, in, data, property string
	}{
		{"plain", "requirements.txt:3", "requirements.txt:3", "requirements.txt%3A3"},
		{"newline", "x\n::error::forged", "x%0A::error::forged", "x%0A%3A%3Aerror%3A%3Aforged"},
		{"crlf", "a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"percent", "%0A, 100%", "%250A, 100%25", "%250A%2C 100%25"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.data, CommandData(tt.in)); diff != "" {
				t.Errorf("CommandData (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.property, CommandProperty(tt.in)); diff != "" {
				t.Errorf("CommandProperty (-want +got):\n%s", diff)
			}
		})
	}
}
