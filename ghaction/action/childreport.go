package action

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/inert"
)

// holderFDVar tells mode single's audit child which of its file
// descriptors is the pipe to its holder: holderFD, the first of the
// files exec.Cmd passes on beyond the standard ones. An INPUT_ variable,
// so the traced command's environment never has it.
const holderFDVar = "INPUT_ENVAUDIT_HOLDER_FD"

// holderFD is the audit child's end of the pipe to its holder.
const holderFD = 3

// Caps on what the holder accepts from its child: the whole report, its
// errors, and each error's message and file.
const (
	maxChildReport  = 64 << 10
	maxChildErrors  = 16
	maxChildMessage = 2 << 10
	maxChildFile    = 1 << 10
)

// childReport is what mode single's audit child tells its holder, as one
// JSON object written when it exits, on a pipe that only the child
// holds: what went wrong, and the SHA-256 of the bundle it wrote.
//
// The child runs the pull request's code as the same user, and that
// code may write the directory the bundle goes to (a bundle of its own,
// or an error file) and kill the child; it cannot write the pipe. The
// child marks its end close-on-exec before it runs anything, so no
// program it starts inherits it, and the child is not dumpable
// (ProtectProcess), so no process of that user may open it through
// /proc. What the report says is still shown only as text (escaped, in
// an error annotation and the job summary), and decides nothing but
// which bundle is the child's: the holder fails the step whenever the
// child failed, said so, or vouches for no bundle, whatever the
// directory holds.
//
//	{"errors": [{"file": "app/package.json", "line": 3, "message": "..."}], "bundle": "<sha256 hex>"}
type childReport struct {
	// Errors are what the child would have annotated: each error of its
	// run, positioned where the error is (a manifest's line).
	Errors []childError `json:"errors,omitempty"`
	// Bundle is the SHA-256 (hex) of the bundle the child wrote, "" when
	// it wrote none.
	Bundle string `json:"bundle,omitempty"`
}

// childError is one error of the audit child.
type childError struct {
	// File and Line place the error in the project, as the child would
	// have placed its annotation: File relative to the working
	// directory; both zero for an error of no file.
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	// Message is the error without its position.
	Message string `json:"message"`
}

// add records err: each error of a joined one on its own, a positioned
// one with its file and line, within the caps the holder checks.
func (c *childReport) add(err error) {
	for _, e := range leafErrors(err) {
		if len(c.Errors) == maxChildErrors {
			return
		}
		// Placed as fail places the annotation of mode audit.
		ce := childError{Message: e.Error()}
		var pe *ecosystems.PosError
		if errors.As(e, &pe) && pe.Pos.Line >= 0 {
			if f := filepath.ToSlash(pe.Pos.File); childFile(f) {
				ce = childError{File: f, Line: pe.Pos.Line, Message: pe.Err.Error()}
			}
		}
		ce.Message = truncate(inert.Text(ce.Message), maxChildMessage)
		if ce.Message == "" {
			ce.Message = "error"
		}
		c.Errors = append(c.Errors, ce)
	}
}

// err returns the child's errors as one for the holder's fail, the
// positioned ones as *ecosystems.PosError; nil for none.
func (c *childReport) err() error {
	var errs []error
	for _, e := range c.Errors {
		if e.File != "" {
			errs = append(errs, &ecosystems.PosError{Pos: ecosystems.Pos{File: filepath.FromSlash(e.File), Line: e.Line}, Err: errors.New(e.Message)})
		} else {
			errs = append(errs, errors.New(e.Message))
		}
	}
	if len(errs) == 1 {
		return errs[0]
	}
	return errors.Join(errs...)
}

// encode writes the report as the child sends it.
func (c *childReport) encode(w io.Writer) error {
	return json.NewEncoder(w).Encode(c)
}

// parseChildReport reads what the audit child sent its holder: nothing
// (a nil report: the child died before it could say anything, or is not
// envaudit) or one report as encode writes it. Anything else — another
// field, data after the report, a file outside the working directory or
// holding a control character, more than the caps — is an error: the
// holder then takes the child to have failed. A message is prose: its
// control, bidirectional and zero-width characters are shown as visible
// escapes (inert.Text), as everywhere envaudit shows text.
func parseChildReport(data []byte) (*childReport, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil
	}
	if len(data) > maxChildReport {
		return nil, fmt.Errorf("longer than %d bytes", maxChildReport)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var c childReport
	if err := dec.Decode(&c); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("data after the report")
	}
	if len(c.Errors) > maxChildErrors {
		return nil, fmt.Errorf("more than %d errors", maxChildErrors)
	}
	for i, e := range c.Errors {
		switch {
		case e.Message == "" || len(e.Message) > maxChildMessage:
			return nil, fmt.Errorf("errors[%d]: a message of %d bytes (want 1 to %d)", i, len(e.Message), maxChildMessage)
		case e.File == "" && e.Line != 0, e.Line < 0:
			return nil, fmt.Errorf("errors[%d]: line %d of file %q", i, e.Line, e.File)
		case e.File != "" && !childFile(e.File):
			return nil, fmt.Errorf("errors[%d]: file %q is no clean path inside the working directory", i, clip(e.File))
		}
	}
	if c.Bundle != "" && !isSHA256(c.Bundle) {
		return nil, fmt.Errorf("bundle: %q is no SHA-256", clip(c.Bundle))
	}
	// A message is prose, shown and never used: it passes inert
	// (the child's already did) rather than being refused.
	for i := range c.Errors {
		c.Errors[i].Message = truncate(inert.Text(c.Errors[i].Message), maxChildMessage)
	}
	return &c, nil
}

// leafErrors returns the errors err joins (errors.Join), in order, or err
// alone.
func leafErrors(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			if e != nil {
				out = append(out, leafErrors(e)...)
			}
		}
		return out
	}
	if err == nil {
		return nil
	}
	return []error{err}
}

// childFile reports whether f may place a child's error: a clean,
// slash-separated path inside the working directory, with no character
// inert.Line would escape, within the cap.
func childFile(f string) bool {
	return len(f) <= maxChildFile && inert.Is(f, false) && isLocalPath(f) && !strings.Contains(f, `\`)
}

// isLocalPath reports whether p is a clean relative path that stays
// inside the directory it is relative to.
func isLocalPath(p string) bool {
	return p != "" && filepath.IsLocal(p) && filepath.Clean(p) == p
}

// isSHA256 reports whether s is a SHA-256 in lowercase hex.
func isSHA256(s string) bool {
	if len(s) != 64 || strings.ToLower(s) != s {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// truncate cuts s to at most n bytes, on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// clip shortens a value for an error message.
func clip(s string) string {
	const n = 80
	if len(s) <= n {
		return s
	}
	return truncate(s, n) + "…"
}
