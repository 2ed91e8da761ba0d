package sbom

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Format is the encoding of an SBOM.
type Format string

// The SBOM encodings.
const (
	FormatJSON Format = "json"
	FormatXML  Format = "xml"
)

// ParseFormat parses the name of an SBOM encoding ("json" or "xml"; "" is
// JSON).
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "json", "cyclonedx-json":
		return FormatJSON, nil
	case "xml", "cyclonedx-xml":
		return FormatXML, nil
	}
	return "", fmt.Errorf("unknown SBOM format %q (want json or xml)", s)
}

// FormatOf returns the encoding a file name asks for: XML for names ending
// in ".xml", JSON otherwise.
func FormatOf(path string) Format {
	if strings.EqualFold(filepath.Ext(path), ".xml") {
		return FormatXML
	}
	return FormatJSON
}
