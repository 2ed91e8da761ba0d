// Package maven owns envaudit's Java/Maven ecosystem: the dependencies a
// project declares in its pom.xml files (D1), the artifacts Maven resolves
// for it (D2), and the attribution of what the traced run's JVMs loaded to
// those artifacts (D3).
//
// Names are groupId:artifactId, as written (Maven names are
// case-sensitive). Package URLs are pkg:maven/<group>/<artifact>@<version>.
//
// # Files read
//
// D1 (Declared):
//   - pom.xml at the project root, the pom of every <module> (recursively,
//     including the modules of profiles), and every parent pom they name
//     that lies in the project (<relativePath>, default ../pom.xml, when
//     its coordinates match): <dependencies> with scope (compile and
//     runtime are runtime, test is test, provided and system are
//     provided), <optional> (optional scope: not passed on to dependents),
//     <type> and <classifier> (kept in Raw as group:artifact:type:classifier);
//     dependencies of profiles, in the group "profile:<id>".
//   - ${...} in coordinates, versions and scopes is interpolated from
//     project.* (and pom.*) coordinates, the parent's, and the
//     <properties> of the pom and its ancestors. A missing version or scope
//     comes from the effective <dependencyManagement>: the ancestors' and
//     the pom's own entries, then the BOMs they import (scope import),
//     found among the project's poms or in a local repository
//     (~/.m2/repository, the <localRepository> of ~/.m2/settings.xml,
//     Debian's /usr/share/maven-repo). Parents outside the project are read
//     from the local repositories too, for their properties and managed
//     versions only: their own dependencies are not declared in the project.
//   - Dependencies on the project's own modules are project code and left
//     out. Each dependency's position is the line of its <artifactId>.
//
// Open reads the project's poms through the Source, once (the parents and
// BOMs outside the project come from the local repositories on disk,
// whatever the Source); Files labels them manifests.
//
// D2 (Installed): `mvn -B dependency:tree -DoutputType=tgf` run in the
// project root (through Runner; with Debian's settings and offline when
// the machine builds against Debian's repository, see Ecosystem.Settings),
// which writes each module's resolved graph, every scope, as Maven mediated
// it. It reads only poms, so a multi-module project needs no prior build.
// Each artifact's file is its path in the local repository Maven reports
// (<repo>/<group path>/<artifact>/<version>/<artifact>-<version>[-<classifier>].<ext>),
// or a system-scoped dependency's <systemPath>. The JDK ("jdk") and Maven
// with its plugins ("maven") are listed as excluded: they are the
// toolchain, not packages. Without Maven, or when resolution fails, D2 is
// unknown (Inventory.Unknown) and a warning says why; with --fail-at-end,
// modules Maven could resolve still count.
//
// D3 (attribution): a JVM opens every JAR on its class path to search it
// for classes, so an opened JAR is no evidence that any of its code ran
// (surefire's test JVM opens an unused dependency's JAR). The evidence is
// the classes each JVM actually loaded: TraceEnv passes
// -Xlog:class+load=info:file=<scratch>/channel:pid,tags to Maven's JVM
// (MAVEN_OPTS), to the test JVMs surefire and failsafe fork, and to `java`
// commands on PATH (through launchers in the scratch directory, never
// JAVA_TOOL_OPTIONS, whose "Picked up" line the JVM always prints), so
// each JVM writes into the evidence channel (tracer/evchan: a FIFO
// envaudit reads while the run goes, which the tests cannot take a line
// back from) one line per class, naming its pid, the class and the class
// path entry it came from. Installed reads what the channel held
// (Env.Channel), never a log file the run could have rewritten, into
// Inventory.Observed, and indexes the artifacts' JARs as UseNone. A JVM
// whose log shows Maven's launcher (plexus-classworlds' Launcher; the
// Maven wrapper; mvnd) is Maven itself and its plugins: build tooling, not
// counted. A forked test JVM (surefire's or failsafe's ForkedBooter) and
// any other `java` run the project's code: counted, except surefire's own
// JARs. Each class path entry is mapped to an artifact (see attributor):
// by D2's files, the local repository layout, Debian's /usr/share/java
// links, the pom.properties inside the JAR, a JAR nested in a Spring Boot
// fat JAR (jar:file:/app.jar!/BOOT-INF/lib/x.jar!/), or, for a shaded fat
// JAR, class by class through the original JARs of the artifacts it
// merged. The JDK (jrt:/, the shared archive) and the project's own
// classes are not packages. Read for D3: the evidence channel's lines;
// inside JARs, META-INF/maven/<group>/<artifact>/pom.properties (and a
// nested JAR's, read from its fat JAR); a shaded JAR's originals' entry
// lists, or a module's target/classes; the links of /usr/share/maven-repo.
//
// Imports (importer evidence): after the build, the class files of every
// module's target/classes and target/test-classes, parsed in Go (see
// parseClass), and the entries of the resolved artifacts' JARs, which tell
// what artifact defines each class the project's code refers to; the
// references are placed in the .java file the class's SourceFile names.
//
// How the JVMs are told apart: each log is one JVM (its file name carries
// the pid). The Maven JVM is recognised by the classes only it loads —
// plexus-classworlds' org.codehaus.plexus.classworlds.launcher.Launcher,
// which bin/mvn starts (also the Maven wrapper's and mvnd's entry points);
// a forked test JVM by surefire's and failsafe's
// org.apache.maven.surefire.booter.ForkedBooter; any other JVM is a `java`
// command of the run. The check looks through the whole log, not only at
// the first class, because a -javaagent loads before the main class. If
// the project's own classes show up in the Maven JVM (forkCount=0,
// exec:java), resolved dependencies it loads from then on are counted,
// with a warning.
//
// When no class-load log exists (an audit of a saved trace, a JVM older
// than 9), the fallback is the traced file opens: each artifact's JAR, at
// the path Maven resolved, is indexed as UseRuntime (its symlink target is
// not: Debian's Maven lib/ links to the same /usr/share/java files), and
// the inventory's Evidence says that this over-counts: the test JVM opens every
// class path JAR, and the Maven JVM opens the JARs it packs into a fat
// JAR.
package maven

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
	"github.com/envaudit/envaudit/tracer/evchan"
)

// Ecosystem is the Maven ecosystem. The zero value detects everything it
// needs; the fields override what it detects.
type Ecosystem struct {
	// Runner runs mvn for D2; nil runs it as a process (ExecRunner).
	Runner Runner
	// Command is the Maven program; "" means mvn on the traced run's PATH,
	// else the project's ./mvnw.
	Command string
	// Settings is the settings file passed to mvn with -s. "" means the
	// user's normal settings, except on a machine that builds against
	// Debian's repository: when DebianSettings exists and the user has
	// neither ~/.m2/settings.xml nor anything in ~/.m2/repository,
	// DebianSettings and offline mode are used.
	Settings string
	// Offline runs mvn with -o (always, with the Debian settings).
	Offline bool
	// LocalRepository is searched first for parent poms and imported BOMs
	// outside the project and names the repository of JARs that the
	// traced JVMs loaded; the detected repositories follow it.
	LocalRepository string
	// Home is the user's home directory; "" means $HOME of the traced run.
	Home string
}

// New returns the Maven ecosystem with everything detected.
func New() Ecosystem { return Ecosystem{} }

// Name returns "maven".
func (Ecosystem) Name() string { return "maven" }

// project is a Maven project opened once: its poms loaded, with the parents
// and BOMs they inherit from, and their dependencies interpreted.
type project struct {
	eco   Ecosystem
	src   ecosystems.Source
	l     *loader
	mods  []*module // the project's poms in reactor order
	deps  []ecosystems.Dependency
	files []ecosystems.File

	// resolved is D2 as Installed last resolved it, for Imports to map
	// classes to artifacts; resolveErr says why Maven could not resolve.
	resolved    []*resolved
	resolveErr  error
	resolveDone bool
}

// Open reads pom.xml, the poms of its modules and its in-project parents
// through the Source, once, with the parents and imported BOMs outside the
// project from the local repositories, and interprets their dependencies
// (see the package documentation). Files labels the project's poms
// manifests. A tree without pom.xml is absent.
func (e Ecosystem) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	if _, err := src.Stat("pom.xml"); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	l := newLoader(src, e.repositories(nil))
	mods, err := l.project()
	if err != nil {
		return nil, err
	}
	deps, err := l.declared(mods)
	if err != nil {
		return nil, err
	}
	if l.work.err != nil {
		return nil, l.work.err
	}
	p := &project{eco: e, src: src, l: l, mods: mods, deps: deps}
	p.files = append(p.files, ecosystems.File{Path: "pom.xml", Kind: ecosystems.KindManifest})
	for _, m := range mods {
		p.files = append(p.files, ecosystems.File{Path: m.file, Kind: ecosystems.KindManifest})
	}
	p.files = ecosystems.SortFiles(p.files)
	return p, nil
}

// Files returns the files Open read.
func (p *project) Files() []ecosystems.File { return append([]ecosystems.File(nil), p.files...) }

// Declared returns the dependencies of the project's poms, in reactor
// order: the root pom first, then each module depth-first in <modules>
// order.
func (p *project) Declared() []ecosystems.Dependency {
	return append([]ecosystems.Dependency(nil), p.deps...)
}

// ResolvesInstalled reports true: D2 is what Maven resolves for the
// project, not what an install step put on the machine.
func (Ecosystem) ResolvesInstalled() bool { return true }

// devTools are the artifacts of the JVM test runners: the frameworks that
// discover and run tests (JUnit 4 is both the runner and its assertion
// API; JUnit 5's engines and launcher; TestNG) and surefire/failsafe's
// own parts, which run inside the forked test JVM. Assertion and mocking
// libraries (hamcrest, AssertJ, Mockito) are not runners: the test code
// calls them itself, so they must be declared like any library — hamcrest
// loaded only because JUnit 4 depends on it is test tooling through the
// runner's closure, while hamcrest that the tests call through an
// undeclared transitive is a finding worth seeing, as is an undeclared
// Mockito.
var devTools = []string{
	"junit:junit",
	"org.junit.jupiter:junit-jupiter-engine",
	"org.junit.platform:junit-platform-engine",
	"org.junit.platform:junit-platform-launcher",
	"org.junit.platform:junit-platform-runner",
	"org.junit.platform:junit-platform-suite-engine",
	"org.junit.vintage:junit-vintage-engine",
	"org.testng:testng",
	"org.apache.maven.plugins:maven-failsafe-plugin",
	"org.apache.maven.plugins:maven-surefire-plugin",
	"org.apache.maven.surefire:surefire-booter",
	"org.apache.maven.surefire:surefire-junit4",
	"org.apache.maven.surefire:surefire-junit47",
	"org.apache.maven.surefire:surefire-junit-platform",
	"org.apache.maven.surefire:surefire-testng",
}

// DevTools returns the artifacts of the JVM test runners (see devTools).
func (Ecosystem) DevTools() []string { return append([]string(nil), devTools...) }

// TraceEnv asks the JVMs of the traced run to log the classes they load
// into scratch's evidence channel (tracer/evchan), every JVM into the
// same FIFO, each line naming its pid, without a line of output the run would
// not print otherwise. JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS and
// _JAVA_OPTIONS cannot do that: the JVM and its launcher print "Picked up
// ..." for each on standard error, unconditionally, before reading the
// options, and the Maven JVM would pass that line into every test's
// output. Instead, TraceEnv writes two small launchers into scratch, each
// a shell script that runs one real java with the -Xlog option and its
// own arguments:
//
//   - <scratch>/jvm/maven/bin/java runs the java Maven's JVM runs
//     (JAVA_HOME's, else the first on PATH, symbolic links resolved: the
//     JDK whose java surefire would fork), and surefire and failsafe fork
//     it for the tests through their jvm property, set with -Djvm in
//     MAVEN_OPTS; a <scratch>/jvm/maven/release link to that JDK's release
//     file lets them tell its version as they would. MAVEN_OPTS also
//     carries the -Xlog option for Maven's own JVM. mvn, mvnw and mvnd read
//     MAVEN_OPTS without printing it.
//   - <scratch>/jvm/path/bin/java runs the first java on PATH, and goes
//     first on PATH, so `java` commands of the run log too. Only when PATH
//     has a java: a run without one gets none.
//
// The user's own JAVA_TOOL_OPTIONS is left as it is. A pom that sets
// surefire's <jvm> itself keeps it, and its test JVMs write no log; so does
// a script that runs $JAVA_HOME/bin/java by its path. Installed notices
// the first (see unloggedForks). The -Xlog option needs JDK 9 or later: a
// JDK 8 JVM refuses to start with it, so when the run's java is a JDK 8
// or older, TraceEnv adds nothing. Nor does it for a scratch path that the
// option's syntax cannot carry (blanks, colons, commas, quotes, '=' or
// '%'), or when it cannot write the launchers. The audit then falls back
// to file opens.
func (*project) TraceEnv(scratch string, environ []string) []string {
	if scratch == "" || !filepath.IsAbs(scratch) || strings.ContainsAny(scratch, " \t\r\n:,=\"'%$`\\") {
		return nil
	}
	if legacyJava(environ) {
		return nil
	}
	opt := xlogOption(evchan.Path(scratch))
	var out []string
	if java := mavenJava(environ); java != "" {
		if real, err := filepath.EvalSymlinks(java); err == nil {
			shim, err := writeLauncher(scratch, "maven", real, opt)
			if err == nil {
				// Surefire reads <jdk>/release beside <jdk>/bin/java
				// to tell the forked JVM's version.
				rel := filepath.Join(filepath.Dir(filepath.Dir(real)), "release")
				// TraceEnv runs again on a saved trace's evidence, to
				// give Installed the same environment: replace the link.
				link := filepath.Join(scratch, "jvm", "maven", "release")
				os.Remove(link)
				if fileExists(rel) {
					err = os.Symlink(rel, link)
				}
			}
			if err != nil {
				return nil
			}
			v := opt + " -Djvm=" + shim
			if cur := strings.TrimSpace(ecosystems.Getenv(environ, "MAVEN_OPTS")); cur != "" {
				v = cur + " " + v
			}
			out = append(out, "MAVEN_OPTS="+v)
		}
	}
	// A JDK 8 java on PATH (beside a newer JAVA_HOME) would refuse the
	// option: its commands write no log.
	if java := ecosystems.LookPath(environ, "java"); java != "" && !legacyJavaAt(java) {
		shim, err := writeLauncher(scratch, "path", java, opt)
		if err != nil {
			return nil
		}
		path := filepath.Dir(shim)
		if cur := ecosystems.Getenv(environ, "PATH"); cur != "" {
			path += string(filepath.ListSeparator) + cur
		}
		out = append(out, "PATH="+path)
	}
	return out
}

// writeLauncher writes <scratch>/jvm/<name>/bin/java, a shell script that
// runs java with the -Xlog option opt before its own arguments, and
// returns its path. A JVM given the option twice prints a warning, so the
// launcher leaves it out when its arguments already carry it (Maven's JVM
// started through the PATH launcher gets it from MAVEN_OPTS too).
func writeLauncher(scratch, name, java, opt string) (string, error) {
	if strings.ContainsAny(java, "'\n") {
		return "", fmt.Errorf("java path %q cannot be quoted", java)
	}
	dir := filepath.Join(scratch, "jvm", name, "bin")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	shim := filepath.Join(dir, "java")
	script := "#!/bin/sh\n" +
		"# envaudit: runs " + java + " with a class-load log in " + scratch + "\n" +
		"case \" $* \" in *' " + opt + " '*) exec '" + java + "' \"$@\" ;; esac\n" +
		"exec '" + java + "' '" + opt + "' \"$@\"\n"
	return shim, os.WriteFile(shim, []byte(script), 0o755)
}

// mavenJava returns the java that mvn (and mvnw) run: JAVA_HOME's, else the
// first on PATH; "" when there is none.
func mavenJava(environ []string) string {
	if jh, ok := ecosystems.LookupEnv(environ, "JAVA_HOME"); ok && jh != "" {
		return filepath.Join(jh, "bin", "java")
	}
	return ecosystems.LookPath(environ, "java")
}

// legacyJava reports whether the java the run would use is a JDK 8 or
// older, by the JAVA_VERSION of its installation's release file ("1.8.0_x";
// JDK 9 and later say "9", "17.0.15"). JAVA_HOME's java is the one mvn
// runs; without JAVA_HOME, the first java on PATH.
func legacyJava(environ []string) bool { return legacyJavaAt(mavenJava(environ)) }

// legacyJavaAt reports whether java is a JDK 8 or older (see legacyJava).
func legacyJavaAt(java string) bool {
	real, err := filepath.EvalSymlinks(java)
	if java == "" || err != nil {
		return false
	}
	// <home>/bin/java, or JDK 8's <home>/jre/bin/java.
	home := filepath.Dir(filepath.Dir(real))
	for _, h := range []string{home, filepath.Dir(home)} {
		data, err := os.ReadFile(filepath.Join(h, "release"))
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(l), "JAVA_VERSION="); ok {
				return strings.HasPrefix(strings.Trim(v, `"`), "1.")
			}
		}
		return false
	}
	return false
}

// withoutXlog returns environ without what TraceEnv added, so the mvn
// that Installed runs neither logs into the scratch directory nor forks
// through its launchers.
func withoutXlog(environ []string, scratch string) []string {
	if scratch == "" {
		return environ
	}
	opt := xlogOption(evchan.Path(scratch))
	launchers := filepath.Join(scratch, "jvm")
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		k, v, ok := strings.Cut(kv, "=")
		switch {
		case !ok:
		case k == "MAVEN_OPTS":
			var keep []string
			for _, f := range strings.Fields(v) {
				if f != opt && !strings.HasPrefix(f, "-Djvm="+launchers+string(filepath.Separator)) {
					keep = append(keep, f)
				}
			}
			if len(keep) == 0 {
				continue
			}
			kv = k + "=" + strings.Join(keep, " ")
		case k == "PATH":
			var keep []string
			for _, d := range filepath.SplitList(v) {
				if !strings.HasPrefix(d, launchers+string(filepath.Separator)) {
					keep = append(keep, d)
				}
			}
			kv = k + "=" + strings.Join(keep, string(filepath.ListSeparator))
		}
		out = append(out, kv)
	}
	return out
}

// repositories returns the local repositories that exist, in the order
// they are searched: Ecosystem.LocalRepository, the <localRepository> of
// the settings in use (Ecosystem.Settings, else ~/.m2/settings.xml),
// ~/.m2/repository, Debian's repository.
func (e Ecosystem) repositories(environ []string) []string {
	home := e.home(environ)
	var cands []string
	if e.LocalRepository != "" {
		cands = append(cands, e.LocalRepository)
	}
	settings := e.Settings
	if settings == "" && home != "" {
		settings = filepath.Join(home, ".m2", "settings.xml")
	}
	if r := settingsLocalRepository(settings, home); r != "" {
		cands = append(cands, r)
	}
	if home != "" {
		cands = append(cands, filepath.Join(home, ".m2", "repository"))
	}
	cands = append(cands, DebianRepository)
	var out []string
	seen := map[string]bool{}
	for _, c := range cands {
		c = ecosystems.Canon(c)
		if !seen[c] && dirExists(c) {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// settingsLocalRepository returns the <localRepository> of a Maven settings
// file, with ${user.home} expanded, or "".
func settingsLocalRepository(file, home string) string {
	if file == "" {
		return ""
	}
	data, err := projfile.ReadFile(file, projfile.MaxConfig)
	if err != nil {
		return ""
	}
	v := xmlElementText(data, "localRepository")
	v = strings.ReplaceAll(v, "${user.home}", home)
	if !filepath.IsAbs(v) {
		return ""
	}
	return v
}

var (
	_ ecosystems.Ecosystem      = Ecosystem{}
	_ ecosystems.Resolver       = Ecosystem{}
	_ ecosystems.TraceEnvironer = (*project)(nil)
)
