package ghaction

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/go-github/v62/github"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
)

// SnapshotJob identifies the workflow job that submits a snapshot. GitHub
// keeps the latest snapshot per correlator and detector, so the correlator
// names the workflow, the job and the project directory.
type SnapshotJob struct {
	Correlator string
	RunID      string
	HTMLURL    string
	SHA        string
	Ref        string
}

// NewSnapshot builds a dependency-graph snapshot of the packages the traced
// run loaded (D3), so Dependabot and dependency review cover the hidden
// dependencies too, which no manifest names. Each ecosystem is one
// snapshot manifest named "envaudit/<ecosystem>/<manifest path>" whose
// source location is its manifest file (repository-relative); a package is
// "direct" when a manifest declares it, "development" when only test
// tooling loaded it. A package's URL is its installed record's, else the
// one identify (ecosystems/all's Identify) builds from its name and
// version.
func NewSnapshot(r *audit.Report, prefix string, job SnapshotJob, scanned time.Time, identify func(ecosystem, name, version string) ecosystems.Identity) *github.DependencyGraphSnapshot {
	snap := &github.DependencyGraphSnapshot{
		Version: 0,
		Sha:     github.String(job.SHA),
		Ref:     github.String(job.Ref),
		Job: &github.DependencyGraphSnapshotJob{
			Correlator: github.String(job.Correlator),
			ID:         github.String(job.RunID),
		},
		Detector: &github.DependencyGraphSnapshotDetector{
			Name:    github.String("envaudit"),
			Version: github.String(r.Tool.Version),
			URL:     github.String(audit.ToolURI),
		},
		Scanned:   &github.Timestamp{Time: scanned.UTC().Truncate(time.Second)},
		Manifests: map[string]*github.DependencyGraphSnapshotManifest{},
	}
	if job.HTMLURL != "" {
		snap.Job.HTMLURL = github.String(job.HTMLURL)
	}
	for _, e := range r.Ecosystems {
		if len(e.Traced) == 0 {
			continue
		}
		declared := map[string]bool{}
		for _, d := range e.Declared {
			declared[d.Name] = true
		}
		purls := map[string]string{} // name → purl of the traced version
		deps := map[string][]string{}
		for _, p := range e.Installed {
			deps[p.Name] = append(deps[p.Name], p.Deps...)
		}
		resolved := map[string]*github.DependencyGraphSnapshotResolvedDependency{}
		for _, t := range e.Traced {
			purl := ""
			for _, p := range e.Installed {
				if p.Name == t.Name && (t.Version == "" || p.Version == t.Version) && p.PURL != "" {
					purl = p.PURL
					break
				}
			}
			if purl == "" {
				purl = identify(e.Name, t.Name, t.Version).PURL
			}
			if purl == "" {
				continue
			}
			purls[t.Name] = purl
			rel, scope := "indirect", "runtime"
			if declared[t.Name] {
				rel = "direct"
			}
			if t.Dev {
				scope = "development"
			}
			resolved[purl] = &github.DependencyGraphSnapshotResolvedDependency{
				PackageURL:   github.String(purl),
				Relationship: github.String(rel),
				Scope:        github.String(scope),
			}
		}
		// Edges only between loaded packages: the snapshot lists D3.
		for _, t := range e.Traced {
			rd := resolved[purls[t.Name]]
			if rd == nil {
				continue
			}
			var on []string
			for _, d := range deps[t.Name] {
				if p, ok := purls[d]; ok && p != purls[t.Name] {
					on = append(on, p)
				}
			}
			slices.Sort(on)
			rd.Dependencies = slices.Compact(on)
		}
		if len(resolved) == 0 {
			continue
		}
		// The key must not be a manifest path GitHub detects on its own: a
		// snapshot would then replace the static graph of package-lock.json
		// with only the packages the tests loaded, and Dependabot would stop
		// watching the rest.
		manifest := e.PrimaryManifest()
		key := "envaudit/" + e.Name
		if manifest != "" {
			key += "/" + audit.RepoPath(prefix, manifest)
		} else if prefix != "" {
			key += "/" + prefix
		}
		m := &github.DependencyGraphSnapshotManifest{
			Name:     github.String(key),
			Resolved: resolved,
		}
		if manifest != "" {
			m.File = &github.DependencyGraphSnapshotManifestFile{SourceLocation: github.String(audit.RepoPath(prefix, manifest))}
		}
		snap.Manifests[key] = m
	}
	return snap
}

// SubmitSnapshot sends a snapshot to the repository's dependency graph and
// returns GitHub's verdict (SUCCESS, ACCEPTED or INVALID). The token needs
// contents: write.
func SubmitSnapshot(ctx context.Context, c *github.Client, repo Repo, snap *github.DependencyGraphSnapshot) (string, error) {
	res, _, err := c.DependencyGraph.CreateSnapshot(ctx, repo.Owner, repo.Name, snap)
	if err != nil {
		return "", apiError("submit the dependency snapshot", err)
	}
	if res.GetResult() == "INVALID" {
		return res.GetResult(), fmt.Errorf("submit the dependency snapshot: GitHub rejected it as invalid: %s", res.GetMessage())
	}
	return res.GetResult(), nil
}
