package basecommit

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLineDiff(t *testing.T) {
	tests := []struct {
		name     string
		old, cur string
		want     []int
	}{
		{name: "same", old: "a\nb\n", cur: "a\nb\n"},
		{name: "appended", old: "a\nb\n", cur: "a\nb\nc\n", want: []int{3}},
		{name: "prepended", old: "a\nb\n", cur: "c\na\nb\n", want: []int{1}},
		{name: "inserted", old: "a\nb\nc\n", cur: "a\nx\nb\ny\nc\n", want: []int{2, 4}},
		{name: "replaced", old: "a\nb\nc\n", cur: "a\nB\nc\n", want: []int{2}},
		{name: "deleted", old: "a\nb\nc\n", cur: "a\nc\n"},
		{name: "new", old: "", cur: "a\nb\n", want: []int{1, 2}},
		{name: "emptied", old: "a\nb\n", cur: ""},
		{name: "noFinalNewline", old: "a\nb", cur: "a\nb\nc", want: []int{3}},
		{name: "crlf", old: "a\nb\n", cur: "a\r\nb\r\nc\r\n", want: []int{3}},
		{name: "moved", old: "require('debug')\nrequire('ms')\nrequire('x')\n", cur: "require('ms')\nrequire('x')\nrequire('lodash')\nrequire('debug')\n", want: []int{3, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, complete := addedLines([]byte(tt.old), []byte(tt.cur))
			if !complete {
				t.Error("the diff ran out of budget")
			}
			if diff := cmp.Diff(tt.want, sorted(got)); diff != "" {
				t.Errorf("added lines (-want +got):\n%s", diff)
			}
		})
	}
}

func sorted(set map[int]bool) []int {
	var out []int
	for n := range set {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// checkShortest checks that added, for files old and cur (lines), is
// what a shortest line diff adds: the lines of cur it leaves are a common
// subsequence of both files, and as long as a longest one.
func checkShortest(t *testing.T, old, cur []string, added map[int]bool) {
	t.Helper()
	var kept []string
	for i, l := range cur {
		if !added[i+1] {
			kept = append(kept, l)
		}
	}
	j := 0
	for _, l := range old {
		if j < len(kept) && kept[j] == l {
			j++
		}
	}
	if j != len(kept) {
		t.Fatalf("the lines kept %q are no subsequence of %q", kept, old)
	}
	// The longest common subsequence, by dynamic programming.
	lcs := make([][]int, len(old)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(cur)+1)
	}
	for i := len(old) - 1; i >= 0; i-- {
		for k := len(cur) - 1; k >= 0; k-- {
			if old[i] == cur[k] {
				lcs[i][k] = lcs[i+1][k+1] + 1
			} else {
				lcs[i][k] = max(lcs[i+1][k], lcs[i][k+1])
			}
		}
	}
	if len(kept) != lcs[0][0] {
		t.Fatalf("%d lines kept of %q against %q, a longest common subsequence has %d", len(kept), cur, old, lcs[0][0])
	}
}

// TestLineDiffShortest checks addedLines against the longest common
// subsequence on random files of a few distinct lines, where diffs are
// most ambiguous.
func TestLineDiffShortest(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	file := func() []string {
		lines := make([]string, r.IntN(30))
		for i := range lines {
			lines[i] = string(rune('a' + r.IntN(4)))
		}
		return lines
	}
	join := func(lines []string) []byte {
		if len(lines) == 0 {
			return nil
		}
		return []byte(strings.Join(lines, "\n") + "\n")
	}
	for i := 0; i < 3000; i++ {
		old, cur := file(), file()
		added, complete := addedLines(join(old), join(cur))
		if !complete {
			t.Fatalf("the diff of %q and %q ran out of budget", old, cur)
		}
		checkShortest(t, old, cur, added)
	}
}

// TestLineDiffBudget: a diff that would take more than maxDiffWork
// steps stops, and reports every line it could not match as added.
func TestLineDiffBudget(t *testing.T) {
	var old, cur strings.Builder
	for i := 0; i < 20000; i++ {
		old.WriteString("a" + strings.Repeat("x", i%7) + "\n")
		cur.WriteString("b" + strings.Repeat("y", i%5) + "\n")
	}
	// No line of one file is in the other: the diff's edit distance is
	// 40,000, and Myers' algorithm takes about its square in steps, far
	// above maxDiffWork.
	added, complete := addedLines([]byte(old.String()), []byte(cur.String()))
	if complete {
		t.Fatalf("a diff of two 20,000-line files with no line in common fit in the budget of %d steps", maxDiffWork)
	}
	if len(added) != 20000 {
		t.Errorf("%d lines added, want all 20000", len(added))
	}
}

// FuzzLineDiff checks addedLines on any two files: a shortest diff when
// it completes, and never a line number outside cur.
func FuzzLineDiff(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\nd\n")
	f.Add("", "x\n")
	f.Add("a\r\nb", "b\na")
	f.Fuzz(func(t *testing.T, old, cur string) {
		added, complete := addedLines([]byte(old), []byte(cur))
		lines := func(s string) []string {
			var out []string
			for s != "" {
				l, rest, _ := strings.Cut(s, "\n")
				out = append(out, strings.TrimSuffix(l, "\r"))
				s = rest
			}
			return out
		}
		o, c := lines(old), lines(cur)
		for n := range added {
			if n < 1 || n > len(c) {
				t.Fatalf("line %d added of a file of %d lines", n, len(c))
			}
		}
		if complete && len(o)*len(c) <= 1<<16 {
			checkShortest(t, o, c, added)
		}
	})
}
