package posdoc

import (
	"fmt"
	"strings"
	"testing"
)

// The benchmarks grow the input tenfold per size: a linear reader's time
// per byte stays flat across sizes, which is what they are for.

func wideJSON(n int) []byte {
	var b strings.Builder
	b.WriteString("{\"dependencies\": {\n")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "  \"pkg-%d\": \"^1.%d.0\"", i, i)
	}
	b.WriteString("\n}}\n")
	return []byte(b.String())
}

func wideTOML(n int) []byte {
	var b strings.Builder
	b.WriteString("[dependencies]\n")
	for i := range n {
		fmt.Fprintf(&b, "pkg-%d = { version = \"1.%d\", features = [\"a\", \"b\"] }\n", i, i)
	}
	return []byte(b.String())
}

// deepJSON nests arrays as deep as the readers follow, n times over.
func deepJSON(n int) []byte {
	one := strings.Repeat("[", MaxDepth-1) + strings.Repeat("]", MaxDepth-1)
	return []byte("[" + strings.Repeat(one+",", n-1) + one + "]")
}

func BenchmarkParseJSON(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		for _, c := range []struct {
			name string
			data []byte
		}{{"wide", wideJSON(n)}, {"deep", deepJSON(n / 10)}} {
			b.Run(fmt.Sprintf("%s-%d", c.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(c.data)))
				for b.Loop() {
					if _, err := ParseJSON("f.json", c.data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkParseTOML(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		data := wideTOML(n)
		b.Run(fmt.Sprintf("wide-%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := ParseTOML("f.toml", data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
