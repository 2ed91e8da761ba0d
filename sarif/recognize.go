package sarif

import (
	"encoding/json"
	"io"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/outfile"
)

// FileFormat is a SARIF log as an output file: one a front end may
// replace (outfile.Check).
var FileFormat = outfile.Format{Name: "sarif", Recognize: IsSARIF}

// File is the output file at path, which the flag or input label names,
// that the findings of r are written to as SARIF (Write); "" writes none.
func File(label, path string, r *audit.Report, opts Options) outfile.File {
	return outfile.File{Label: label, Path: path, Format: FileFormat, Write: func(w io.Writer) error { return Write(w, r, opts) }}
}

// IsSARIF reports whether r holds a SARIF 2.1.0 log, so that a front end
// may replace the file without losing anything of the user's.
func IsSARIF(r io.Reader) bool {
	var doc struct {
		Version string            `json:"version"`
		Runs    []json.RawMessage `json:"runs"`
	}
	return json.NewDecoder(r).Decode(&doc) == nil && doc.Version == "2.1.0"
}
