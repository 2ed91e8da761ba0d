package cargo

import "github.com/envaudit/envaudit/ecosystems"

var _ ecosystems.RunOutputReader = (*project)(nil)

// ReadsRunOutput says that D2 comes from the run: it is the Cargo.lock
// that cargo writes when the run builds, with rustc's unused-crate lint
// from the run's scratch directory.
func (*project) ReadsRunOutput() ecosystems.RunOutput {
	return ecosystems.RunOutput{Installed: true}
}
