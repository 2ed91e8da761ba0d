// Package all owns the list of every ecosystem envaudit audits. It is the
// only package that imports the ecosystem subpackages; adding an ecosystem
// adds one line here.
package all

import (
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/cargo"
	"github.com/envaudit/envaudit/ecosystems/cmake"
	"github.com/envaudit/envaudit/ecosystems/gomod"
	"github.com/envaudit/envaudit/ecosystems/maven"
	"github.com/envaudit/envaudit/ecosystems/npm"
	"github.com/envaudit/envaudit/ecosystems/python"
	"github.com/envaudit/envaudit/ecosystems/system"
)

// Ecosystems returns every ecosystem, in the order reports list them.
func Ecosystems() []ecosystems.Ecosystem {
	return []ecosystems.Ecosystem{
		npm.New(),
		python.New(),
		maven.New(),
		gomod.New(),
		cargo.New(),
		cmake.New(),
		system.New(),
	}
}
