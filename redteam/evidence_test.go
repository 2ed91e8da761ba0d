package redteam

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAttackEvidenceRewritten reproduces issue 20's item 5: the class-load
// logs the JVMs write sat where the tests could rewrite them, and deleting
// the lines of a hidden dependency made its finding disappear. The test
// command builds a Maven project whose code calls commons-lang3, which only
// commons-text brings, then rewrites every file in the directory the
// class-load option in MAVEN_OPTS names without commons-lang3's lines, or
// deletes them. The hidden finding must remain, or the step must fail
// naming the tampering.
func TestAttackEvidenceRewritten(t *testing.T) {
	for _, how := range []string{"rewritten", "deleted"} {
		t.Run(how, func(t *testing.T) {
			for _, f := range []string{"/usr/bin/mvn", "/etc/maven/settings-debian.xml", "/usr/share/maven-repo/org/apache/commons/commons-text"} {
				if _, err := os.Stat(f); err != nil {
					t.Fatalf("%v: the Maven of scripts/setup.d/maven.apt is needed (make setup)", err)
				}
			}
			j := newJob(t, "evidence-rewrite")
			j.deadline *= 3
			// The machine's Maven, which the red team's PATH leaves
			// out, as the user's own.
			if err := os.MkdirAll(filepath.Join(j.home, ".local", "bin"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("/usr/bin/mvn", filepath.Join(j.home, ".local", "bin", "mvn")); err != nil {
				t.Fatal(err)
			}
			j.inputs["run"] = "sh test.sh " + how
			j.inputs["working-directory"] = "app"
			j.inputs["fail-on"] = "none"
			res := j.run(0)
			out := res.stdout + res.stderr
			failedLoudly := res.code != 0 && strings.Contains(out, "was tampered with")
			hidden := "no hidden commons-lang3"
			held := failedLoudly
			if !failedLoudly {
				r := j.report(res)
				if r.Run == nil || !r.Run.Succeeded {
					t.Fatalf("the test command failed, so the attack was not tried (report run %+v)", r.Run)
				}
				if f := r.find("hidden", "org.apache.commons:commons-lang3"); f != nil {
					hidden = "hidden commons-lang3 (" + f.Reason + ")"
					held = true
				}
			}
			observe(t, held, "%s; the step failed naming the tampering: %v; step %s", hidden, failedLoudly, outcome(res))
		})
	}
}
