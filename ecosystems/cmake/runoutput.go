package cmake

import "github.com/envaudit/envaudit/ecosystems"

var _ ecosystems.RunOutputReader = (*project)(nil)

// ReadsRunOutput says that D2 comes from the run: the build directories
// (CMakeCache.txt, _deps) are found through the programs the run
// executed, and a fresh checkout has none before the run configures one.
func (*project) ReadsRunOutput() ecosystems.RunOutput {
	return ecosystems.RunOutput{Installed: true}
}
