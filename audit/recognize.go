package audit

import (
	"io"

	"github.com/envaudit/envaudit/internal/outfile"
)

// ReportFormat is the JSON report as an output file: one a front end may
// replace (outfile.Check).
var ReportFormat = outfile.Format{Name: "report", Recognize: IsReport}

// ReportFile is the output file at path, which the flag or input label
// names, that r's JSON report is written to; "" writes none.
func ReportFile(label, path string, r *Report) outfile.File {
	return outfile.File{Label: label, Path: path, Format: ReportFormat, Write: r.WriteJSON}
}

// IsReport reports whether r holds a report WriteJSON wrote (of this
// schema version), so that a front end may replace it without losing
// anything of the user's.
func IsReport(r io.Reader) bool {
	_, err := ReadReport(r, "")
	return err == nil
}
