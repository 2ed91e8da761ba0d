// Package sbomtest owns validating CycloneDX 1.6 and 1.7 documents against the
// official schemas in tests: JSON with a Go JSON-schema validator, XML with
// xmllint, and in both the unique bom-refs the schemas cannot require. The schemas are embedded (see schemas/README.md), so validation
// needs no network and no file outside the repository.
package sbomtest

import (
	"bytes"
	"embed"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

//go:embed schemas/*.json schemas/*.xsd
var schemas embed.FS

// schemaBase is where the CycloneDX JSON schemas say they live; their
// relative $refs resolve against it, so registering every file under it
// keeps the compiler from fetching anything.
const schemaBase = "http://cyclonedx.org/schema/"

// compile compiles the JSON schema of a CycloneDX version ("1.6",
// "1.7"), with the schemas it refers to.
func compile(version string) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	for _, name := range []string{"bom-" + version + ".schema.json", "spdx.schema.json", "jsf-0.82.schema.json", "cryptography-defs.schema.json"} {
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
	return c.Compile(schemaBase + "bom-" + version + ".schema.json")
}

var compiled = map[string]func() (*jsonschema.Schema, error){
	"1.6": sync.OnceValues(func() (*jsonschema.Schema, error) { return compile("1.6") }),
	"1.7": sync.OnceValues(func() (*jsonschema.Schema, error) { return compile("1.7") }),
}

// ValidateJSON validates a CycloneDX JSON document against the schema of
// its specVersion (1.6 or 1.7; another is an error), and checks what the
// schema cannot express: every bom-ref is unique in the document, and
// every dependency entry (its ref and each ref it depends on) names one
// of them.
func ValidateJSON(data []byte) error {
	var head struct {
		SpecVersion string `json:"specVersion"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return fmt.Errorf("parse SBOM: %w", err)
	}
	schema, ok := compiled[head.SpecVersion]
	if !ok {
		return fmt.Errorf("specVersion %q: only 1.6 and 1.7 are validated here", head.SpecVersion)
	}
	sch, err := schema()
	if err != nil {
		return fmt.Errorf("compile CycloneDX %s schema: %w", head.SpecVersion, err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("parse SBOM: %w", err)
	}
	if err := sch.Validate(inst); err != nil {
		return err
	}
	return checkRefs(inst)
}

// checkRefs checks the bom-refs of a decoded JSON document (see
// ValidateJSON).
func checkRefs(doc any) error {
	refs := map[string]bool{}
	var dup []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if r, ok := v["bom-ref"].(string); ok {
				if refs[r] {
					dup = append(dup, r)
				}
				refs[r] = true
			}
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(v[k])
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(doc)
	if len(dup) > 0 {
		return fmt.Errorf("bom-refs not unique: %q", dup)
	}
	top, _ := doc.(map[string]any)
	deps, _ := top["dependencies"].([]any)
	var dangling []string
	for _, d := range deps {
		d, _ := d.(map[string]any)
		r, _ := d["ref"].(string)
		if !refs[r] {
			dangling = append(dangling, r)
		}
		on, _ := d["dependsOn"].([]any)
		for _, o := range on {
			if o, _ := o.(string); !refs[o] {
				dangling = append(dangling, o)
			}
		}
	}
	if len(dangling) > 0 {
		return fmt.Errorf("dependencies name no bom-ref: %q", dangling)
	}
	return nil
}

// ErrNoXmllint is returned by ValidateXML when xmllint is not installed.
var ErrNoXmllint = errors.New("xmllint not found in PATH: run `make setup` (it installs Debian's libxml2-utils)")

// ValidateXML validates a CycloneDX XML document against the XSD of its
// namespace (1.6 or 1.7) with xmllint, and checks that every bom-ref
// attribute is unique in it.
func ValidateXML(data []byte) error {
	if err := uniqueXMLRefs(data); err != nil {
		return err
	}
	version := ""
	for _, v := range []string{"1.6", "1.7"} {
		if bytes.Contains(data, []byte(`"http://cyclonedx.org/schema/bom/`+v+`"`)) {
			version = v
		}
	}
	if version == "" {
		return errors.New("not a CycloneDX 1.6 or 1.7 XML document (no such namespace)")
	}
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		return ErrNoXmllint
	}
	dir, err := os.MkdirTemp("", "sbomtest")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	// bom-1.6.xsd imports spdx.xsd by a relative schemaLocation; bom-1.7.xsd
	// by its URL, which the copy written here points at the file beside
	// it, so xmllint --nonet finds it.
	xsd := "bom-" + version + ".xsd"
	for _, name := range []string{xsd, "spdx.xsd"} {
		b, err := schemas.ReadFile("schemas/" + name)
		if err != nil {
			return err
		}
		b = bytes.ReplaceAll(b, []byte(`schemaLocation="http://cyclonedx.org/schema/spdx"`), []byte(`schemaLocation="spdx.xsd"`))
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	doc := filepath.Join(dir, "bom.xml")
	if err := os.WriteFile(doc, data, 0o644); err != nil {
		return err
	}
	out, err := exec.Command(xmllint, "--noout", "--nonet", "--schema", filepath.Join(dir, xsd), doc).CombinedOutput()
	if err != nil {
		return fmt.Errorf("xmllint: %w\n%s", err, out)
	}
	return nil
}

// uniqueXMLRefs checks that no two elements of an XML document carry the
// same bom-ref attribute.
func uniqueXMLRefs(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	refs := map[string]bool{}
	var dup []string
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("parse SBOM: %w", err)
		}
		if el, ok := tok.(xml.StartElement); ok {
			for _, a := range el.Attr {
				if a.Name.Local == "bom-ref" {
					if refs[a.Value] {
						dup = append(dup, a.Value)
					}
					refs[a.Value] = true
				}
			}
		}
	}
	if len(dup) > 0 {
		return fmt.Errorf("bom-refs not unique: %q", dup)
	}
	return nil
}
