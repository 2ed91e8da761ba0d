package ghaction

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
)

// TestSnapshotIdentify checks that a traced package whose installed record
// has no package URL is named by the identify function NewSnapshot is
// given, which knows the ecosystem, and that one without any is left out.
func TestSnapshotIdentify(t *testing.T) {
	r := &audit.Report{Ecosystems: []audit.EcosystemReport{{
		Name:      "python",
		Manifests: []string{"requirements.txt"},
		Declared:  []ecosystems.Dependency{{Name: "pyyaml"}},
		Installed: []ecosystems.Package{{Name: "pyyaml", Version: "6.0"}, {Name: "unnamed", Version: "1.0"}},
		Traced:    []audit.TracedPackage{{Name: "pyyaml", Version: "6.0"}, {Name: "unnamed", Version: "1.0"}},
	}}}
	identify := func(eco, name, version string) ecosystems.Identity {
		if name == "unnamed" {
			return ecosystems.Identity{Name: name}
		}
		return ecosystems.Identity{PURL: "pkg:" + eco + "/" + name + "@" + version, Name: name}
	}
	snap := NewSnapshot(r, "", SnapshotJob{}, time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC), identify)
	m := snap.Manifests["envaudit/python/requirements.txt"]
	if m == nil {
		t.Fatalf("no python manifest in %v", snap.Manifests)
	}
	var got []string
	for purl, d := range m.Resolved {
		got = append(got, purl+" "+d.GetRelationship())
	}
	if diff := cmp.Diff([]string{"pkg:python/pyyaml@6.0 direct"}, got); diff != "" {
		t.Errorf("resolved (-want +got):\n%s", diff)
	}
}
