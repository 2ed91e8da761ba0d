package tracer

import (
	"bufio"
	"encoding/json"
	"io"
)

// IsTrace reports whether r starts like a trace WriteJSONL wrote: its
// first line is a header record of a known version. A front end may then
// replace the file without losing anything of the user's.
func IsTrace(r io.Reader) bool {
	line, err := bufio.NewReader(r).ReadBytes('\n')
	if err != nil && len(line) == 0 {
		return false
	}
	var h struct {
		Type    string `json:"type"`
		Version int    `json:"version"`
	}
	return json.Unmarshal(line, &h) == nil && h.Type == "header" && h.Version > 0
}
