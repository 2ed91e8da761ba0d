package action

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/policy"
	"github.com/envaudit/envaudit/sbom"
)

// setup is the first phase: it reads the inputs and the GitHub context,
// masks the token, and, before anything of the project runs, protects the
// process and records the step's file commands; in every mode but
// baseline and study it then reads .envaudit.yml (in publish mode the
// publishing workflow's checkout's, never the pull request's; the token's
// holder of mode single on a pull request reads none), and in audit mode
// it makes the bundle's directory.
func (r *run) setup() error {
	in, err := ghaction.ReadInputs(r.getenv)
	// What could be read says, even with an error, whether that error is
	// annotated and summarised.
	r.in = in
	if err != nil {
		return err
	}
	if in.Token != "" {
		r.gh.AddMask(in.Token)
	}
	if r.temp = r.getenv("RUNNER_TEMP"); r.temp == "" {
		r.temp = os.TempDir()
	}
	// The SBOM is written by default where the audit runs, for the
	// artifact action.yml uploads.
	if in.SBOM == "" && (in.Mode == ghaction.ModeAudit || in.Mode == ghaction.ModeSingle) {
		name := "envaudit.cdx.json"
		if in.SBOMFormat == sbom.FormatXML {
			name = "envaudit.cdx.xml"
		}
		in.SBOM = filepath.Join(r.temp, name)
		r.in.SBOM = in.SBOM
	}
	if in.SBOM != "" {
		if r.epoch, err = sbom.SourceDateEpoch(r.getenv); err != nil {
			return err
		}
	}
	// Context returns what it could read even with an error.
	if r.ghctx, err = r.gh.Context(); err != nil {
		r.gh.Warningf("envaudit: reading the GitHub context: %v", err)
	}
	if err := r.paths(); err != nil {
		return err
	}

	// The traced command is the pull request's code, and so are the tools
	// the ecosystems ask about the installation (a project's own
	// interpreter, Maven's plugins): they get neither the token nor the
	// runner's other credentials nor its file commands.
	r.untrusted = ghaction.FilterEnviron(r.environ, in.Token)
	keep := r.untrusted
	if in.Mode == ghaction.ModeSingle {
		// The token's holder keeps no more than its audit child gets.
		r.child = r.childEnviron()
		keep = r.child
	}
	// Nor may a program they plant, on PATH or in the workspace, run as
	// one of envaudit's tools: the tools are found now.
	r.tools = r.newTools()
	if r.git == nil {
		r.git = resolvedGit(r.tools)
	}
	// Nor may they read the token from envaudit's own process.
	if r.a.Protect != nil {
		if err := r.a.Protect(keep); err != nil {
			return fmt.Errorf("hiding the token from the test command: %w", err)
		}
	}
	// The eBPF tracer's loader goes through sudo, started now, before
	// anything of the project's runs, and after Protect has wiped the
	// token from the initial environment block (which needs envaudit
	// still dumpable; starting the loader makes it non-dumpable). The
	// programs envaudit runs get no_new_privs each, envaudit itself not,
	// so sudo may still gain root here. The loader runs nothing of the
	// project's.
	if in.Mode == ghaction.ModeAudit && in.Backend != "ptrace" && r.a.StartLoader != nil {
		r.loader, r.loaderErr = r.a.StartLoader()
		if r.loaderErr != nil && in.Backend == "ebpf" {
			return fmt.Errorf("backend ebpf: %w", r.loaderErr)
		}
	}
	// Nor may they write the step's file commands, which the runner
	// keeps where they can list them: recorded now, put back once nothing
	// of the project runs any more (before envaudit writes its own), or on
	// the way out of an early return.
	if r.guard, err = guardFileCommands(r.getenv); err != nil {
		return err
	}

	// The token's holder of mode single reads nothing the pull request
	// controls: on a pull request its gate is the base commit's
	// .envaudit.yml, read through the API once the child is done.
	holderOfPR := in.Mode == ghaction.ModeSingle && ghaction.PullRequestFromEvent(r.ghctx.Event) != nil
	if holderOfPR {
		r.cfg = &policy.Config{}
	} else if in.Mode != ghaction.ModeBaseline && in.Mode != ghaction.ModeStudy {
		if r.cfg, err = loadConfig(r.absDir, r.workspace, r.a.Ecosystems); err != nil {
			return err
		}
	}
	if in.Mode == ghaction.ModeAudit {
		// Made now: the output paths are checked before the test command
		// runs.
		if err := os.MkdirAll(r.bundleDir, 0o700); err != nil {
			return fmt.Errorf("bundle: %w", err)
		}
	}
	return nil
}

// paths works out the directories the run works in: the project's, the
// repository's (the workspace), the runner's temporary one, and where the
// baseline is.
func (r *run) paths() error {
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	r.workspace = resolved(r.ghctx.Workspace)
	if r.workspace == "" {
		r.workspace = resolved(cwd)
	}
	r.dir = r.in.WorkingDirectory
	if r.dir == "" {
		r.dir = "."
	}
	r.absDir = r.dir
	if !filepath.IsAbs(r.absDir) {
		r.absDir = filepath.Join(cwd, r.dir)
	}
	r.absDir = resolved(r.absDir)
	r.prefix = audit.RepoPrefix(r.workspace, r.absDir)
	if r.bundleDir = r.in.Bundle; r.bundleDir == "" {
		r.bundleDir = filepath.Join(r.temp, "envaudit-bundle")
	}
	if r.baselinePath = r.in.Baseline; r.baselinePath == "" {
		r.baselinePath = filepath.Join(r.temp, "envaudit-baseline.json")
	}
	if r.in.Mode == ghaction.ModeStudy {
		r.reportsDir = r.inWorkspace(r.in.Reports)
		if r.studyDir = r.in.Study; r.studyDir == "" {
			r.studyDir = filepath.Join(r.temp, "envaudit-study")
		}
		r.studyDir = r.inWorkspace(r.studyDir)
	}
	return nil
}

// inWorkspace returns the path p of an input, relative to the workspace
// unless absolute, as an absolute path.
func (r *run) inWorkspace(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(r.workspace, p)
}

// restore puts the step's file commands back as they were before the
// project's code ran, once: a later call does nothing. What the code had
// changed is warned about, and returned for the report's warnings too.
func (r *run) restore() (warning string, err error) {
	if r.guard == nil || r.restored {
		return "", nil
	}
	r.restored = true
	r.endLeftovers()
	tampered, err := r.guard.restore()
	if len(tampered) > 0 {
		warning = tamperedMessage(tampered)
		r.gh.Warningf("envaudit: %s", warning)
	}
	if err != nil {
		r.restoreErr = fmt.Errorf("the step's file commands could not be restored, so its outputs and later steps' environment may be forged: %w", err)
		return warning, r.restoreErr
	}
	return warning, nil
}

// endLeftovers ends what the programs envaudit ran left running
// (Action.EndLeftovers): the traced command's descendants are gone
// already, but a tool's daemon could still rewrite the file commands once
// they are restored.
func (r *run) endLeftovers() {
	if r.a.EndLeftovers == nil {
		return
	}
	killed, err := r.a.EndLeftovers()
	if len(killed) > 0 {
		r.gh.Warningf("envaudit: ended %d %s that the programs envaudit ran left running (pids %v)", len(killed), plural(len(killed), "process", "processes"), killed)
	}
	if err != nil {
		r.gh.Warningf("envaudit: %v", err)
		r.survivors = true
	}
}

// recheck checks the file commands once more, just before envaudit exits:
// every process of the project's is gone by now (the tracer killed what
// the test command left), so a file that no longer holds what it held
// before plus what envaudit wrote means one survived. Such a file is put
// back again, and the step fails.
func (r *run) recheck() error {
	if r.guard == nil || !r.restored {
		return nil
	}
	tampered, err := r.guard.restore()
	var errs []error
	if len(tampered) > 0 {
		errs = append(errs, errors.New(lateTamperMessage(tampered)))
	}
	if err != nil {
		errs = append(errs, fmt.Errorf("the step's file commands could not be put back: %w", err))
	}
	if r.survivors {
		errs = append(errs, errors.New("processes the test command started may still be running (envaudit could not make sure they were all ended), and could change the step's outputs and the environment of later steps after envaudit exits"))
	}
	return errors.Join(errs...)
}

// loadConfig reads .envaudit.yml from the project directory, else from
// the repository root, naming it relative to the repository in errors;
// its ecosystem names must be those of ecos.
func loadConfig(dir, workspace string, ecos []ecosystems.Ecosystem) (*policy.Config, error) {
	names := ecosystems.Names(ecos)
	for _, d := range []string{dir, workspace} {
		p := filepath.Join(d, policy.ConfigFile)
		if _, err := os.Stat(p); err != nil {
			continue
		}
		name := policy.ConfigFile
		if rel := audit.RepoPrefix(workspace, d); rel != "" {
			name = rel + "/" + name
		}
		return policy.LoadConfig(p, name, names)
	}
	return &policy.Config{}, nil
}

// resolved returns p with its symbolic links resolved, or cleaned when
// they cannot be; "" stays "".
func resolved(p string) string {
	if p == "" {
		return ""
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}
