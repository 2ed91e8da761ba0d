package maven

import (
	"bufio"
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// xlogOption is the JVM option that logs every loaded class and where it
// came from into the evidence channel at path (tracer/evchan), a FIFO
// every JVM of the run (Maven's own, each forked test JVM, each `java`
// command) writes to, each line decorated with the JVM's pid and the log's
// tags, and without rotation (the JVM leaves a FIFO unrotated anyway).
// A JVM writes each line with one write(2) of a few hundred bytes, which a
// pipe keeps whole, so the lines of JVMs running at once do not mix.
func xlogOption(path string) string {
	return "-Xlog:class+load=info:file=" + path + ":pid,tags:filecount=0"
}

// channelTag ends the decorations of every line xlogOption asks for:
// "[1234][class,load] java.lang.Object source: shared objects file".
const channelTag = "][class,load] "

// A classLoad is one line of a class-load log: a class and the source the
// JVM defined it from (a URL such as file:/path/x.jar or
// jar:file:/app.jar!/BOOT-INF/lib/x.jar!/, "jrt:/java.base", "shared
// objects file", or the name of a defining class for generated classes).
type classLoad struct {
	class, source string
}

// parseClassLoads reads a class-load log. It understands the unified
// logging format of JDK 9 and later, with or without decorations
//
//	java.lang.Object source: shared objects file
//	[0.012s][info][class,load] org.example.App source: file:/src/target/classes/
//
// and the -verbose:class format of JDK 8
//
//	[Loaded org.example.App from file:/src/target/classes/]
//
// Other lines (other log tags, a log a user configured differently) are
// skipped: the log is evidence, never a reason to fail.
func parseClassLoads(data []byte) []classLoad {
	var out []classLoad
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	for sc.Scan() {
		if l, ok := parseClassLoad(sc.Text()); ok {
			out = append(out, l)
		}
	}
	return out
}

func parseClassLoad(line string) (classLoad, bool) {
	line = strings.TrimSpace(line)
	if rest, ok := strings.CutPrefix(line, "[Loaded "); ok && strings.HasSuffix(rest, "]") {
		class, src, ok := strings.Cut(strings.TrimSuffix(rest, "]"), " from ")
		if !ok || class == "" || strings.ContainsAny(class, " \t") {
			return classLoad{}, false
		}
		return classLoad{class: class, source: strings.TrimSpace(src)}, true
	}
	// Decorations: [uptime][level][tags] and the like, each in brackets.
	for strings.HasPrefix(line, "[") {
		i := strings.IndexByte(line, ']')
		if i < 0 {
			return classLoad{}, false
		}
		line = strings.TrimSpace(line[i+1:])
	}
	class, src, ok := strings.Cut(line, " source: ")
	if !ok || class == "" || strings.ContainsAny(class, " \t") {
		return classLoad{}, false
	}
	return classLoad{class: class, source: strings.TrimSpace(src)}, true
}

// jvmKind says whose code a JVM ran.
type jvmKind int

const (
	jvmApp      jvmKind = iota // a `java` command: the project's code (or a tool of the run)
	jvmBuild                   // Maven itself (its launcher, a wrapper, the daemon): build tooling
	jvmTestFork                // a forked test JVM of surefire or failsafe: the project's tests
)

func (k jvmKind) String() string {
	switch k {
	case jvmBuild:
		return "Maven JVM"
	case jvmTestFork:
		return "forked test JVM"
	}
	return "java command"
}

// buildMains are the entry points of Maven's own JVMs. mvn starts
// plexus-classworlds' Launcher (m2.conf then loads Maven and each plugin in
// its own class realm); mvnw starts MavenWrapperMain; mvnd its client and
// daemon. Whatever these JVMs load is Maven and its plugins.
var buildMains = []string{
	"org.codehaus.plexus.classworlds.launcher.Launcher",
	"org.apache.maven.wrapper.MavenWrapperMain",
	"org.mvndaemon.mvnd.client.DefaultClient",
	"org.mvndaemon.mvnd.daemon.MavenDaemon",
}

// forkMain is the entry point of the JVMs surefire and failsafe fork to run
// tests: ForkedBooter reads the test class path from a file Maven wrote
// and starts the test framework's provider.
const forkMain = "org.apache.maven.surefire.booter.ForkedBooter"

// A jvmLog is the class-load log of one JVM.
type jvmLog struct {
	file  string // how reports name the log: "JVM <pid>"
	pid   int    // the JVM's pid, from its lines' decoration
	kind  jvmKind
	loads []classLoad
	// jdk is the JDK 8 installation (the directory holding jre/) when the
	// log names the boot class path's rt.jar, so extension JARs under it
	// count as the JDK; "" otherwise (JDK 9 and later load from jrt:/).
	jdk string
}

// classify sets the JVM's kind from the classes it loaded: the first entry
// point in the log decides. It looks past the first class, because a
// -javaagent (a coverage agent in a test JVM's argLine) loads first, but
// no further than the first entry point: a JVM's main class is logged
// before any code of the project runs in it, so a line the project's code
// forges into the channel (a test claiming its own JVM loaded Maven's
// Launcher, to have what it loads taken for Maven's) comes after it. A JVM
// whose genuine main is the project's own is checked against its command
// line instead (confirmBuild).
func (j *jvmLog) classify() {
	build := map[string]bool{}
	for _, m := range buildMains {
		build[m] = true
	}
	for _, l := range j.loads {
		if l.class == "java.lang.Object" && strings.HasSuffix(l.source, "/lib/rt.jar") {
			j.jdk = strings.TrimSuffix(strings.TrimSuffix(l.source, "/lib/rt.jar"), "/jre")
		}
		switch {
		case build[l.class]:
			j.kind = jvmBuild
			return
		case l.class == forkMain:
			j.kind = jvmTestFork
			return
		}
	}
}

// confirmBuild takes back the Maven kind of a JVM whose command line, as
// the trace recorded it at exec (which the JVM's code cannot rewrite),
// starts no Maven entry point: the lines saying it loaded one were
// written by code running in it. A JVM the trace does not show (no
// trace, or a process it missed) keeps the kind its log gives. It returns
// a warning per JVM taken back.
func confirmBuild(logs []*jvmLog, procs []ecosystems.Process) []string {
	mains := map[int][]string{} // pid → the main classes its java execs named
	for _, p := range procs {
		if filepath.Base(p.Exe) != "java" || len(p.Argv) == 0 {
			continue
		}
		mains[p.PID] = append(mains[p.PID], javaMain(p.Argv[1:]))
	}
	var warnings []string
	for _, j := range logs {
		ms, ok := mains[j.pid]
		if j.kind != jvmBuild || !ok {
			continue
		}
		if !slices.ContainsFunc(ms, func(m string) bool { return slices.Contains(buildMains, m) }) {
			j.kind = jvmApp
			warnings = append(warnings, fmt.Sprintf("%s wrote that it loaded Maven's entry point, but its command line starts %q: what it loaded counts as the project's", j.file, strings.Join(ms, ", ")))
		}
	}
	return warnings
}

// javaValueOptions are the java launcher's options whose value is the
// next argument.
var javaValueOptions = map[string]bool{
	"-cp": true, "-classpath": true, "--class-path": true,
	"-p": true, "--module-path": true, "--upgrade-module-path": true,
	"--add-modules": true, "--limit-modules": true, "--add-reads": true,
	"--add-exports": true, "--add-opens": true, "--patch-module": true,
	"--enable-native-access": true, "--source": true,
}

// javaMain returns what a java command line (its arguments, without the
// program) starts: the main class, "-jar <file>", "-m <module>", or ""
// when the arguments end first.
func javaMain(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-jar" || a == "-m" || a == "--module":
			if i+1 < len(args) {
				return a + " " + args[i+1]
			}
			return ""
		case javaValueOptions[a]:
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return a
		}
	}
	return ""
}

// readChannel groups the class-load lines of the evidence channel by the
// JVM that wrote them, ordered by pid. The traced command may write into
// the channel too, so a line is read from its end: the record is the
// text after the last channelTag, its pid the digits just before it, and
// whatever a write without a newline put in front of a JVM's line is
// ignored. Lines without the tag are skipped: the channel is evidence,
// never a reason to fail.
func readChannel(data []byte) []*jvmLog {
	byPID := map[int]*jvmLog{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	for sc.Scan() {
		line := sc.Text()
		i := strings.LastIndex(line, channelTag)
		if i < 0 {
			continue
		}
		open := strings.LastIndexByte(line[:i], '[')
		if open < 0 {
			continue
		}
		pid, err := strconv.Atoi(line[open+1 : i])
		if err != nil || pid <= 0 {
			continue
		}
		l, ok := parseClassLoad(line[i+len(channelTag):])
		if !ok {
			continue
		}
		j := byPID[pid]
		if j == nil {
			j = &jvmLog{file: fmt.Sprintf("JVM %d", pid), pid: pid}
			byPID[pid] = j
		}
		j.loads = append(j.loads, l)
	}
	out := make([]*jvmLog, 0, len(byPID))
	for _, j := range byPID {
		j.classify()
		out = append(out, j)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].pid < out[b].pid })
	return out
}

// isURLSource reports whether a class came from a class path entry (a
// directory or JAR, possibly nested) rather than from the JDK's runtime
// image (jrt:/), its shared archive, JDK 8's boot class path (a plain path:
// rt.jar), or a generated class (the name of its defining class or loader).
func isURLSource(src string) bool {
	return strings.HasPrefix(src, "file:") || strings.HasPrefix(src, "jar:") || strings.HasPrefix(src, "nested:")
}
