// Package baseline owns the runner baseline: what the machine had
// installed before a workflow's project steps ran (`envaudit baseline`, the
// Action's `mode: baseline`), its JSON file, and enriching a report with
// it, so a hidden package the runner provided — which a clean machine
// will not have — is told apart from one a workflow step installed outside
// the manifests.
package baseline

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/projfile"
)

// Version is the version of the baseline file format.
const Version = 1

// A baseline enriches a report with the provenance of hidden packages.
var _ audit.Enricher = (*Baseline)(nil)

// Baseline is what the runner had installed before the workflow's project
// steps ran, per ecosystem. The file is JSON:
//
//	{"version":1,"taken":"2026-11-30T09:00:00Z",
//	 "ecosystems":{"python":[{"name":"pyyaml","version":"6.0"}],"system":[...]}}
type Baseline struct {
	Version    int                  `json:"version"`
	Taken      time.Time            `json:"taken"`
	Ecosystems map[string][]Package `json:"ecosystems"`
}

// Package is one package the runner had.
type Package struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// Add records packages of an ecosystem, keeping the lists sorted and free
// of duplicates so the file is reproducible.
func (b *Baseline) Add(ecosystem string, pkgs ...Package) {
	if b.Ecosystems == nil {
		b.Ecosystems = map[string][]Package{}
	}
	list := append(b.Ecosystems[ecosystem], pkgs...)
	slices.SortFunc(list, func(a, b Package) int {
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
	_, ok := slices.BinarySearchFunc(b.Ecosystems[ecosystem], name, func(p Package, n string) int {
		return strings.Compare(p.Name, n)
	})
	return ok
}

// Counts says how many packages the baseline holds per ecosystem, in
// the messages that report one taken: "1234 system, 3 python packages".
func (b *Baseline) Counts() string {
	names := make([]string, 0, len(b.Ecosystems))
	for name := range b.Ecosystems {
		names = append(names, name)
	}
	slices.Sort(names)
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%d %s", len(b.Ecosystems[name]), name)
	}
	if len(parts) == 0 {
		return "no packages"
	}
	return strings.Join(parts, ", ") + " packages"
}

// Write writes the baseline to path as indented JSON.
func Write(path string, b *Baseline) error {
	b.Version = Version
	if b.Ecosystems == nil {
		b.Ecosystems = map[string][]Package{}
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

// MaxSize caps a baseline file: a runner's baseline (some 2,500 Debian
// packages and a system Python's site-packages) is a few hundred
// kilobytes.
const MaxSize = 16 << 20

// Read reads a baseline file through projfile: a named pipe, a device
// (/dev/zero) or a socket put where the baseline was is refused without
// blocking, and a file larger than MaxSize unread. The file lies where
// the project's install steps could replace it, so the Action reads it
// before the test command runs.
func Read(path string) (*Baseline, error) {
	data, err := projfile.ReadFile(path, MaxSize)
	if err != nil {
		return nil, fmt.Errorf("read baseline: %w", err)
	}
	var b Baseline
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("read baseline %q: %w", path, err)
	}
	if b.Version != Version {
		return nil, fmt.Errorf("read baseline %q: version %d, want %d", path, b.Version, Version)
	}
	for eco := range b.Ecosystems {
		b.Add(eco) // sorts lists written by hand or by older versions
	}
	return &b, nil
}

// Enrich sets the provenance of every hidden finding, as an
// audit.Enricher: "machine" when the runner had the package before the
// workflow's steps, "workflow" when a step installed it. A nil baseline
// (none was taken) changes nothing. It never fails.
func (b *Baseline) Enrich(_ context.Context, r *audit.Report) error {
	if b == nil {
		return nil
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
	return nil
}
