package basecommit

import "bytes"

// maxDiffWork bounds the steps of one file's line diff: far above what
// a real change of a source file takes (a diff of D differing lines
// between files of N lines takes about N·D steps), low enough that a file
// made to be costly cannot stall the read of the base.
const maxDiffWork = 50_000_000

// addedLines returns the line numbers (from 1) of the lines of cur that a
// shortest line diff from old adds: the lines of cur that are not in a
// longest common subsequence of the two files' lines, found as git's
// default (Myers) diff finds one (where several are as long, the one
// chosen may differ from git's). It is computed here, from contents
// verified by hashing, rather than asked of `git diff`, which reads the
// base from an object store the pull request's code may have written.
// Lines are compared without a carriage return
// that ends them, so a checkout that writes CRLF line endings adds no
// line. complete is false when the diff took more than maxDiffWork
// steps: then every line of cur in the part the diff could not match is
// reported as added, which can only make a finding new.
func addedLines(old, cur []byte) (added map[int]bool, complete bool) {
	ids := map[string]int{}
	intern := func(data []byte) []int {
		var out []int
		for len(data) > 0 {
			line, rest, _ := bytes.Cut(data, []byte{'\n'})
			line = bytes.TrimSuffix(line, []byte{'\r'})
			id, ok := ids[string(line)]
			if !ok {
				id = len(ids)
				ids[string(line)] = id
			}
			out = append(out, id)
			data = rest
		}
		return out
	}
	d := &differ{a: intern(old), b: intern(cur), added: map[int]bool{}, budget: maxDiffWork}
	d.compare(0, len(d.a), 0, len(d.b))
	return d.added, !d.overBudget
}

// differ finds the lines of b that a shortest edit script from a adds,
// by Myers' O(ND) algorithm in its linear-space form: the middle snake
// of an optimal path splits the problem in two, recursively.
type differ struct {
	a, b       []int
	added      map[int]bool
	budget     int
	overBudget bool
	// vf and vb are the furthest-reaching paths, reused between calls.
	vf, vb []int
}

// compare marks the added lines of b[blo:bhi] against a[alo:ahi].
func (d *differ) compare(alo, ahi, blo, bhi int) {
	for alo < ahi && blo < bhi && d.a[alo] == d.b[blo] {
		alo, blo = alo+1, blo+1
	}
	for alo < ahi && blo < bhi && d.a[ahi-1] == d.b[bhi-1] {
		ahi, bhi = ahi-1, bhi-1
	}
	switch {
	case blo == bhi:
		return // only deletions
	case alo == ahi, d.budget <= 0:
		d.overBudget = d.overBudget || alo != ahi
		for i := blo; i < bhi; i++ {
			d.added[i+1] = true
		}
		return
	}
	x, y, ok := d.middle(alo, ahi, blo, bhi)
	if !ok || (x == alo && y == blo) || (x == ahi && y == bhi) {
		// The ranges have no line in common, or the budget ran out, or
		// (which a shortest path does not give) no split makes
		// progress: everything of b here counts as added, exactly so in
		// the first case.
		d.overBudget = d.overBudget || ok || d.budget <= 0
		for i := blo; i < bhi; i++ {
			d.added[i+1] = true
		}
		return
	}
	d.compare(alo, x, blo, y)
	d.compare(x, ahi, y, bhi)
}

// middle returns a point (x, y) on a shortest edit path from
// (alo, blo) to (ahi, bhi), the end of the forward snake where the paths
// searched forward from the start and backward from the end first
// overlap; ok is false when they never do (the ranges have no line in
// common) or the budget ran out first. Both ranges are non-empty and
// differ in their first and last lines.
func (d *differ) middle(alo, ahi, blo, bhi int) (x, y int, ok bool) {
	n, m := ahi-alo, bhi-blo
	maxD := (n + m + 1) / 2
	off := maxD + 1
	size := 2*maxD + 3
	if cap(d.vf) < size {
		d.vf, d.vb = make([]int, size), make([]int, size)
	}
	vf, vb := d.vf[:size], d.vb[:size]
	for i := range vf {
		vf[i], vb[i] = -1, -1
	}
	// vf[off+k] is the furthest x reached going forward on diagonal
	// k = x-y, vb[off+k] going backward from the end on diagonal k of
	// the reversed files; -1 for none yet.
	vf[off+1], vb[off+1] = 0, 0
	fwd := &search{v: vf, match: func(x, y int) bool { return d.a[alo+x] == d.b[blo+y] }}
	bwd := &search{v: vb, match: func(x, y int) bool { return d.a[ahi-1-x] == d.b[bhi-1-y] }}
	// The paths can first meet going forward when the diagonals' parity
	// differs (delta odd), else going backward.
	delta := n - m
	meet := func(other []int, k int) (int, bool) {
		j := off + delta - k
		if j < 0 || j >= size || other[j] < 0 {
			return 0, false
		}
		return other[j], true
	}
	if delta%2 != 0 {
		fwd.meet = func(k, px, py int) (int, int, bool) {
			if bx, ok := meet(vb, k); ok && px >= n-bx {
				return alo + px, blo + py, true
			}
			return 0, 0, false
		}
	} else {
		bwd.meet = func(k, px, _ int) (int, int, bool) {
			if fx, ok := meet(vf, k); ok && fx >= n-px {
				return alo + fx, blo + fx - (delta - k), true
			}
			return 0, 0, false
		}
	}
	for step := 0; step < maxD; step++ {
		if d.budget <= 0 {
			return 0, 0, false
		}
		for _, s := range []*search{fwd, bwd} {
			if x, y, ok := d.extend(s, step, off, n, m); ok {
				return x, y, true
			}
		}
	}
	return 0, 0, false
}

// search is one direction of middle's search.
type search struct {
	// v holds the furthest x reached on each diagonal.
	v []int
	// lo and hi narrow the diagonals searched on each side once one
	// left the grid, so that no path reads an unreached neighbour on
	// both sides.
	lo, hi int
	// match reports whether line x of a and line y of b, counted from
	// this direction's start, are the same.
	match func(x, y int) bool
	// meet, when set, reports whether the path that reached (px, py) on
	// diagonal k meets the other direction's, and where to split.
	meet func(k, px, py int) (x, y int, ok bool)
}

// extend takes s's furthest-reaching paths one edit further, each then
// along its snake of equal lines, and returns where they meet the other
// direction's, if they do.
func (d *differ) extend(s *search, step, off, n, m int) (x, y int, ok bool) {
	for k := -step + s.lo; k <= step-s.hi; k += 2 {
		i := off + k
		var px int
		if k == -step || k != step && s.v[i-1] < s.v[i+1] {
			px = s.v[i+1]
		} else {
			px = s.v[i-1] + 1
		}
		py := px - k
		for px < n && py < m && s.match(px, py) {
			px, py = px+1, py+1
			d.budget--
		}
		d.budget--
		s.v[i] = px
		switch {
		case px > n:
			s.hi += 2
		case py > m:
			s.lo += 2
		case s.meet != nil:
			if x, y, ok := s.meet(k, px, py); ok {
				return x, y, true
			}
		}
	}
	return 0, 0, false
}
