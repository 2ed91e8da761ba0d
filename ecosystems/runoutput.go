package ecosystems

// RunOutputReader is implemented by projects whose evidence rests, in
// part, on what the traced run itself produces, so that it cannot be read
// before the run.
//
// Everything else is read before the traced command runs: the project's
// code is a pull request's, and a test that rewrote its own sources (an
// import deleted after loading) or the installation (a package.json
// rewritten to another version) must not change what envaudit reads. The
// front end takes the imports (Importer) and enumerates D2 (Installed,
// with an Env holding only the environment) before the run; after it, it
// enumerates D2 again with the run's evidence and reports every package
// whose metadata changed in between, keeping what was installed before.
type RunOutputReader interface {
	// ReadsRunOutput says which of the project's evidence the run
	// produces.
	ReadsRunOutput() RunOutput
}

// RunOutput names the evidence a project reads from what the traced run
// produced.
type RunOutput struct {
	// Installed: D2 is what the run's build resolved or wrote (Maven's
	// resolution, the module graph go resolves, the Cargo.lock cargo
	// writes, the CMake build directories the run configured), so it is
	// enumerated after the run only and not checked for changes.
	Installed bool
	// Imports: the imports are read from what the run built (the class
	// files Maven compiles), so they are taken after the run.
	Imports bool
}

// ReadsRunOutput returns what p reads from the run's output: nothing
// unless p implements RunOutputReader.
func ReadsRunOutput(p Project) RunOutput {
	if r, ok := p.(RunOutputReader); ok {
		return r.ReadsRunOutput()
	}
	return RunOutput{}
}
