package app

import "testing"

func TestID(t *testing.T) {
	if len(ID("x")) != 36 {
		t.Fatal(ID("x"))
	}
}
