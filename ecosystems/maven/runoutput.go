package maven

import "github.com/envaudit/envaudit/ecosystems"

var _ ecosystems.RunOutputReader = (*project)(nil)

// ReadsRunOutput says that both D2 and the imports come from the run:
// D2 is Maven's resolution with the class-load logs the run's JVMs wrote,
// and the imports are read from the class files the build compiled.
func (*project) ReadsRunOutput() ecosystems.RunOutput {
	return ecosystems.RunOutput{Installed: true, Imports: true}
}
