package sbom

import (
	"bytes"
	"io"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/outfile"
)

// FileFormat is a CycloneDX BOM as an output file: one a front end may
// replace (outfile.Check).
var FileFormat = outfile.Format{Name: "sbom", Recognize: IsBOM}

// File is the output file at path, which the flag or input label names,
// that the SBOM of r is written to (Write): its facts as opts shape them,
// stamped with env and the tool that made r, in format, else in the
// format path's extension names (FormatOf); "" writes none. r is read
// only when the file is written, so a front end may check its outputs
// before it has a report.
func File(label, path string, r *audit.Report, opts Options, env Envelope, format Format) outfile.File {
	if format == "" {
		format = FormatOf(path)
	}
	return outfile.File{Label: label, Path: path, Format: FileFormat, Write: func(w io.Writer) error {
		env.Tool = r.Tool
		return Write(w, r, opts, env, format)
	}}
}

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
