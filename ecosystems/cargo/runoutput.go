package cargo

import "github.com/envaudit/envaudit/ecosystems"

var _ ecosystems.RunOutputReader = (*project)(nil)

// ReadsRunOutput says that D2 and the imports come from the run: D2 is
// the Cargo.lock that cargo writes when the run builds, with rustc's
// unused-crate lint from the run's scratch directory, and the imports are
// rustc's verdicts that envaudit's wrapper recorded there (Imports).
func (*project) ReadsRunOutput() ecosystems.RunOutput {
	return ecosystems.RunOutput{Installed: true, Imports: true}
}
