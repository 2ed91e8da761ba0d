package maven

import (
	"archive/zip"
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// zipOf returns a JAR (a zip) with the given entries; an entry's content is
// its name unless given.
func zipOf(t *testing.T, entries map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for name, data := range entries {
		f, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if data == nil {
			data = []byte(name)
		}
		if _, err := f.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func pomProps(g, a, v string) []byte {
	return []byte("#Created by Apache Maven\nartifactId=" + a + "\ngroupId=" + g + "\nversion=" + v + "\n")
}

// TestAttributeJars checks what a class loaded from each kind of class path
// entry is attributed to: a shaded fat JAR class by class (with the
// project's relocation undone, by package when the class is not in the
// originals, the project's own classes as own), JARs nested in a Spring
// Boot JAR (by their pom.properties, else by name), a copied dependency in
// target/dependency, a JAR elsewhere with its pom.properties, and Debian's
// /usr/share/java JARs through the repository's links.
func TestAttributeJars(t *testing.T) {
	tmp := t.TempDir()
	root, repo := filepath.Join(tmp, "project"), filepath.Join(tmp, "repo")
	textJar := filepath.Join(repo, "com/example/lib/text/1.0/text-1.0.jar")
	langJar := filepath.Join(repo, "com/example/lib/lang/2.0/lang-2.0.jar")
	text := zipOf(t, map[string][]byte{
		"org/lib/text/WordUtils.class":                       nil,
		"org/lib/text/Other.class":                           nil,
		"META-INF/maven/com.example.lib/text/pom.properties": pomProps("com.example.lib", "text", "1.0"),
	})
	lang := zipOf(t, map[string][]byte{
		"org/lib/lang/StringUtils.class":                     nil,
		"META-INF/versions/11/org/lib/lang/Modern.class":     nil,
		"META-INF/maven/com.example.lib/lang/pom.properties": pomProps("com.example.lib", "lang", "2.0"),
	})
	ecotest.WriteFile(t, textJar, text, 0o644)
	ecotest.WriteFile(t, langJar, lang, 0o644)
	ecotest.WriteFile(t, filepath.Join(root, "target/classes/com/example/app/Main.class"), []byte("class"), 0o644)
	ecotest.WriteFile(t, filepath.Join(root, "target/app-1.0.jar"), zipOf(t, map[string][]byte{
		"com/example/app/Main.class":                         nil,
		"com/example/shaded/text/WordUtils.class":            nil,
		"org/lib/lang/StringUtils.class":                     nil,
		"org/lib/lang/NotInOriginal.class":                   nil,
		"org/unknown/X.class":                                nil,
		"META-INF/maven/com.example/app/pom.properties":      pomProps("com.example", "app", "1.0"),
		"META-INF/maven/com.example.lib/text/pom.properties": pomProps("com.example.lib", "text", "1.0"),
		"META-INF/maven/com.example.lib/lang/pom.properties": pomProps("com.example.lib", "lang", "2.0"),
	}), 0o644)
	ecotest.WriteFile(t, filepath.Join(root, "target/boot.jar"), zipOf(t, map[string][]byte{
		"BOOT-INF/classes/com/example/app/Main.class":   nil,
		"BOOT-INF/lib/lang-2.0.jar":                     lang,
		"BOOT-INF/lib/text-1.0.jar":                     zipOf(t, map[string][]byte{"org/lib/text/WordUtils.class": nil}),
		"BOOT-INF/lib/mystery-0.1.jar":                  zipOf(t, map[string][]byte{"org/m/M.class": nil}),
		"META-INF/maven/com.example/app/pom.properties": pomProps("com.example", "app", "1.0"),
	}), 0o644)
	ecotest.WriteFile(t, filepath.Join(root, "target/dependency/lang-2.0.jar"), lang, 0o644)
	ecotest.WriteFile(t, filepath.Join(tmp, "elsewhere/lib.jar"), zipOf(t, map[string][]byte{
		"META-INF/maven/com.example.other/other/pom.properties": pomProps("com.example.other", "other", "3"),
		"org/other/O.class": nil,
	}), 0o644)
	ecotest.WriteFile(t, filepath.Join(tmp, "elsewhere/plain.jar"), zipOf(t, map[string][]byte{"p/P.class": nil}), 0o644)

	at := newAttributor(root)
	at.reactor["com.example:app"] = true
	at.moduleDirs["com.example:app"] = root
	at.repos = []string{repo}
	at.relocations = []relocation{{pattern: "org.lib.text", shaded: "com.example.shaded.text"}}
	at.addPackage("com.example.lib:text", "1.0", textJar)
	at.addPackage("com.example.lib:lang", "2.0", langJar)

	fat := "file:" + filepath.Join(root, "target/app-1.0.jar")
	boot := filepath.Join(root, "target/boot.jar")
	tests := []struct {
		name, class, src string
		want             owner
		ok               bool
	}{
		{"fatOwn", "com.example.app.Main", fat, owner{own: true}, true},
		{"fatRelocated", "com.example.shaded.text.WordUtils", fat,
			owner{name: "com.example.lib:text", version: "1.0", file: filepath.Join(root, "target/app-1.0.jar") + "!/com/example/shaded/text/"}, true},
		{"fatExact", "org.lib.lang.StringUtils", fat,
			owner{name: "com.example.lib:lang", version: "2.0", file: filepath.Join(root, "target/app-1.0.jar") + "!/org/lib/lang/"}, true},
		{"fatMultiRelease", "org.lib.lang.Modern", fat,
			owner{name: "com.example.lib:lang", version: "2.0", file: filepath.Join(root, "target/app-1.0.jar") + "!/org/lib/lang/"}, true},
		{"fatByPackage", "org.lib.lang.NotInOriginal", fat,
			owner{name: "com.example.lib:lang", version: "2.0", file: filepath.Join(root, "target/app-1.0.jar") + "!/org/lib/lang/"}, true},
		{"fatUnknown", "org.unknown.X", fat, owner{}, false},
		{"bootClasses", "com.example.app.Main", "jar:file:" + boot + "!/BOOT-INF/classes!/", owner{own: true}, true},
		{"bootPomProperties", "org.lib.lang.StringUtils", "jar:file:" + boot + "!/BOOT-INF/lib/lang-2.0.jar!/",
			owner{name: "com.example.lib:lang", version: "2.0", file: boot + "!/BOOT-INF/lib/lang-2.0.jar"}, true},
		{"bootByName", "org.lib.text.WordUtils", "jar:nested:" + boot + "/!BOOT-INF/lib/text-1.0.jar!/",
			owner{name: "com.example.lib:text", version: "1.0", file: boot + "!/BOOT-INF/lib/text-1.0.jar"}, true},
		{"bootUnknown", "org.m.M", "jar:file:" + boot + "!/BOOT-INF/lib/mystery-0.1.jar!/", owner{unknown: "/project/target/boot.jar!/BOOT-INF/lib/mystery-0.1.jar"}, false},
		{"copiedDependency", "org.lib.lang.StringUtils", "file:" + filepath.Join(root, "target/dependency/lang-2.0.jar"),
			owner{name: "com.example.lib:lang", version: "2.0", file: filepath.Join(root, "target/dependency/lang-2.0.jar")}, true},
		{"classesDir", "com.example.app.Main", "file:" + filepath.Join(root, "target/classes") + "/", owner{own: true}, true},
		{"elsewhere", "org.other.O", "file:" + filepath.Join(tmp, "elsewhere/lib.jar"),
			owner{name: "com.example.other:other", version: "3", file: filepath.Join(tmp, "elsewhere/lib.jar")}, true},
		{"plainElsewhere", "p.P", "file:" + filepath.Join(tmp, "elsewhere/plain.jar"), owner{unknown: "/elsewhere/plain.jar"}, false},
		{"siblingInRepository", "com.example.app.Main", "file:" + filepath.Join(repo, "com/example/app/1.0/app-1.0.jar"), owner{own: true}, true},
		{"jdk", "java.lang.Object", "jrt:/java.base", owner{}, false},
		{"generated", "a.B$$Lambda$1/0x1", "a.B", owner{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := at.source(tt.class, tt.src)
			got.unknown = strings.TrimPrefix(got.unknown, tmp)
			if ok != tt.ok || got != tt.want {
				t.Errorf("source(%q, %q) = %+v, %v; want %+v, %v", tt.class, tt.src, got, ok, tt.want, tt.ok)
			}
		})
	}
	if n := at.fat[filepath.Join(root, "target/app-1.0.jar")].unattributed; n != 1 {
		t.Errorf("fat JAR unattributed classes = %d, want 1", n)
	}
}

// TestAttributeDebian checks that a JAR in /usr/share/java, where Debian's
// own class paths point, is the artifact whose repository link resolves
// to it, and that the repository's own paths are read by their layout.
func TestAttributeDebian(t *testing.T) {
	const jar = "/usr/share/java/commons-lang3.jar"
	ecotest.Require(t, ecotest.Prereqs{Files: []string{jar, DebianRepository}})
	at := newAttributor(t.TempDir())
	at.repos = []string{DebianRepository}
	got, ok := at.source("org.apache.commons.lang3.StringUtils", "file:"+jar)
	if !ok || got.name != "org.apache.commons:commons-lang3" || got.version == "debian" {
		t.Errorf("source(%q) = %+v, %v; want org.apache.commons:commons-lang3 at its upstream version", jar, got, ok)
	}
	p := DebianRepository + "/junit/junit/4.13.2/junit-4.13.2.jar"
	got, ok = at.source("org.junit.Test", "file:"+p)
	if want := (owner{name: "junit:junit", version: "4.13.2", file: p}); !ok || got != want {
		t.Errorf("source(%q) = %+v, %v; want %+v", p, got, ok, want)
	}
}
