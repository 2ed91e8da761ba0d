package gomod

import "github.com/envaudit/envaudit/ecosystems"

var _ ecosystems.RunOutputReader = (*project)(nil)

// ReadsRunOutput says that D2 comes from the run: it is the module graph
// the go command resolves for the build the run did. The imports are the
// packages' own (go list), read before the run.
func (*project) ReadsRunOutput() ecosystems.RunOutput {
	return ecosystems.RunOutput{Installed: true}
}
