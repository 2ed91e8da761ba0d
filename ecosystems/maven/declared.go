package maven

import (
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// scopes maps Maven's dependency scopes to envaudit's. compile (the
// default) and runtime are both needed when the code runs; system is a JAR
// the machine provides at a fixed path, which is what provided means too.
var scopes = map[string]ecosystems.Scope{
	"compile":  ecosystems.ScopeRuntime,
	"runtime":  ecosystems.ScopeRuntime,
	"test":     ecosystems.ScopeTest,
	"provided": ecosystems.ScopeProvided,
	"system":   ecosystems.ScopeProvided,
}

// compileOnly are artifacts that by their nature are used only to build:
// annotation processors, which javac runs, and annotation-only libraries
// whose annotations are not retained at run time. Declared, they never load
// while the code runs, so a phantom of them is `compile-time`.
var compileOnly = map[string]bool{
	"org.projectlombok:lombok":                 true,
	"org.mapstruct:mapstruct-processor":        true,
	"com.google.auto.service:auto-service":     true,
	"com.google.auto.value:auto-value":         true,
	"com.google.dagger:dagger-compiler":        true,
	"org.immutables:value":                     true,
	"org.hibernate:hibernate-jpamodelgen":      true,
	"org.hibernate.orm:hibernate-jpamodelgen":  true,
	"com.google.errorprone:error_prone_core":   true,
	"com.google.code.findbugs:jsr305":          true,
	"org.jetbrains:annotations":                true,
	"com.github.spotbugs:spotbugs-annotations": true,
}

// declared returns the dependencies of the project's poms in reactor order,
// each with the line of its <artifactId> (else of its <dependency>).
// Dependencies on the project's own modules are project code, not
// external dependencies, and are left out.
func (l *loader) declared(mods []*module) ([]ecosystems.Dependency, error) {
	reactor := map[string]bool{}
	for _, m := range mods {
		g, a := m.coordinates()
		reactor[g+":"+a] = true
	}
	var out []ecosystems.Dependency
	for _, m := range mods {
		add := func(d pomDep, group string) error {
			dep, err := l.dependency(m, d)
			if err != nil {
				return err
			}
			if reactor[dep.Name] {
				return nil
			}
			dep.Group = group
			out = append(out, dep)
			return nil
		}
		for _, d := range m.pom.deps {
			if err := add(d, ""); err != nil {
				return nil, err
			}
		}
		for _, pr := range m.pom.profiles {
			for _, d := range pr.deps {
				if err := add(d, "profile:"+pr.id); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

// dependency resolves one <dependency> of m: its coordinates interpolated,
// and the version and scope it does not state taken from the effective
// dependencyManagement.
func (l *loader) dependency(m *module, d pomDep) (ecosystems.Dependency, error) {
	line := d.artifactID.line
	if line == 0 {
		line = d.line
	}
	g, gMissing := m.interpolate(d.groupID.val)
	a, aMissing := m.interpolate(d.artifactID.val)
	switch {
	case g == "" && a == "":
		return ecosystems.Dependency{}, ecosystems.Errorf(m.file, d.line, "dependency without groupId and artifactId")
	case g == "":
		return ecosystems.Dependency{}, ecosystems.Errorf(m.file, line, "dependency %q has no groupId", a)
	case a == "":
		return ecosystems.Dependency{}, ecosystems.Errorf(m.file, d.groupID.line, "dependency of group %q has no artifactId", g)
	case len(gMissing) > 0:
		return ecosystems.Dependency{}, ecosystems.Errorf(m.file, d.groupID.line, "dependency groupId %q: undefined property %q", d.groupID.val, gMissing[0])
	case len(aMissing) > 0:
		return ecosystems.Dependency{}, ecosystems.Errorf(m.file, line, "dependency artifactId %q: undefined property %q", d.artifactID.val, aMissing[0])
	}
	if strings.ContainsAny(g+a, ": \t\n") {
		return ecosystems.Dependency{}, ecosystems.Errorf(m.file, line, "invalid dependency coordinates %q", g+":"+a)
	}
	t, _ := m.interpolate(d.typ.val)
	c, _ := m.interpolate(d.classif.val)
	if t == "" {
		t = "jar"
	}
	managed := l.effectiveManaged(m)[depKey{g, a, t, c}]
	version, _ := m.interpolate(d.version.val)
	if version == "" {
		version = managed.version
	}
	scope, _ := m.interpolate(d.scope.val)
	scopeLine := d.scope.line
	if scope == "" {
		scope, scopeLine = managed.scope, line
	}
	if scope == "" {
		scope = "compile"
	}
	s, ok := scopes[scope]
	if !ok {
		if scope == "import" {
			return ecosystems.Dependency{}, ecosystems.Errorf(m.file, scopeLine, "dependency %q: scope import is allowed only in <dependencyManagement>", g+":"+a)
		}
		return ecosystems.Dependency{}, ecosystems.Errorf(m.file, scopeLine, "dependency %q: unknown scope %q (want compile, runtime, test, provided or system)", g+":"+a, scope)
	}
	if opt, _ := m.interpolate(d.optional.val); opt == "true" && s == ecosystems.ScopeRuntime {
		// An optional dependency is on this module's class path like any
		// other but is not passed on to modules that depend on it: a
		// feature that needs it only when present.
		s = ecosystems.ScopeOptional
	}
	dep := ecosystems.Dependency{
		Name:        g + ":" + a,
		Spec:        version,
		Scope:       s,
		Pos:         ecosystems.PosVia(m.file, line, m.via),
		CompileOnly: compileOnly[g+":"+a],
	}
	if t != "jar" || c != "" {
		dep.Raw = g + ":" + a + ":" + t
		if c != "" {
			dep.Raw += ":" + c
		}
	}
	return dep, nil
}
