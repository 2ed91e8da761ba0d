package ghaction

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/envaudit/envaudit/audit"
)

// BaselineVersion is the version of the baseline file format.
const BaselineVersion = 1

// Baseline is what the runner had installed before the workflow's project
// steps ran (`envaudit baseline`, the Action's `mode: baseline`): with it,
// a hidden package the machine provided — which a clean machine will not
// have — is told apart from one a workflow step installed outside the
// manifests.
//
// The file is JSON:
//
//	{"version":1,"taken":"2026-11-30T09:00:00Z",
//	 "ecosystems":{"python":[{"name":"pyyaml","version":"6.0"}],"system":[...]}}
type Baseline struct {
	Version    int                          `json:"version"`
	Taken      time.Time                    `json:"taken"`
	Ecosystems map[string][]BaselinePackage `json:"ecosystems"`
}

// BaselinePackage is one package the runner had.
type BaselinePackage struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// Add records packages of an ecosystem, keeping the lists sorted and free
// of duplicates so the file is reproducible.
func (b *Baseline) Add(ecosystem string, pkgs ...BaselinePackage) {
	if b.Ecosystems == nil {
		b.Ecosystems = map[string][]BaselinePackage{}
	}
	list := append(b.Ecosystems[ecosystem], pkgs...)
	slices.SortFunc(list, func(a, b BaselinePackage) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.Version, b.Version)
	})
	b.Ecosystems[ecosystem] = slices.Compact(list)
}

// Has reports whether the runner had the package.
func (b *Baseline) Has(ecosystem, name string) bool {
	if b == nil {
		return false
	}
	_, ok := slices.BinarySearchFunc(b.Ecosystems[ecosystem], name, func(p BaselinePackage, n string) int {
		return strings.Compare(p.Name, n)
	})
	return ok
}

// WriteBaseline writes the baseline to path as indented JSON.
func WriteBaseline(path string, b *Baseline) error {
	b.Version = BaselineVersion
	if b.Ecosystems == nil {
		b.Ecosystems = map[string][]BaselinePackage{}
	}
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("write baseline: %w", err)
	}
	return nil
}

// ReadBaseline reads a baseline file.
func ReadBaseline(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read baseline: %w", err)
	}
	var b Baseline
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("read baseline %q: %w", path, err)
	}
	if b.Version != BaselineVersion {
		return nil, fmt.Errorf("read baseline %q: version %d, want %d", path, b.Version, BaselineVersion)
	}
	for eco := range b.Ecosystems {
		b.Add(eco) // sorts lists written by hand or by older versions
	}
	return &b, nil
}

// Apply sets the provenance of every hidden finding: "machine" when the
// runner had the package before the workflow's steps, "workflow" when a
// step installed it.
func (b *Baseline) Apply(r *audit.Report) {
	if b == nil {
		return
	}
	for ei := range r.Ecosystems {
		e := &r.Ecosystems[ei]
		for fi := range e.Findings {
			f := &e.Findings[fi]
			if f.Kind != audit.Hidden {
				continue
			}
			f.Provenance = audit.ProvenanceWorkflow
			if b.Has(e.Name, f.Package) {
				f.Provenance = audit.ProvenanceMachine
			}
		}
	}
}
