package audit

import "io"

// IsReport reports whether r holds a report WriteJSON wrote (of this
// schema version), so that a front end may replace it without losing
// anything of the user's.
func IsReport(r io.Reader) bool {
	_, err := ReadReport(r, "")
	return err == nil
}
