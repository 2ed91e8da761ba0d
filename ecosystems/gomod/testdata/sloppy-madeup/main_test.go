package main

import "testing"

func TestEncode(t *testing.T) {
	if got := encode(map[string]int{"answer": 42}); got != `{"answer":42}` {
		t.Fatalf("encode() = %q", got)
	}
}
