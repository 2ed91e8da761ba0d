package system

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The CI services whose files declare system packages, as ciOf names the
// service a file belongs to and runningCI the one running envaudit.
const (
	ciGitHub = "GitHub Actions"
	ciGitLab = "GitLab CI"
	ciCircle = "CircleCI"
	ciTravis = "Travis CI"
)

// ciFiles are the CI configuration files read at fixed places, beside the
// GitHub workflows of .github/workflows.
var ciFiles = []string{".gitlab-ci.yml", ".circleci/config.yml", ".travis.yml"}

// ciOf names the CI service whose configuration file is f, "" for a file
// that is none (a Dockerfile, the Aptfile).
func ciOf(f string) string {
	switch {
	case strings.HasPrefix(f, ".github/workflows/"):
		return ciGitHub
	case f == ".gitlab-ci.yml":
		return ciGitLab
	case f == ".circleci/config.yml":
		return ciCircle
	case f == ".travis.yml":
		return ciTravis
	}
	return ""
}

// gitlabKeywords are the top-level keys of .gitlab-ci.yml that are no job.
var gitlabKeywords = map[string]bool{
	"default": true, "include": true, "stages": true, "variables": true, "workflow": true,
	"image": true, "services": true, "cache": true, "before_script": true, "after_script": true,
}

// parseGitLab returns the packages .gitlab-ci.yml installs: in the
// before_script, script and after_script of each job (named for the job;
// a hidden job, ".name", counts for the jobs that extend it), and in the
// top-level and default before_script and after_script, which every job
// runs.
func parseGitLab(file string, src []byte) ([]aptInstall, error) {
	top, lines, err := parseYAML(file, "GitLab CI configuration", src)
	if top == nil || err != nil {
		return nil, err
	}
	var out []aptInstall
	jobScripts := func(m *yaml.Node) []aptInstall {
		var ps []aptInstall
		for _, key := range []string{"before_script", "script", "after_script"} {
			k, v := lookupKV(m, key)
			ps = append(ps, scriptInstalls(k, v, lines)...)
		}
		return ps
	}
	for _, key := range []string{"before_script", "after_script"} {
		k, v := lookupKV(top, key)
		out = append(out, scriptInstalls(k, v, lines)...)
	}
	if def := lookup(top, "default"); def != nil {
		for _, key := range []string{"before_script", "after_script"} {
			k, v := lookupKV(def, key)
			out = append(out, scriptInstalls(k, v, lines)...)
		}
	}
	templates := map[string][]aptInstall{}
	type job struct {
		name    string
		extends []string
		ps      []aptInstall
	}
	var jobs []job
	for i := 1; i < len(top.Content); i += 2 {
		name, m := top.Content[i-1].Value, deref(top.Content[i])
		if gitlabKeywords[name] || m.Kind != yaml.MappingNode {
			continue
		}
		ps := jobScripts(m)
		if strings.HasPrefix(name, ".") {
			templates[name] = ps
			continue
		}
		j := job{name: name, ps: ps}
		if ext := lookup(m, "extends"); ext != nil {
			switch ext.Kind {
			case yaml.ScalarNode:
				j.extends = []string{ext.Value}
			case yaml.SequenceNode:
				for _, e := range ext.Content {
					if e = deref(e); e.Kind == yaml.ScalarNode {
						j.extends = append(j.extends, e.Value)
					}
				}
			}
		}
		jobs = append(jobs, j)
	}
	for _, j := range jobs {
		for _, t := range j.extends {
			out = append(out, inJob(j.name, append([]aptInstall(nil), templates[t]...))...)
		}
		out = append(out, inJob(j.name, j.ps)...)
	}
	return out, nil
}

// parseCircleCI returns the packages .circleci/config.yml installs: in the
// run steps of each job (a scalar, or a mapping's command), named for the
// job, and in reusable commands, which any job may run.
func parseCircleCI(file string, src []byte) ([]aptInstall, error) {
	top, lines, err := parseYAML(file, "CircleCI configuration", src)
	if top == nil || err != nil {
		return nil, err
	}
	var out []aptInstall
	steps := func(job string, m *yaml.Node) {
		seq := lookup(m, "steps")
		if seq == nil || seq.Kind != yaml.SequenceNode {
			return
		}
		for _, st := range seq.Content {
			k, run := lookupKV(st, "run")
			if run != nil && run.Kind == yaml.MappingNode {
				k, run = lookupKV(run, "command")
			}
			if run != nil && run.Kind == yaml.ScalarNode {
				out = append(out, inJob(job, scriptInstalls(k, run, lines))...)
			}
		}
	}
	for _, section := range []string{"commands", "jobs"} {
		m := lookup(top, section)
		if m == nil || m.Kind != yaml.MappingNode {
			continue
		}
		for i := 1; i < len(m.Content); i += 2 {
			job := ""
			if section == "jobs" {
				job = m.Content[i-1].Value
			}
			steps(job, m.Content[i])
		}
	}
	return out, nil
}

// parseTravis returns the packages .travis.yml installs: the apt addon's
// packages, and apt commands in the before_install, install, before_script
// and script phases, at the top level and in each entry of jobs.include
// (or matrix.include). Travis names no job a run could be matched with, so
// every package counts for every job.
func parseTravis(file string, src []byte) ([]aptInstall, error) {
	top, lines, err := parseYAML(file, "Travis CI configuration", src)
	if top == nil || err != nil {
		return nil, err
	}
	var out []aptInstall
	phases := func(m *yaml.Node) {
		for _, key := range []string{"before_install", "install", "before_script", "script"} {
			k, v := lookupKV(m, key)
			out = append(out, scriptInstalls(k, v, lines)...)
		}
		apt := lookup(lookup(m, "addons"), "apt")
		pkgs := apt
		if apt != nil && apt.Kind == yaml.MappingNode {
			pkgs = lookup(apt, "packages")
		}
		if pkgs != nil && pkgs.Kind == yaml.SequenceNode {
			for _, n := range pkgs.Content {
				if n = deref(n); n.Kind == yaml.ScalarNode {
					if p, ok := parseAptArg(n.Value); ok {
						p.line = n.Line
						out = append(out, p)
					}
				}
			}
		}
	}
	phases(top)
	for _, section := range []string{"jobs", "matrix"} {
		inc := lookup(lookup(top, section), "include")
		if inc == nil || inc.Kind != yaml.SequenceNode {
			continue
		}
		for _, m := range inc.Content {
			phases(m)
		}
	}
	return out, nil
}

// scriptInstalls returns the packages a CI script installs: a scalar, or a
// sequence of them (nested sequences, which YAML anchors produce, are
// flattened), each with its lines in the file. key is the mapping key the
// script is the value of.
func scriptInstalls(key, n *yaml.Node, lines []string) []aptInstall {
	n = deref(n)
	if n == nil {
		return nil
	}
	var out []aptInstall
	switch n.Kind {
	case yaml.ScalarNode:
		for _, cmd := range scalarScript(key, n, lines).commands() {
			out = append(out, installs(cmd)...)
		}
	case yaml.SequenceNode:
		// A block scalar item's content is indented more than its
		// dash, where the sequence starts.
		for _, item := range n.Content {
			out = append(out, scriptInstalls(n, item, lines)...)
		}
	}
	return out
}

// ciVariables are the variables runningCI reads.
var ciVariables = []string{"GITHUB_ACTIONS", "GITHUB_JOB", "GITHUB_WORKFLOW_REF", "GITLAB_CI", "CI_JOB_NAME", "CIRCLECI", "CIRCLE_JOB", "TRAVIS"}

// OutsideCI returns environ without the variables by which envaudit
// knows the CI service and job it runs in: the environment of a run
// outside CI, for a benchmark or a corpus whose judgments must not take
// this machine's own CI job for one of the projects'.
func OutsideCI(environ []string) []string {
	var out []string
	for _, kv := range environ {
		k, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(ciVariables, k) {
			out = append(out, kv)
		}
	}
	return out
}

// runningCI names the CI service and the job that environ shows envaudit
// runs in, and, for GitHub Actions, the workflow file the job is defined
// in (from GITHUB_WORKFLOW_REF, "owner/repo/.github/workflows/ci.yml@ref");
// all "" outside CI.
func runningCI(environ []string) (ci, job, workflow string) {
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v
		}
	}
	switch {
	case env["GITHUB_ACTIONS"] == "true" || env["GITHUB_JOB"] != "":
		ref, _, _ := strings.Cut(env["GITHUB_WORKFLOW_REF"], "@")
		if i := strings.Index(ref, "/.github/workflows/"); i >= 0 {
			workflow = ref[i+1:]
		}
		return ciGitHub, env["GITHUB_JOB"], workflow
	case env["GITLAB_CI"] == "true":
		return ciGitLab, env["CI_JOB_NAME"], ""
	case env["CIRCLECI"] == "true":
		return ciCircle, env["CIRCLE_JOB"], ""
	case env["TRAVIS"] == "true":
		return ciTravis, "", ""
	}
	return "", "", ""
}

// applies says whether a declaration made in file, by the CI job job ("":
// every job, or no CI file), is one for this run, running in the CI
// service ci's job running (from the workflow file workflow, for GitHub
// Actions), and why not when it is not. Outside CI every declaration
// applies: nothing says which job the machine stands for.
func applies(file, job, ci, running, workflow string) (bool, string) {
	own := ciOf(file)
	switch {
	case own == "" || ci == "":
		return true, ""
	case own != ci:
		return false, fmt.Sprintf("installed by %s (%s), and this run is in %s", own, file, ci)
	case ci == ciGitHub && workflow != "" && path.Clean(workflow) != file:
		return false, fmt.Sprintf("installed by %s, and this run is a job of %s", file, workflow)
	case job != "" && running != "" && job != running:
		return false, fmt.Sprintf("installed by job %q of %s, and this run is job %q", job, file, running)
	}
	return true, ""
}
