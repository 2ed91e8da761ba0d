// Package benchmod is the small module whose tests the tracer benchmark
// runs with `go test`.
package benchmod

import (
	"sort"
	"strings"
	"unicode"
)

// Count is a word and how often it occurs.
type Count struct {
	Word string
	N    int
}

// TopWords returns the n most frequent words of text, most frequent first,
// ties in alphabetical order.
func TopWords(text string, n int) []Count {
	freq := map[string]int{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\''
	}) {
		freq[w]++
	}
	out := make([]Count, 0, len(freq))
	for w, c := range freq {
		out = append(out, Count{w, c})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].N != out[j].N {
			return out[i].N > out[j].N
		}
		return out[i].Word < out[j].Word
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}
