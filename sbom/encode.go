package sbom

import (
	"fmt"
	"io"

	cdx "github.com/CycloneDX/cyclonedx-go"

	"github.com/envaudit/envaudit/audit"
)

// Encode writes a stamped BOM as a CycloneDX 1.6 document in format
// (pretty JSON, or XML; "" is JSON).
func Encode(w io.Writer, bom *cdx.BOM, format Format) error {
	return EncodeSpec(w, bom, format, Spec16)
}

// EncodeSpec is Encode in the CycloneDX version spec (Spec16, Spec17).
func EncodeSpec(w io.Writer, bom *cdx.BOM, format Format, spec string) error {
	f := cdx.BOMFileFormatJSON
	switch format {
	case "", FormatJSON:
	case FormatXML:
		f = cdx.BOMFileFormatXML
	default:
		return fmt.Errorf("unknown SBOM format %q (want json or xml)", format)
	}
	// The library builds 1.7 documents by default; EncodeVersion converts a
	// copy and sets $schema and the XML namespace for the version asked
	// (for 1.6, dropping what 1.7 added: the citations).
	enc := cdx.NewBOMEncoder(w, f).SetPretty(true).SetEscapeHTML(false)
	if err := enc.EncodeVersion(bom, cdxSpec(spec)); err != nil {
		return fmt.Errorf("encode SBOM: %w", err)
	}
	return nil
}

// Write is the whole SBOM of a report, as a front end writes it: the
// report's facts as opts shape them (Generate), stamped with env (Stamp),
// encoded in format (Encode).
func Write(w io.Writer, r *audit.Report, opts Options, env Envelope, format Format) error {
	facts, err := Generate(r, opts)
	if err != nil {
		return err
	}
	bom, err := Stamp(facts, env)
	if err != nil {
		return err
	}
	return EncodeSpec(w, bom, format, env.Spec)
}
