package main

import (
	"strings"
	"testing"
)

func TestDescribe(t *testing.T) {
	if got := describe(); !strings.Contains(got, "pid>0=true") {
		t.Fatalf("describe() = %q", got)
	}
}
