// Package sbomtest owns validating CycloneDX 1.6 documents against the
// official schemas in tests: JSON with a Go JSON-schema validator, XML with
// xmllint. The schemas are embedded (see schemas/README.md), so validation
// needs no network and no file outside the repository.
package sbomtest

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

//go:embed schemas/*.json schemas/*.xsd
var schemas embed.FS

// schemaBase is where the CycloneDX JSON schemas say they live; their
// relative $refs resolve against it, so registering every file under it
// keeps the compiler from fetching anything.
const schemaBase = "http://cyclonedx.org/schema/"

var compiled = sync.OnceValues(func() (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	for _, name := range []string{"bom-1.6.schema.json", "spdx.schema.json", "jsf-0.82.schema.json"} {
		data, err := schemas.ReadFile("schemas/" + name)
		if err != nil {
			return nil, err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("parse %q: %w", name, err)
		}
		if err := c.AddResource(schemaBase+name, doc); err != nil {
			return nil, fmt.Errorf("add %q: %w", name, err)
		}
	}
	return c.Compile(schemaBase + "bom-1.6.schema.json")
})

// ValidateJSON validates a CycloneDX JSON document against the 1.6 schema.
func ValidateJSON(data []byte) error {
	sch, err := compiled()
	if err != nil {
		return fmt.Errorf("compile CycloneDX 1.6 schema: %w", err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("parse SBOM: %w", err)
	}
	return sch.Validate(inst)
}

// ErrNoXmllint is returned by ValidateXML when xmllint is not installed.
var ErrNoXmllint = errors.New("xmllint not found in PATH: run `make setup` (it installs Debian's libxml2-utils)")

// ValidateXML validates a CycloneDX XML document against the 1.6 XSD with
// xmllint.
func ValidateXML(data []byte) error {
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		return ErrNoXmllint
	}
	dir, err := os.MkdirTemp("", "sbomtest")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	// bom-1.6.xsd imports spdx.xsd by a relative schemaLocation.
	for _, name := range []string{"bom-1.6.xsd", "spdx.xsd"} {
		b, err := schemas.ReadFile("schemas/" + name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	doc := filepath.Join(dir, "bom.xml")
	if err := os.WriteFile(doc, data, 0o644); err != nil {
		return err
	}
	out, err := exec.Command(xmllint, "--noout", "--nonet", "--schema", filepath.Join(dir, "bom-1.6.xsd"), doc).CombinedOutput()
	if err != nil {
		return fmt.Errorf("xmllint: %w\n%s", err, out)
	}
	return nil
}
