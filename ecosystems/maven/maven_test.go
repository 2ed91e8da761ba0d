package maven

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/tracer/evchan"
)

// result is what a golden file records of one project.
type result struct {
	// Files are the project's files, "path kind" each.
	Files          []string                `json:"files"`
	Declared       []ecosystems.Dependency `json:"declared,omitempty"`
	OpenError      string                  `json:"openError,omitempty"`
	Installed      *inventoryJSON          `json:"installed,omitempty"`
	InstalledError string                  `json:"installedError,omitempty"`
	// Owners maps each looked-up path to "pkg use", or "-" when no package
	// owns it.
	Owners map[string]string `json:"owners,omitempty"`
}

type inventoryJSON struct {
	Unknown  bool                     `json:"unknown,omitempty"`
	Packages []ecosystems.Package     `json:"packages"`
	Warnings []string                 `json:"warnings,omitempty"`
	Evidence string                   `json:"evidence"`
	Unused   string                   `json:"unusedPhrase,omitempty"`
	Observed []ecosystems.Observation `json:"observed,omitempty"`
}

// files renders a project's files as result records them.
func files(p ecosystems.Project) []string {
	var out []string
	for _, f := range p.Files() {
		out = append(out, f.Path+" "+string(f.Kind))
	}
	return out
}

func inventoryOf(inv *ecosystems.Inventory) *inventoryJSON {
	return &inventoryJSON{Unknown: inv.Unknown, Packages: nonNil(inv.Packages), Warnings: inv.Warnings, Evidence: inv.Evidence.Basis, Unused: inv.Evidence.Unused, Observed: inv.Observed}
}

func nonNil(p []ecosystems.Package) []ecosystems.Package {
	if p == nil {
		return []ecosystems.Package{}
	}
	return p
}

// fakeRunner answers `mvn dependency:tree` from a fixture: it writes each
// tree/<group>/<artifact>/tree.tgf where Maven would, naming repo as the
// local repository, then fails with the output in the file fail when it
// exists (a module Maven could not resolve, with --fail-at-end).
type fakeRunner struct {
	trees, repo, fail string
	calls             *int
}

func (f fakeRunner) Run(ctx context.Context, dir string, env, args []string) ([]byte, error) {
	if f.calls != nil {
		*f.calls++
	}
	out := outputDir(args)
	if out == "" {
		return nil, errors.New("fake mvn: no -DoutputFile")
	}
	files, _ := filepath.Glob(filepath.Join(f.trees, "*", "*", "tree.tgf"))
	for _, src := range files {
		rel, _ := filepath.Rel(f.trees, filepath.Dir(src))
		dst := filepath.Join(out, rel, "localrepo"+f.repo, "tree.tgf")
		data, err := os.ReadFile(src)
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return nil, err
		}
	}
	if b, err := os.ReadFile(f.fail); err == nil {
		return b, errors.New("exit status 1")
	}
	return []byte("[INFO] BUILD SUCCESS\n"), nil
}

// outputDir returns the directory below which mvnArgs asked
// dependency:tree to write, or "".
func outputDir(args []string) string {
	for _, a := range args {
		if v, ok := strings.CutPrefix(a, "-DoutputFile="); ok {
			return strings.TrimSuffix(v, string(filepath.Separator)+filepath.FromSlash(treeFile))
		}
	}
	return ""
}

// TestUnitGolden checks each testdata/unit/*.txtar project against its
// golden .json. The archive's project/ is the project root, repo/ the local
// repository, tree/ the recorded output of dependency:tree (answered by
// fakeRunner), logs/ the class-load logs of the traced run (the scratch
// directory), mvn-fail the output of a failing mvn, no-mvn a machine
// without Maven. $ROOT, $REPO and $TMP in logs and lookups stand for the
// project, the repository and the extraction directory. Installed runs only
// for archives with a tree, logs, mvn-fail or no-mvn.
func TestUnitGolden(t *testing.T) {
	for _, file := range ecotest.Glob(t, filepath.Join("testdata", "unit", "*.txtar")) {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			a, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			tmp := t.TempDir()
			root, repo := filepath.Join(tmp, "project"), filepath.Join(tmp, "repo")
			expand := strings.NewReplacer("$ROOT", root, "$REPO", repo, "$TMP", tmp)
			for i, f := range a.Files {
				if strings.HasPrefix(f.Name, "logs/") {
					a.Files[i].Data = []byte(expand.Replace(string(f.Data)))
				}
			}
			names, sections := ecotest.Extract(t, a, tmp, "lookups")
			var lookups []string
			if l, ok := sections["lookups"]; ok {
				for _, l := range strings.Split(strings.TrimSpace(string(l)), "\n") {
					lookups = append(lookups, strings.TrimSpace(l))
				}
			}
			installed := false
			for _, n := range names {
				if strings.HasPrefix(n, "tree/") || strings.HasPrefix(n, "logs/") || n == "mvn-fail" || n == "no-mvn" {
					installed = true
				}
			}
			if err := os.MkdirAll(root, 0o755); err != nil {
				t.Fatal(err)
			}
			e := Ecosystem{
				Runner:          fakeRunner{trees: filepath.Join(tmp, "tree"), repo: repo, fail: filepath.Join(tmp, "mvn-fail")},
				Command:         "mvn",
				LocalRepository: repo,
				Home:            filepath.Join(tmp, "home"),
			}
			if _, err := os.Stat(filepath.Join(tmp, "no-mvn")); err == nil {
				e.Command = ""
			}
			var r result
			p, err := e.Open(context.Background(), ecosystems.Dir(root))
			switch {
			case err != nil:
				r.OpenError = err.Error()
				var pe *ecosystems.PosError
				if !errors.As(err, &pe) {
					t.Errorf("Open error %q is not a *ecosystems.PosError", err)
				}
			case p != nil:
				r.Files, r.Declared = files(p), p.Declared()
			}
			if installed && p != nil {
				env := ecosystems.Env{Environ: []string{"PATH=" + filepath.Join(tmp, "bin"), "HOME=" + e.Home}}
				if _, err := os.Stat(filepath.Join(tmp, "logs")); err == nil {
					// logs/channel.log: what the evidence channel held.
					env.Scratch = filepath.Join(tmp, "logs")
					if env.Channel, err = evchan.ReadSaved(env.Scratch); err != nil {
						t.Fatal(err)
					}
				}
				inv, err := p.Installed(context.Background(), env)
				if err != nil {
					r.InstalledError = err.Error()
				} else {
					r.Installed = inventoryOf(inv)
					if len(lookups) > 0 {
						r.Owners = map[string]string{}
					}
					for _, l := range lookups {
						r.Owners[l] = ecotest.Owner(inv.Index, expand.Replace(l))
					}
				}
			}
			ecotest.GoldenJSON(t, strings.TrimSuffix(file, ".txtar")+".json", r, tmp)
		})
	}
}

// TestDevTools checks that the runners are listed once each, sorted within
// their groups as written, and that DevTools returns a copy.
func TestDevTools(t *testing.T) {
	got := New().DevTools()
	seen := map[string]bool{}
	for _, d := range got {
		if seen[d] {
			t.Errorf("%q listed twice", d)
		}
		seen[d] = true
		if strings.Count(d, ":") != 1 {
			t.Errorf("%q is not group:artifact", d)
		}
	}
	for _, want := range []string{"junit:junit", "org.junit.jupiter:junit-jupiter-engine", "org.testng:testng"} {
		if !seen[want] {
			t.Errorf("DevTools lacks %q", want)
		}
	}
	for _, lib := range []string{"org.mockito:mockito-core", "org.hamcrest:hamcrest", "org.assertj:assertj-core"} {
		if seen[lib] {
			t.Errorf("DevTools lists the test library %q, which tests call themselves", lib)
		}
	}
	got[0] = "changed"
	if New().DevTools()[0] == "changed" {
		t.Error("DevTools returns its own slice")
	}
}

// TestTraceEnv checks what TraceEnv sets (MAVEN_OPTS and PATH, never
// JAVA_TOOL_OPTIONS, whose "Picked up" line the JVM always prints), that
// its launchers run the real java with the class-load option exactly once,
// and that Installed's own mvn run gets it all removed again.
func TestTraceEnv(t *testing.T) {
	dir := t.TempDir()
	jdk := filepath.Join(dir, "jdk")
	if err := os.MkdirAll(filepath.Join(jdk, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A java that prints its arguments, one a line.
	java := filepath.Join(jdk, "bin", "java")
	if err := os.WriteFile(java, []byte("#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(jdk, "release"), []byte("JAVA_VERSION=\"17.0.15\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(jdk, "bin")
	tests := []struct {
		name     string
		environ  []string
		maven    string // MAVEN_OPTS before the additions; "-" for none at all
		pathJava bool   // a PATH launcher is expected
	}{
		{"path", []string{"PATH=" + bin}, "", true},
		{"appendsMavenOpts", []string{"PATH=" + bin, "MAVEN_OPTS=-Xmx1g "}, "-Xmx1g", true},
		{"userToolOptionsLeftAlone", []string{"PATH=" + bin, "JAVA_TOOL_OPTIONS=-Xss2m"}, "", true},
		{"javaHomeOnly", []string{"PATH=/nonexistent", "JAVA_HOME=" + jdk}, "", false},
		{"noJava", []string{"PATH=/nonexistent"}, "-", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			scratch := filepath.Join(t.TempDir(), "s")
			if err := os.Mkdir(scratch, 0o755); err != nil {
				t.Fatal(err)
			}
			opt := xlogOption(evchan.Path(scratch))
			mavenShim := filepath.Join(scratch, "jvm", "maven", "bin", "java")
			var want []string
			if tt.maven != "-" {
				want = append(want, "MAVEN_OPTS="+strings.TrimSpace(tt.maven+" "+opt+" -Djvm="+mavenShim))
			}
			if tt.pathJava {
				want = append(want, "PATH="+filepath.Join(scratch, "jvm", "path", "bin")+":"+bin)
			}
			got := (&project{}).TraceEnv(scratch, tt.environ)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("TraceEnv (-want +got):\n%s", diff)
			}
			if tt.maven != "-" {
				if _, err := os.Stat(filepath.Join(scratch, "jvm", "maven", "release")); err != nil {
					t.Errorf("no release file beside the launcher: %v", err)
				}
				for _, args := range [][]string{{"-version"}, {opt, "-cp", "x"}} {
					out, err := exec.Command(mavenShim, args...).Output()
					if err != nil {
						t.Fatal(err)
					}
					wantArgs := append([]string{opt}, args...)
					if args[0] == opt {
						wantArgs = args
					}
					if diff := cmp.Diff(wantArgs, strings.Fields(string(out))); diff != "" {
						t.Errorf("launcher arguments (-want +got):\n%s", diff)
					}
				}
			}
			env := append(append([]string(nil), tt.environ...), got...)
			back := withoutXlog(env, scratch)
			for _, kv := range back {
				if strings.Contains(kv, "-Xlog") || strings.Contains(kv, filepath.Join(scratch, "jvm")) {
					t.Errorf("withoutXlog left %q", kv)
				}
			}
		})
	}
	for _, scratch := range []string{"/tmp/with space", "/tmp/a:b", "scratch", ""} {
		if got := (&project{}).TraceEnv(scratch, []string{"PATH=" + bin}); got != nil {
			t.Errorf("TraceEnv(%q) = %q, want nothing", scratch, got)
		}
	}
}

// TestTraceEnvLegacyJava checks that TraceEnv leaves a JDK 8 run alone
// (its JVMs would refuse -Xlog) and recognises the JDK by the release file
// of JAVA_HOME's java, else PATH's, symlinks resolved.
func TestTraceEnvLegacyJava(t *testing.T) {
	tmp := t.TempDir()
	// A JDK 8 has bin/java and jre/bin/java, and its release file at the
	// top only.
	jdk := func(name, version string, jre bool) string {
		home := filepath.Join(tmp, name)
		ecotest.WriteFile(t, filepath.Join(home, "bin", "java"), []byte("#!/bin/sh\n"), 0o755)
		if jre {
			ecotest.WriteFile(t, filepath.Join(home, "jre", "bin", "java"), []byte("#!/bin/sh\n"), 0o755)
		}
		ecotest.WriteFile(t, filepath.Join(home, "release"), []byte("IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\""+version+"\"\n"), 0o644)
		return home
	}
	jdk8, jdk17 := jdk("jdk8", "1.8.0_392", true), jdk("jdk17", "17.0.15", false)
	links := filepath.Join(tmp, "links")
	if err := os.MkdirAll(links, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(jdk8, "jre", "bin", "java"), filepath.Join(links, "java")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		environ []string
		logs    bool
	}{
		{"javaHome17", []string{"JAVA_HOME=" + jdk17, "PATH=" + links}, true},
		{"javaHome8", []string{"JAVA_HOME=" + jdk8, "PATH=" + filepath.Join(jdk17, "bin")}, false},
		{"javaHome8JRE", []string{"JAVA_HOME=" + filepath.Join(jdk8, "jre")}, false},
		{"path8ThroughLink", []string{"PATH=" + filepath.Join(tmp, "nothing") + ":" + links}, false},
		{"path17", []string{"PATH=" + filepath.Join(jdk17, "bin")}, true},
		{"noJava", []string{"PATH=" + filepath.Join(tmp, "nothing")}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := (&project{}).TraceEnv(t.TempDir(), tt.environ)
			if (got != nil) != tt.logs {
				t.Errorf("TraceEnv = %q, want class-load logging %v", got, tt.logs)
			}
			for _, kv := range got {
				if strings.HasPrefix(kv, "PATH=") && tt.name == "javaHome17" {
					t.Errorf("TraceEnv put a launcher for PATH's JDK 8 java first: %q", kv)
				}
			}
		})
	}
}

// TestSettings checks when Debian's settings are chosen.
func TestSettings(t *testing.T) {
	ecotest.Require(t, ecotest.Prereqs{Files: []string{DebianSettings}})
	home, emptyRepo, withRepo, withSettings := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	ecotest.WriteFile(t, filepath.Join(withRepo, ".m2", "repository", "junit", "junit", "4.13.2", "junit-4.13.2.pom"), nil, 0o644)
	ecotest.WriteFile(t, filepath.Join(withSettings, ".m2", "settings.xml"), []byte("<settings/>"), 0o644)
	if err := os.MkdirAll(filepath.Join(emptyRepo, ".m2", "repository"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		e        Ecosystem
		want     string
		wantOffl bool
	}{
		{"debianMachine", Ecosystem{Home: home}, DebianSettings, true},
		{"emptyUserRepository", Ecosystem{Home: emptyRepo}, DebianSettings, true},
		{"userRepository", Ecosystem{Home: withRepo}, "", false},
		{"userSettings", Ecosystem{Home: withSettings}, "", false},
		{"explicit", Ecosystem{Home: home, Settings: "/etc/custom.xml"}, "/etc/custom.xml", false},
		{"explicitOffline", Ecosystem{Home: withRepo, Offline: true}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, off := tt.e.settings(nil)
			if s != tt.want || off != tt.wantOffl {
				t.Errorf("settings() = %q, %v; want %q, %v", s, off, tt.want, tt.wantOffl)
			}
		})
	}
}

// TestRepositories checks the local repositories in search order, with a
// settings file naming one through ${user.home}.
func TestRepositories(t *testing.T) {
	home := t.TempDir()
	for _, d := range []string{"custom-repo", ".m2/repository", "explicit"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	settings := "<settings>\n  <localRepository>${user.home}/custom-repo</localRepository>\n</settings>\n"
	if err := os.WriteFile(filepath.Join(home, ".m2", "settings.xml"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	got := Ecosystem{Home: home, LocalRepository: filepath.Join(home, "explicit")}.repositories(nil)
	want := []string{filepath.Join(home, "explicit"), filepath.Join(home, "custom-repo"), filepath.Join(home, ".m2", "repository")}
	if dirExists(DebianRepository) {
		want = append(want, DebianRepository)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("repositories (-want +got):\n%s", diff)
	}
}

// TestParseTGF checks the graph format and its errors.
func TestParseTGF(t *testing.T) {
	tests := []struct {
		name, in string
		want     *tree
		err      string
	}{
		{
			name: "tree",
			in:   "1 g:app:jar:1.0\n2 g:lib:jar:tests:2.0:test\n3 h:x:pom:3:import\n#\n1 2 test\n2 3 compile\n",
			want: &tree{
				nodes: []artifact{
					{group: "g", artifact: "app", typ: "jar", version: "1.0"},
					{group: "g", artifact: "lib", typ: "jar", classifier: "tests", version: "2.0", scope: "test"},
					{group: "h", artifact: "x", typ: "pom", version: "3", scope: "import"},
				},
				edges: [][2]int{{0, 1}, {1, 2}},
			},
		},
		{name: "rootOnly", in: "7 g:parent:pom:1\n#\n", want: &tree{nodes: []artifact{{group: "g", artifact: "parent", typ: "pom", version: "1"}}}},
		{name: "empty", in: "", err: "t.tgf: no nodes"},
		{name: "badRoot", in: "1 g:app:1.0\n", err: `t.tgf:1: artifact "g:app:1.0": want group:artifact:type[:classifier]:version`},
		{name: "badChild", in: "1 g:a:jar:1\n2 g:b:jar:1\n", err: `t.tgf:2: artifact "g:b:jar:1": want group:artifact:type[:classifier]:version:scope`},
		{name: "emptyField", in: "1 g::jar:1\n", err: `t.tgf:1: artifact "g::jar:1" has an empty field`},
		{name: "unknownNode", in: "1 g:a:jar:1\n#\n1 9 compile\n", err: `t.tgf:3: edge "1 9 compile" names an unknown node`},
		{name: "duplicate", in: "1 g:a:jar:1\n1 g:b:jar:1:compile\n", err: `t.tgf:2: duplicate node id "1"`},
		{name: "twoHashes", in: "1 g:a:jar:1\n#\n#\n", err: `t.tgf:3: second "#" line`},
		{name: "shortNode", in: "1\n", err: `t.tgf:1: node line "1": want an id and an artifact`},
		{name: "shortEdge", in: "1 g:a:jar:1\n#\n1\n", err: `t.tgf:3: edge line "1": want two node ids`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseTGF("t.tgf", []byte(tt.in))
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(tree{}, artifact{})); diff != "" {
				t.Errorf("parseTGF (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseClassLoad checks the log line formats.
func TestParseClassLoad(t *testing.T) {
	tests := []struct {
		name, line string
		want       classLoad
		ok         bool
	}{
		{"plain", "a.B source: file:/x/y.jar", classLoad{"a.B", "file:/x/y.jar"}, true},
		{"decorated", "[0.012s][info][class,load] a.B source: jrt:/java.base", classLoad{"a.B", "jrt:/java.base"}, true},
		{"sharedTop", "a.B source: shared objects file (top)", classLoad{"a.B", "shared objects file (top)"}, true},
		{"nested", "a.B source: jar:file:/app.jar!/BOOT-INF/lib/x.jar!/", classLoad{"a.B", "jar:file:/app.jar!/BOOT-INF/lib/x.jar!/"}, true},
		{"jdk8", "[Loaded a.B from file:/x/y.jar]", classLoad{"a.B", "file:/x/y.jar"}, true},
		{"jdk8Opened", "[Opened /usr/lib/jvm/rt.jar]", classLoad{}, false},
		{"debugLine", "[0.1s][debug][class,load] klass: 0x1 super: 0x2", classLoad{}, false},
		{"unclosedDecoration", "[0.1s a.B source: x", classLoad{}, false},
		{"spaceInClass", "a B source: x", classLoad{}, false},
		{"empty", "", classLoad{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := parseClassLoad(tt.line)
			if ok != tt.ok || got != tt.want {
				t.Errorf("parseClassLoad(%q) = %v, %v; want %v, %v", tt.line, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestNestedSource checks the URL forms of JARs nested in fat JARs.
func TestNestedSource(t *testing.T) {
	tests := []struct {
		src, outer, inner string
		ok                bool
	}{
		{"jar:file:/srv/app.jar!/BOOT-INF/lib/x-1.0.jar!/", "/srv/app.jar", "BOOT-INF/lib/x-1.0.jar", true},
		{"jar:file:/srv/app.jar!/BOOT-INF/classes!/", "/srv/app.jar", "BOOT-INF/classes", true},
		{"jar:nested:/srv/app.jar/!BOOT-INF/lib/x-1.0.jar!/", "/srv/app.jar", "BOOT-INF/lib/x-1.0.jar", true},
		{"nested:/srv/my%20app.jar/!BOOT-INF/lib/x-1.0.jar", "/srv/my app.jar", "BOOT-INF/lib/x-1.0.jar", true},
		{"jar:file:/srv/plain.jar!/", "/srv/plain.jar", "", true},
		{"jar:http://host/x.jar!/", "", "", false},
		{"jar:nested:relative/!x", "", "", false},
	}
	for _, tt := range tests {
		outer, inner, ok := nestedSource(tt.src)
		if outer != tt.outer || inner != tt.inner || ok != tt.ok {
			t.Errorf("nestedSource(%q) = %q, %q, %v; want %q, %q, %v", tt.src, outer, inner, ok, tt.outer, tt.inner, tt.ok)
		}
	}
}

// TestClassName checks JAR entries to class names.
func TestClassName(t *testing.T) {
	tests := map[string]string{
		"org/x/A.class":                          "org.x.A",
		"org/x/A$B.class":                        "org.x.A$B",
		"Top.class":                              "Top",
		"META-INF/versions/11/org/x/A.class":     "org.x.A",
		"META-INF/versions/11/module-info.class": "",
		"module-info.class":                      "",
		"org/x/package-info.class":               "",
		"META-INF/MANIFEST.MF":                   "",
		"org/x/":                                 "",
	}
	keys := make([]string, 0, len(tests))
	for k := range tests {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if got := className(k); got != tests[k] {
			t.Errorf("className(%q) = %q, want %q", k, got, tests[k])
		}
	}
}

// TestUnloggedForks checks when the class-load logs cannot speak for the
// tests: Maven's JVM started a forked test JVM and no forked JVM logged.
func TestUnloggedForks(t *testing.T) {
	maven := func(classes ...string) *jvmLog {
		j := &jvmLog{loads: []classLoad{{class: buildMains[0], source: "file:/usr/share/maven/boot/plexus-classworlds.jar"}}}
		for _, c := range classes {
			j.loads = append(j.loads, classLoad{class: c, source: "file:/usr/share/java/x.jar"})
		}
		j.classify()
		return j
	}
	const launch = "org.apache.maven.plugin.surefire.booterclient.BooterSerializer"
	fork := &jvmLog{loads: []classLoad{{class: forkMain, source: "file:/tmp/surefirebooter.jar"}}}
	fork.classify()
	tests := []struct {
		name string
		logs []*jvmLog
		want bool
	}{
		{"forkLogged", []*jvmLog{maven(launch), fork}, false},
		{"forkNotLogged", []*jvmLog{maven(launch)}, true},
		{"noTests", []*jvmLog{maven("org.apache.maven.plugin.surefire.booterclient.ForkStarter")}, false},
		{"noLogs", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := unloggedForks(tt.logs); got != tt.want {
				t.Errorf("unloggedForks = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestForgedEntryPoint checks that a JVM's kind cannot be forged through
// the evidence channel, which the project's code may write into: a line
// claiming Maven's entry point after the JVM's genuine main is ignored,
// and one in a JVM whose recorded command line starts something else than
// Maven is taken back, with a warning.
func TestForgedEntryPoint(t *testing.T) {
	const pid = 4242
	launcher := classLoad{class: buildMains[0], source: "file:/usr/share/maven/boot/plexus-classworlds.jar"}
	booter := classLoad{class: forkMain, source: "file:/tmp/surefirebooter.jar"}
	app := classLoad{class: "org.example.App", source: "file:/src/target/classes/"}
	mavenArgv := []string{"/usr/lib/jvm/java/bin/java", "-classpath", "/usr/share/maven/boot/plexus-classworlds.jar", "-Dclassworlds.conf=/usr/share/maven/bin/m2.conf", buildMains[0], "test"}
	tests := []struct {
		name     string
		loads    []classLoad
		procs    []ecosystems.Process
		want     jvmKind
		warnings int
	}{
		{"maven", []classLoad{launcher}, []ecosystems.Process{{PID: pid, Exe: "/usr/lib/jvm/java/bin/java", Argv: mavenArgv}}, jvmBuild, 0},
		{"mavenAfterShellExec", []classLoad{launcher}, []ecosystems.Process{{PID: pid, Exe: "/usr/bin/dash", Argv: []string{"/bin/sh", "/usr/bin/mvn", "test"}}, {PID: pid, Exe: "/usr/lib/jvm/java/bin/java", Argv: mavenArgv}}, jvmBuild, 0},
		{"mavenUntraced", []classLoad{launcher}, nil, jvmBuild, 0},
		{"forkForgesLauncher", []classLoad{booter, app, launcher}, nil, jvmTestFork, 0},
		{"appForgesLauncher", []classLoad{app, launcher}, []ecosystems.Process{{PID: pid, Exe: "/usr/lib/jvm/java/bin/java", Argv: []string{"java", "-cp", "target/classes", "org.example.App"}}}, jvmApp, 1},
		{"launcherAsArgument", []classLoad{app, launcher}, []ecosystems.Process{{PID: pid, Exe: "/usr/lib/jvm/java/bin/java", Argv: []string{"java", "--add-opens", "java.base/java.lang=ALL-UNNAMED", "org.example.App", buildMains[0]}}}, jvmApp, 1},
		{"jarForgesLauncher", []classLoad{app, launcher}, []ecosystems.Process{{PID: pid, Exe: "/usr/lib/jvm/java/bin/java", Argv: []string{"java", "-jar", buildMains[0]}}}, jvmApp, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := &jvmLog{file: "JVM 4242", pid: pid, loads: tt.loads}
			j.classify()
			warnings := confirmBuild([]*jvmLog{j}, tt.procs)
			if j.kind != tt.want || len(warnings) != tt.warnings {
				t.Errorf("kind %v with %d warnings %q, want %v with %d", j.kind, len(warnings), warnings, tt.want, tt.warnings)
			}
		})
	}
}

// TestPosition checks where a class file's references are placed: its
// source file below the module's source roots, else the class file, each
// relative to the project root; for a reactor module outside the root
// (<module>../shared</module>), the <module> line that reaches it; and
// nowhere for a class file that is neither the project's nor of such a
// module.
func TestPosition(t *testing.T) {
	top := t.TempDir()
	root := filepath.Join(top, "project")
	shared := filepath.Join(top, "shared")
	for _, f := range []string{
		filepath.Join(root, "src", "main", "java", "com", "x", "App.java"),
		filepath.Join(shared, "src", "main", "java", "com", "x", "Lib.java"),
	} {
		ecotest.WriteFile(t, f, []byte("package com.x;\n"), 0o644)
	}
	via := ecosystems.Pos{File: "pom.xml", Line: 8}
	tests := []struct {
		name      string
		m         *module
		class     string
		cf        *classFile
		want      ecosystems.Pos
		withLines bool
	}{
		{"source", &module{dir: root}, filepath.Join(root, "target", "classes", "com", "x", "App.class"),
			&classFile{name: "com.x.App", source: "App.java"}, ecosystems.Pos{File: "src/main/java/com/x/App.java"}, true},
		{"classFile", &module{dir: root}, filepath.Join(root, "target", "classes", "com", "x", "Gen.class"),
			&classFile{name: "com.x.Gen"}, ecosystems.Pos{File: "target/classes/com/x/Gen.class"}, false},
		{"outsideSource", &module{dir: shared, via: via}, filepath.Join(shared, "target", "classes", "com", "x", "Lib.class"),
			&classFile{name: "com.x.Lib", source: "Lib.java"}, via, false},
		{"outsideClass", &module{dir: shared, via: via}, filepath.Join(shared, "target", "classes", "com", "x", "Gen.class"),
			&classFile{name: "com.x.Gen"}, via, false},
		{"nowhere", &module{dir: root}, filepath.Join(top, "elsewhere", "Gen.class"),
			&classFile{name: "com.x.Gen"}, ecosystems.Pos{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, withLines := (&project{}).position(ecosystems.Canon(root), tt.m, false, tt.class, tt.cf)
			if diff := cmp.Diff(tt.want, got); diff != "" || withLines != tt.withLines {
				t.Errorf("position = %v, %v; want %v, %v (-want +got):\n%s", got, withLines, tt.want, tt.withLines, diff)
			}
		})
	}
}

// TestQuickJVM: the resolution's Maven gets the quick options after the
// user's MAVEN_OPTS, or as MAVEN_OPTS when there is none; the environment
// given is not changed.
func TestQuickJVM(t *testing.T) {
	for _, tt := range []struct {
		in, want []string
	}{
		{[]string{"PATH=/bin"}, []string{"PATH=/bin", "MAVEN_OPTS=" + quickOpts}},
		{[]string{"MAVEN_OPTS=-Xmx1g", "HOME=/h"}, []string{"MAVEN_OPTS=-Xmx1g " + quickOpts, "HOME=/h"}},
		{[]string{"MAVEN_OPTS="}, []string{"MAVEN_OPTS=" + quickOpts}},
	} {
		in := slices.Clone(tt.in)
		if diff := cmp.Diff(tt.want, quickJVM(in)); diff != "" {
			t.Errorf("quickJVM(%q) (-want +got):\n%s", tt.in, diff)
		}
		if !slices.Equal(in, tt.in) {
			t.Errorf("quickJVM changed its argument: %q", in)
		}
	}
}
