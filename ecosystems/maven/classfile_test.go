package maven

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseClass reads class files javac compiled from
// testdata/classfile/Demo.java: the classes each refers to, at the first
// line that refers to them, with annotations the runtime never sees kept
// apart.
func TestParseClass(t *testing.T) {
	tests := []struct {
		name, file, source string
		want               map[string]classRef
	}{
		{
			name: "outer", file: "Demo.class", source: "Demo.java",
			want: map[string]classRef{
				"java.io.IOException":                   {line: 14, runtime: true}, // throws clause: the method's first line of code
				"java.io.PrintStream":                   {line: 17, runtime: true},
				"java.lang.Comparable":                  {line: 9, runtime: true}, // a type parameter's bound: the class's first line
				"java.lang.Deprecated":                  {line: 9, runtime: true},
				"java.lang.Object":                      {line: 9, runtime: true},
				"java.lang.String":                      {line: 14, runtime: true},
				"java.lang.StringBuilder":               {line: 20, runtime: true},
				"java.lang.System":                      {line: 17, runtime: true},
				"java.lang.invoke.CallSite":             {line: 9, runtime: true},
				"java.lang.invoke.LambdaMetafactory":    {line: 9, runtime: true},
				"java.lang.invoke.MethodHandle":         {line: 9, runtime: true},
				"java.lang.invoke.MethodHandles":        {line: 9, runtime: true},
				"java.lang.invoke.MethodHandles$Lookup": {line: 9, runtime: true},
				"java.lang.invoke.MethodType":           {line: 9, runtime: true},
				"java.net.URI":                          {line: 9, runtime: true}, // only a type argument in a field's signature
				"java.nio.file.Files":                   {line: 25, runtime: true},
				"java.nio.file.NoSuchFileException":     {line: 26, runtime: true}, // the catch handler's line
				"java.nio.file.Path":                    {line: 25, runtime: true},
				"java.time.Duration":                    {line: 9, runtime: true}, // an array type argument
				"java.util.List":                        {line: 9, runtime: true},
				"java.util.Locale":                      {line: 22, runtime: true},
				"java.util.Map":                         {line: 9, runtime: true},
				"java.util.RandomAccess":                {line: 16, runtime: true},
				"java.util.UUID":                        {line: 21, runtime: true},
				"java.util.function.Function":           {line: 14, runtime: true},
				"org.example.Demo$Inner":                {line: 9, runtime: true},
				"org.example.Marker":                    {line: 9, runtime: false}, // CLASS retention: compile-time only
			},
		},
		{
			name: "inner", file: "Demo$Inner.class", source: "Demo.java",
			want: map[string]classRef{
				"java.io.Serializable": {line: 31, runtime: true},
				"java.lang.Object":     {line: 31, runtime: true},
				"org.example.Demo":     {line: 31, runtime: true},
			},
		},
		{
			name: "annotation", file: "Marker.class", source: "Demo.java",
			want: map[string]classRef{
				"java.lang.Object":                     {runtime: true},
				"java.lang.annotation.Annotation":      {runtime: true},
				"java.lang.annotation.Retention":       {runtime: true},
				"java.lang.annotation.RetentionPolicy": {runtime: true},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "classfile", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			cf, err := parseClass(data)
			if err != nil {
				t.Fatal(err)
			}
			if cf.source != tt.source {
				t.Errorf("source = %q, want %q", cf.source, tt.source)
			}
			if diff := cmp.Diff(tt.want, cf.refs, cmp.AllowUnexported(classRef{})); diff != "" {
				t.Errorf("refs (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseClassMalformed checks that damaged class files are errors,
// never panics or hangs.
func TestParseClassMalformed(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("testdata", "classfile", "Demo.class"))
	if err != nil {
		t.Fatal(err)
	}
	hugePool := append([]byte(nil), good[:8]...)
	hugePool = binary.BigEndian.AppendUint16(hugePool, 0xffff)
	// Many constants naming one long descriptor: read once for each, it
	// would cost quadratic time.
	desc := "(" + strings.Repeat("Lx;", 20000) + ")V"
	bomb := binary.BigEndian.AppendUint32(nil, classMagic)
	bomb = binary.BigEndian.AppendUint32(bomb, 61)
	bomb = binary.BigEndian.AppendUint16(bomb, 2+20000)
	bomb = append(bomb, cpUtf8)
	bomb = binary.BigEndian.AppendUint16(bomb, uint16(len(desc)))
	bomb = append(bomb, desc...)
	for i := 0; i < 20000; i++ {
		bomb = append(bomb, cpNameAndType, 0, 1, 0, 1)
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"descriptorBomb", bomb},
		{"badMagic", []byte("PK\x03\x04 not a class")},
		{"truncated", good[:len(good)/2]},
		{"lastByteMissing", good[:len(good)-1]},
		{"hugePoolCount", hugePool},
		{"unknownTag", append(append([]byte(nil), good[:10]...), 99, 0, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if cf, err := parseClass(tt.data); err == nil {
				t.Errorf("parseClass = %+v, want an error", cf)
			}
		})
	}
}

// FuzzParseClass parses arbitrary bytes as a class file: it must never
// panic, and whatever parses names its class and only non-empty classes
// other than itself. The seed corpus is the class files of
// testdata/classfile.
func FuzzParseClass(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "classfile", "*.class"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cf, err := parseClass(data)
		if err != nil {
			return
		}
		if cf.name == "" {
			t.Error("parsed without a class name")
		}
		for name, ref := range cf.refs {
			if name == "" || name == cf.name || ref.line < 0 {
				t.Errorf("bad reference %q %+v in class %q", name, ref, cf.name)
			}
		}
	})
}
