package basecommit

import (
	"strconv"
	"strings"
)

// AddedLines parses the hunks of one file's unified diff (the "patch" the
// pull-request files API returns) and returns the new-file line numbers of
// the added lines: the only lines envaudit comments on, since a comment
// elsewhere would be about code the pull request did not write (and a line
// outside the diff makes GitHub reject the whole review).
func AddedLines(patch string) map[int]bool {
	added := map[int]bool{}
	forEachAdded(patch, func(_ string, line int, _ string) { added[line] = true })
	return added
}

// AddedText parses a multi-file unified diff (`git diff` output) and
// returns the text of the added lines per new-file path.
func AddedText(diff string) map[string][]string {
	out := map[string][]string{}
	forEachAdded(diff, func(file string, _ int, text string) { out[file] = append(out[file], text) })
	return out
}

// forEachAdded walks a unified diff and calls fn for every added line with
// the new file's path ("" for a bare patch without file headers), its line
// number and its text.
func forEachAdded(diff string, fn func(file string, line int, text string)) {
	file := ""
	newLine, inHunk := 0, false
	for _, l := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "diff --git "):
			inHunk = false
			file = ""
		case !inHunk && strings.HasPrefix(l, "+++ "):
			file = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(l, "+++ "), "b/"), "\t")
			if file == "/dev/null" {
				file = ""
			}
		case strings.HasPrefix(l, "@@"):
			start, ok := hunkNewStart(l)
			newLine, inHunk = start, ok
		case !inHunk:
		case strings.HasPrefix(l, "+"):
			fn(file, newLine, l[1:])
			newLine++
		case strings.HasPrefix(l, " "):
			newLine++
		case l == "":
			// An empty context line whose leading space was stripped (some
			// tools trim trailing whitespace) still advances the new side.
			newLine++
		case strings.HasPrefix(l, "-"), strings.HasPrefix(l, `\`):
			// Removed lines and "\ No newline at end of file" do not exist
			// in the new file.
		default:
			inHunk = false
		}
	}
}

// hunkNewStart parses "@@ -a,b +c,d @@ ..." and returns c.
func hunkNewStart(h string) (int, bool) {
	rest, ok := strings.CutPrefix(h, "@@ ")
	if !ok {
		return 0, false
	}
	end := strings.Index(rest, " @@")
	if end < 0 {
		return 0, false
	}
	for _, f := range strings.Fields(rest[:end]) {
		if nr, ok := strings.CutPrefix(f, "+"); ok {
			n, _, _ := strings.Cut(nr, ",")
			v, err := strconv.Atoi(n)
			if err != nil || v < 0 {
				return 0, false
			}
			return v, true
		}
	}
	return 0, false
}
