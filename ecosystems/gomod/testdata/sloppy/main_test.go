package main

import (
	"strings"
	"testing"

	"github.com/google/uuid"
)

func TestDescribe(t *testing.T) {
	got := describe()
	if !strings.Contains(got, "pid>0=true") {
		t.Fatalf("describe() = %q", got)
	}
	if _, err := uuid.Parse(strings.Fields(got)[0]); err != nil {
		t.Fatalf("describe() = %q: %v", got, err)
	}
}
