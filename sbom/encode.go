package sbom

import (
	"fmt"
	"io"

	cdx "github.com/CycloneDX/cyclonedx-go"
)

// Encode writes a stamped BOM as a CycloneDX 1.6 document in format
// (pretty JSON, or XML; "" is JSON).
func Encode(w io.Writer, bom *cdx.BOM, format Format) error {
	f := cdx.BOMFileFormatJSON
	switch format {
	case "", FormatJSON:
	case FormatXML:
		f = cdx.BOMFileFormatXML
	default:
		return fmt.Errorf("unknown SBOM format %q (want json or xml)", format)
	}
	// The library builds 1.7 documents by default; EncodeVersion converts a
	// copy and sets $schema and the XML namespace for 1.6.
	enc := cdx.NewBOMEncoder(w, f).SetPretty(true).SetEscapeHTML(false)
	if err := enc.EncodeVersion(bom, cdx.SpecVersion1_6); err != nil {
		return fmt.Errorf("encode SBOM: %w", err)
	}
	return nil
}
