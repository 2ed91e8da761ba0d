package maven

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/tracer/evchan"
)

// baseline is what the Maven ecosystem leaves out of D2 and D3, and why.
var baseline = []ecosystems.Excluded{
	{Name: "jdk", Why: "toolchain baseline: the Java runtime's own classes (jrt:/, the shared class archive, JDK 8's rt.jar) are not packages"},
	{Name: "maven", Why: "build tooling: Maven, its plugins and everything the Maven JVM loads, and surefire's own JARs in the test JVM"},
}

// surefireGroup is the group of surefire's and failsafe's own artifacts,
// which the forked test JVM loads to run the tests: the runner, not the
// project's dependencies.
const surefireGroup = "org.apache.maven.surefire"

// maxUnknown caps the warnings about class path entries no artifact owns.
const maxUnknown = 10

// Installed asks Maven for the resolved dependencies of every module (D2)
// and builds the attribution of D3: from the class-load logs the run's JVMs
// wrote into env.Scratch (see TraceEnv) when there are any, else from the
// JARs the run opened. Maven missing or failing to resolve is a warning,
// not an error: the inventory is then Unknown (loaded classes are still
// attributed, through the repository layout and the JARs themselves).
func (p *project) Installed(ctx context.Context, env ecosystems.Env) (*ecosystems.Inventory, error) {
	if !p.src.OnDisk() {
		return nil, ecosystems.ErrNotOnDisk
	}
	e, abs := p.eco, p.src.PathRoot()
	inv := &ecosystems.Inventory{Index: ecosystems.NewPathIndex(), Excluded: append([]ecosystems.Excluded(nil), baseline...)}
	var err error
	environ := env.Environ
	if environ == nil {
		environ = os.Environ()
	}

	// The class-load logs are what the run's JVMs wrote into the evidence
	// channel while it went (env.Channel), never a file the run could
	// have rewritten since.
	var logs []*jvmLog
	if env.Scratch != "" {
		logs = readChannel(env.Channel)
		inv.Warnings = append(inv.Warnings, confirmBuild(logs, env.Processes)...)
		if len(logs) == 0 {
			switch v, _ := ecosystems.LookupEnv(environ, "MAVEN_OPTS"); {
			case legacyJava(environ):
				inv.Warnings = append(inv.Warnings, "the run's java is a JDK 8 or older, which cannot write a class-load log to a file; D3 rests on the JARs opened")
			case !strings.Contains(v, xlogOption(evchan.Path(env.Scratch))):
				inv.Warnings = append(inv.Warnings, "the traced run's environment did not ask JVMs for a class-load log; D3 rests on the JARs opened")
			}
		}
		if unloggedForks(logs) {
			inv.Warnings = append(inv.Warnings, "surefire or failsafe forked test JVMs that wrote no class-load log (does the pom set their <jvm>?); D3 rests on the JARs opened")
			logs = nil
		}
	}

	// The local repositories of the traced run's environment hold the JARs
	// its JVMs loaded.
	repos := e.repositories(environ)
	l, mods := p.l, p.mods
	at := newAttributor(abs)
	for _, m := range mods {
		g, a := m.coordinates()
		at.reactor[g+":"+a] = true
		at.moduleDirs[g+":"+a] = m.dir
		for _, r := range m.pom.relocations {
			p, _ := m.interpolate(r.pattern)
			s, _ := m.interpolate(r.shaded)
			at.relocations = append(at.relocations, relocation{p, s})
		}
	}

	res, err := e.resolve(ctx, abs, withoutXlog(environ, env.Scratch), env)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		// Not knowing what Maven would resolve is not the same as nothing
		// installed: no declared dependency is "not installed" for it.
		p.resolved, p.resolveErr, p.resolveDone = nil, err, true
		inv.Unknown = true
		inv.Warnings = append(inv.Warnings, fmt.Sprintf("maven: the resolved dependencies are unknown: %v", err))
	default:
		if res.warning != "" {
			inv.Warnings = append(inv.Warnings, res.warning)
		}
		if res.localRepo != "" {
			repos = append([]string{ecosystems.Canon(res.localRepo)}, repos...)
		}
		for _, t := range res.trees {
			at.reactor[t.nodes[0].name()] = true
		}
		rs, warnings := res.packages(abs, systemPaths(l, mods))
		p.resolved, p.resolveErr, p.resolveDone = rs, nil, true
		inv.Warnings = append(inv.Warnings, warnings...)
		jarUse := ecosystems.UseRuntime
		if len(logs) > 0 {
			jarUse = ecosystems.UseNone
		}
		for _, r := range rs {
			inv.Packages = append(inv.Packages, r.pkg)
			at.addPackage(r.pkg.Name, r.pkg.Version, r.file)
			if r.file != "" {
				indexFile(inv.Index, r.file, r.pkg.Name, jarUse)
			}
		}
	}
	at.repos = dedupe(repos)

	if len(logs) > 0 {
		inv.Observed = at.observe(logs, &inv.Warnings)
		// The JVM opened every JAR on its class path; what was not used
		// is what no class was loaded from.
		inv.Evidence = ecosystems.Evidence{Basis: classLoadEvidence(logs), Unused: UnusedClassLoad}
	} else {
		inv.Evidence.Basis = "JARs opened under the local repository: no JVM class-load log, and a JVM opens every class path JAR to search it, so an opened JAR may be unused"
	}
	return inv, nil
}

// indexFile indexes an artifact's file under the path Maven resolved, and
// the rest of its directory in the local repository (the .pom and
// checksums Maven reads to resolve) as metadata. The symlink-resolved path
// is deliberately not indexed: Debian's repository links into
// /usr/share/java, where Maven's own lib/ JARs and its plugins' libraries
// link too, so the real file of commons-io opened by the Maven JVM would
// pass for the project's commons-io.
func indexFile(x *ecosystems.PathIndex, file, name string, use ecosystems.Use) {
	x.AddFile(file, name, use)
	x.AddDir(filepath.Dir(file), name, ecosystems.UseNone)
}

// systemPaths returns the <systemPath> of each system-scoped dependency of
// the project's poms, by name.
func systemPaths(l *loader, mods []*module) map[string]string {
	out := map[string]string{}
	for _, m := range mods {
		deps := append([]pomDep(nil), m.pom.deps...)
		for _, pr := range m.pom.profiles {
			deps = append(deps, pr.deps...)
		}
		for _, d := range deps {
			sp, missing := m.interpolate(d.systemPath.val)
			if sp == "" || len(missing) > 0 {
				continue
			}
			g, _ := m.interpolate(d.groupID.val)
			a, _ := m.interpolate(d.artifactID.val)
			if !filepath.IsAbs(sp) {
				sp = filepath.Join(m.dir, sp)
			}
			out[g+":"+a] = sp
		}
	}
	return out
}

func dedupe(xs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range xs {
		if x != "" && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// observe turns the JVMs' class loads into evidence of use: one
// observation per artifact and class path entry (JAR, nested JAR, or
// package of a fat JAR), counting the classes loaded from it.
func (at *attributor) observe(logs []*jvmLog, warnings *[]string) []ecosystems.Observation {
	type key struct{ pkg, file string }
	counts := map[key]int{}
	unknownSet := map[string]bool{}
	for _, j := range logs {
		loads := j.loads
		if j.kind == jvmBuild {
			// Maven's JVM loads Maven and its plugins. Only when the
			// project's own code ran inside it (forkCount=0, exec:java) is
			// some of what it loaded afterwards the project's, and then
			// only the resolved dependencies can be told apart from the
			// plugins' libraries, and not perfectly.
			start := -1
			for i, l := range loads {
				if p, ok := urlPath(l.source); ok && at.inProject(p) {
					start = i
					break
				}
			}
			if start < 0 {
				continue
			}
			*warnings = append(*warnings, fmt.Sprintf("the project's code ran inside the Maven JVM (%s: forkCount=0 or exec:java); only resolved dependencies it loaded from then on are counted, and a plugin may have loaded some of them", j.file))
			loads = loads[start:]
		}
		for _, l := range loads {
			if !isURLSource(l.source) {
				continue
			}
			if j.jdk != "" {
				if p, ok := urlPath(l.source); ok && strings.HasPrefix(ecosystems.Canon(p), ecosystems.Canon(j.jdk)+"/") {
					continue
				}
			}
			o, ok := at.source(l.class, l.source)
			if o.unknown != "" && j.kind != jvmBuild {
				unknownSet[o.unknown] = true
			}
			if !ok || o.own {
				continue
			}
			if j.kind == jvmTestFork && strings.HasPrefix(o.name, surefireGroup+":") {
				continue
			}
			if j.kind == jvmBuild {
				if _, inD2 := at.d2[o.name]; !inD2 {
					continue
				}
			}
			counts[key{o.name, displayPath(at.root, o.file)}]++
		}
	}
	out := make([]ecosystems.Observation, 0, len(counts))
	for k, n := range counts {
		out = append(out, ecosystems.Observation{Package: k.pkg, File: k.file, Process: "java", Use: ecosystems.UseRuntime, Count: n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Package != out[j].Package {
			return out[i].Package < out[j].Package
		}
		return out[i].File < out[j].File
	})

	var unknown []string
	for p := range unknownSet {
		unknown = append(unknown, p)
	}
	sort.Strings(unknown)
	for i, p := range unknown {
		if i == maxUnknown {
			*warnings = append(*warnings, fmt.Sprintf("and %d more class path entries that no Maven artifact owns", len(unknown)-maxUnknown))
			break
		}
		*warnings = append(*warnings, fmt.Sprintf("classes were loaded from %q, which no Maven artifact owns", displayPath(at.root, p)))
	}
	var fats []string
	for p := range at.fat {
		fats = append(fats, p)
	}
	sort.Strings(fats)
	for _, p := range fats {
		if n := at.fat[p].unattributed; n > 0 {
			*warnings = append(*warnings, fmt.Sprintf("%d classes loaded from fat JAR %q are in none of the artifacts it merged", n, displayPath(at.root, p)))
		}
	}
	return out
}

// UnusedClassLoad is what the audit says of an artifact the run did not use
// when class-load logs gave the verdict (Evidence.Unused): the JVM
// may well have opened its JAR.
const UnusedClassLoad = "no class of it was loaded"

// classLoadEvidence describes D3's evidence for the report.
func classLoadEvidence(logs []*jvmLog) string {
	n := map[jvmKind]int{}
	for _, j := range logs {
		n[j.kind]++
	}
	var counted []string
	for _, k := range []jvmKind{jvmTestFork, jvmApp} {
		if n[k] > 0 {
			counted = append(counted, plural(n[k], k.String()))
		}
	}
	if len(counted) == 0 {
		counted = append(counted, "none of the project's")
	}
	s := "classes loaded, with the JAR each came from (JVM class-load logs: " + strings.Join(counted, ", ")
	if n[jvmBuild] > 0 {
		s += "; " + plural(n[jvmBuild], jvmBuild.String()) + " not counted: build tooling"
	}
	return s + "); a JAR opened without a class loaded from it is no evidence"
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// forkClasses are classes with which surefire and failsafe launch a
// forked test JVM: the command line they build for it and the booter
// properties they write for it. Maven's JVM loads them only when it forks
// one — not for a module without tests, where it still loads ForkStarter,
// nor with forkCount=0.
var forkClasses = map[string]bool{
	"org.apache.maven.plugin.surefire.booterclient.BooterSerializer":                                  true,
	"org.apache.maven.plugin.surefire.booterclient.lazytestprovider.OutputStreamFlushableCommandline": true,
}

// unloggedForks reports whether Maven's JVM, which wrote a class-load log,
// forked test JVMs none of which did: then the forks did not go through
// TraceEnv's launcher, and the logs are silent about the tests, which is
// no evidence that nothing was used.
func unloggedForks(logs []*jvmLog) bool {
	forked := false
	for _, j := range logs {
		switch j.kind {
		case jvmTestFork:
			return false
		case jvmBuild:
			for _, l := range j.loads {
				if forkClasses[l.class] {
					forked = true
				}
			}
		}
	}
	return forked
}
