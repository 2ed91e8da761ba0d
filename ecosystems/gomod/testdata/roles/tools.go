//go:build tools

// The tools idiom: the module requires the programs its go:generate
// lines run, and go test never builds this file.
package roles

import _ "golang.org/x/tools/cmd/stringer"
