package sbom

import (
	"bytes"
	"io"
)

// IsBOM reports whether r starts like a CycloneDX BOM, in JSON or XML, so
// that a front end may replace the file without losing anything of the
// user's: the bomFormat field or the XML namespace within its first 4 KiB.
func IsBOM(r io.Reader) bool {
	head := make([]byte, 4096)
	n, _ := io.ReadFull(r, head)
	head = head[:n]
	return bytes.Contains(head, []byte(`"bomFormat": "CycloneDX"`)) || bytes.Contains(head, []byte(`"bomFormat":"CycloneDX"`)) ||
		bytes.Contains(head, []byte("http://cyclonedx.org/schema/bom/"))
}
