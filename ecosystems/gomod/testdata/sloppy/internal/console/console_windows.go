package console

import "github.com/inconshreveable/mousetrap"

// StartedByExplorer reports whether Explorer started the program.
func StartedByExplorer() bool { return mousetrap.StartedByExplorer() }
