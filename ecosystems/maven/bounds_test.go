package maven

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/internal/projfile"
)

// deepPOM returns a pom.xml whose <project> holds levels nested elements,
// one start tag a line.
func deepPOM(levels int) []byte {
	var b bytes.Buffer
	b.WriteString("<project>\n")
	b.WriteString(strings.Repeat("<a>\n", levels))
	b.WriteString(strings.Repeat("</a>", levels))
	b.WriteString("\n</project>\n")
	return b.Bytes()
}

// TestAttackDeepPOM reproduces issue 10's deep pom.xml (20,000 levels
// took 9 s, 200,000 levels more than 12 minutes, as every element joined
// the whole element stack into its path): 200,000 levels now fail at the
// depth cap, on the line of the element past it, at once.
func TestAttackDeepPOM(t *testing.T) {
	start := time.Now()
	_, err := parsePOM("pom.xml", deepPOM(200_000))
	// The element past the cap is <a> number maxDepth, on line maxDepth+1
	// (<project>, the first element, is on line 1).
	want := fmt.Sprintf("pom.xml:%d: <a> is nested more than %d elements deep", maxDepth+1, maxDepth)
	if err == nil {
		t.Fatalf("parsePOM accepted %d levels", 200_000)
	}
	if diff := cmp.Diff(want, err.Error()); diff != "" {
		t.Errorf("error (-want +got):\n%s", diff)
	}
	// A generous bound, not a timing assertion: the quadratic parser
	// took minutes here.
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("parsePOM took %v", d)
	}
}

// TestDeepPOMUnderCap checks a pom nested right up to the cap parses,
// and that the dependencies of an ordinary pom are still read.
func TestDeepPOMUnderCap(t *testing.T) {
	if _, err := parsePOM("pom.xml", deepPOM(maxDepth-1)); err != nil {
		t.Errorf("%d levels: %v", maxDepth-1, err)
	}
	p, err := parsePOM("pom.xml", []byte(`<project><dependencies><dependency>
<groupId>g</groupId><artifactId>a</artifactId><version>1</version>
</dependency></dependencies></project>`))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.deps) != 1 || p.deps[0].groupID.val != "g" || p.deps[0].artifactID.val != "a" || p.deps[0].version.val != "1" {
		t.Errorf("deps = %+v", p.deps)
	}
}

// BenchmarkParseDeepPOM measures parsePOM on 10,000 and 100,000 nested
// elements with the depth cap lifted: the time per level stays the same
// (the ratio of the two is about 10, where joining the stack made it
// about 100).
func BenchmarkParseDeepPOM(b *testing.B) {
	defer func(d int) { maxDepth = d }(maxDepth)
	maxDepth = 1 << 30
	for _, n := range []int{10_000, 100_000} {
		data := deepPOM(n)
		b.Run(fmt.Sprintf("levels=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for range b.N {
				if _, err := parsePOM("pom.xml", data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestOpenJarRefusesSpecialFiles checks that a JAR the project controls
// (target/dependency, a class path entry) that is a named pipe or a link
// to a device is refused at once, and that a real JAR still opens.
func TestOpenJarRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.jar"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.jar")); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	if _, err := zw.Create("META-INF/MANIFEST.MF"); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ok.jar"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"fifo.jar", "zero.jar"} {
		if j, err := openJar(filepath.Join(dir, name)); !errors.Is(err, projfile.ErrNotRegular) {
			t.Errorf("openJar(%s) = %v, %v; want ErrNotRegular", name, j, err)
		}
	}
	j, err := openJar(filepath.Join(dir, "ok.jar"))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if len(j.File) != 1 {
		t.Errorf("ok.jar has %d entries, want 1", len(j.File))
	}
}
