package audit

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/envaudit/envaudit/internal/posdoc"
)

// WriteJSON writes r as indented JSON (schema version 1), with a final
// newline. HTML characters are not escaped: the report is data, and "->"
// or "<pkg>" in a message should read as written.
func (r *Report) WriteJSON(w io.Writer) error {
	return writeJSON(w, r)
}

// ReadReport reads a report written by WriteJSON. name is used in errors,
// which carry the line: `a.json:3: invalid character '}' ...`.
func ReadReport(rd io.Reader, name string) (*Report, error) {
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, fmt.Errorf("read %q: %w", name, err)
	}
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		if p, ok := posdoc.JSONErrorPos(data, err); ok {
			return nil, fmt.Errorf("%s:%d: %w", name, p.Line, err)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if r.SchemaVersion != SchemaVersion {
		return nil, fmt.Errorf("%s: not an envaudit report of schema version %d (schemaVersion is %d)", name, SchemaVersion, r.SchemaVersion)
	}
	return &r, nil
}
