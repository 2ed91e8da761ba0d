package basecommit

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAddedLines(t *testing.T) {
	tests := []struct {
		name  string
		patch string
		want  []int
	}{
		{"newFile", "@@ -0,0 +1,3 @@\n+{\n+  \"a\": 1\n+}", []int{1, 2, 3}},
		{"mixed", "@@ -5,6 +5,7 @@ \"dependencies\": {\n   \"debug\": \"^4\",\n-  \"yargs\": \"^16\",\n+  \"yargs\": \"^17\",\n+  \"left-padd\": \"^1\",\n   \"ms\": \"^2\"\n }", []int{6, 7}},
		{"twoHunks", "@@ -1,2 +1,2 @@\n-a\n+b\n c\n@@ -10 +10,2 @@\n x\n+y", []int{1, 11}},
		{"noNewline", "@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file", []int{1}},
		{"singleLineHunk", "@@ -3 +3 @@\n-old\n+new", []int{3}},
		{"deletionOnly", "@@ -1,2 +0,0 @@\n-a\n-b", nil},
		{"garbage", "not a diff\n+x", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []int
			for l := range AddedLines(tt.patch) {
				got = append(got, l)
			}
			slices.Sort(got)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("AddedLines (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAddedText(t *testing.T) {
	diff := strings.Join([]string{
		"diff --git a/index.js b/index.js",
		"index 1..2 100644",
		"--- a/index.js",
		"+++ b/index.js",
		"@@ -1,0 +2,1 @@",
		"+const _ = require('lodash')",
		"diff --git a/old.js b/old.js",
		"deleted file mode 100644",
		"--- a/old.js",
		"+++ /dev/null",
		"@@ -1 +0,0 @@",
		"-gone",
		"diff --git a/lib/new.py b/lib/new.py",
		"new file mode 100644",
		"--- /dev/null",
		"+++ b/lib/new.py",
		"@@ -0,0 +1,2 @@",
		"+import yaml",
		"++++ not a header inside a hunk",
		"",
	}, "\n")
	want := map[string][]string{
		"index.js":   {"const _ = require('lodash')"},
		"lib/new.py": {"import yaml", "+++ not a header inside a hunk"},
	}
	if diff := cmp.Diff(want, AddedText(diff)); diff != "" {
		t.Errorf("AddedText (-want +got):\n%s", diff)
	}
}

// FuzzAddedLines checks the patch parser never panics and only reports
// lines a hunk header's range could hold.
func FuzzAddedLines(f *testing.F) {
	f.Add("@@ -1,2 +1,3 @@\n a\n+b\n c")
	f.Add("@@ -0,0 +1 @@\n+x")
	f.Add("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b")
	f.Add("@@ -1 +99999999999999999999 @@\n+x")
	f.Add("@@ +-5 @@\n+x")
	f.Fuzz(func(t *testing.T, patch string) {
		for l := range AddedLines(patch) {
			if l < 0 {
				t.Fatalf("negative line %d", l)
			}
		}
		AddedText(patch)
	})
}
