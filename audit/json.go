package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			return nil, fmt.Errorf("%s:%d: %w", name, lineAt(data, syn.Offset), err)
		case errors.As(err, &typ):
			return nil, fmt.Errorf("%s:%d: %w", name, lineAt(data, typ.Offset), err)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if r.SchemaVersion != SchemaVersion {
		return nil, fmt.Errorf("%s: not an envaudit report of schema version %d (schemaVersion is %d)", name, SchemaVersion, r.SchemaVersion)
	}
	return &r, nil
}

// lineAt returns the 1-based line of a byte offset.
func lineAt(data []byte, off int64) int {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	return 1 + bytes.Count(data[:off], []byte("\n"))
}
