package ghaction

import (
	"encoding/json"
	"io"
)

// IsSARIF reports whether r holds a SARIF 2.1.0 log, so that a front end
// may replace the file without losing anything of the user's.
func IsSARIF(r io.Reader) bool {
	var doc struct {
		Version string            `json:"version"`
		Runs    []json.RawMessage `json:"runs"`
	}
	return json.NewDecoder(r).Decode(&doc) == nil && doc.Version == "2.1.0"
}
