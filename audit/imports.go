package audit

import (
	"fmt"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// maxFindingImports caps the imports quoted as evidence in one finding.
const maxFindingImports = 5

// imports is what the project's own sources import, by package: who
// needed a package, the project's code, its tests, or neither.
type imports struct {
	// known says the ecosystem read the project's imports; without them
	// no direct, untested, dev-only or missing finding can be told.
	known bool
	// complete says every source file was read: only then is the absence
	// of an import evidence that the code does not need a package.
	complete bool
	files    int
	code     map[string][]ecosystems.Import // non-test files, kinds runtime and optional
	test     map[string][]ecosystems.Import // test files, kinds runtime and optional
	compile  map[string][]ecosystems.Import // kind compile, any file
	platform map[string][]ecosystems.Import // kind platform, any file
	// required are the runtime imports of non-test files: the ones whose
	// package a clean install must provide.
	required map[string][]ecosystems.Import
	// tool are the imports of tooling files (Import.Tool): maintainer
	// scripts, examples, tools' configuration. They never gate.
	tool map[string][]ecosystems.Import
}

func newImports(in *ecosystems.Imports) imports {
	im := imports{
		code: map[string][]ecosystems.Import{}, test: map[string][]ecosystems.Import{},
		compile: map[string][]ecosystems.Import{}, platform: map[string][]ecosystems.Import{},
		required: map[string][]ecosystems.Import{}, tool: map[string][]ecosystems.Import{},
	}
	if in == nil {
		return im
	}
	im.known, im.complete, im.files = true, len(in.Warnings) == 0, in.Files
	for _, i := range in.List {
		if i.Package == "" {
			// Nothing installed provides it and its name does not say
			// which package would: no finding can name it.
			continue
		}
		switch {
		case i.Tool != "":
			im.tool[i.Package] = append(im.tool[i.Package], i)
		case i.Kind == ecosystems.ImportPlatform:
			im.platform[i.Package] = append(im.platform[i.Package], i)
		case i.Kind == ecosystems.ImportCompile:
			im.compile[i.Package] = append(im.compile[i.Package], i)
		case i.Test:
			im.test[i.Package] = append(im.test[i.Package], i)
		default:
			im.code[i.Package] = append(im.code[i.Package], i)
			if i.Kind != ecosystems.ImportOptional {
				im.required[i.Package] = append(im.required[i.Package], i)
			}
		}
	}
	return im
}

// byCode reports whether the project's own non-test code needs name at
// run time or to build, on this platform.
func (im imports) byCode(name string) bool {
	return len(im.code[name]) > 0 || len(im.compile[name]) > 0
}

// evidence is the imports quoted for a finding, capped.
func importEvidence(is []ecosystems.Import) []ecosystems.Import {
	if len(is) > maxFindingImports {
		is = is[:maxFindingImports]
	}
	return append([]ecosystems.Import(nil), is...)
}

// importedAt renders the first import and how many others there are:
// `src/db.js:3 ("mongodb")`, `... and 2 more imports`.
func importedAt(is []ecosystems.Import) string {
	s := fmt.Sprintf("%s (%q)", is[0].Pos, is[0].Module)
	if len(is) > 1 {
		s += fmt.Sprintf(" and %d more %s", len(is)-1, plural(len(is)-1, "import", "imports"))
	}
	return s
}

// evidenceLine says, for the report's evidence, whether the imports of
// the project's own sources were read.
func (im imports) evidenceLine() string {
	if !im.known {
		return "the project's own imports were not read (no direct, untested or missing finding can be told)"
	}
	s := fmt.Sprintf("imports of %d project source %s read", im.files, plural(im.files, "file", "files"))
	if !im.complete {
		s += " (some could not be read, so a package no import names may still be needed)"
	}
	return s
}

// withEvidence appends the import evidence line to the ecosystem's basis.
func withEvidence(basis, line string) string {
	if basis == "" {
		return line
	}
	return strings.TrimSuffix(basis, ".") + "; " + line
}
