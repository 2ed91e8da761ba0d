// Package bundle owns the publish bundle: what the Action's audit job
// hands to the job that publishes its results (mode: publish, or the
// token's holder of mode: single), as one JSON file in a directory that
// travels as a workflow artifact.
//
// The audit job ran the pull request's code, so to the publisher a bundle
// is untrusted input, as hostile as the pull request itself: Read and
// ReadZip bound the bytes, the zip entries and every string they accept,
// and check every field against what envaudit itself writes (Validate). A
// bundle that passes is still only a claim of the audit job: the
// publisher takes the repository, the commit and the pull request from its
// own event, and applies its own gate to the findings. Where the writer
// can tell the reader the bundle's SHA-256 over a channel of its own
// (mode single's audit child, over a pipe), ReadDigest reads that bundle
// and no other the directory may hold (Digest).
//
// The format, schema version 1 (docs/action.md documents it):
//
//	{
//	  "schemaVersion": 1,
//	  "kind": "envaudit-bundle",
//	  "headSha": "<the commit the audit job checked out, 40 or 64 hex digits>",
//	  "prefix": "<the project's directory in the repository, \"\" at its root>",
//	  "failing": <how many findings failed the audit job's gate>,
//	  "notes": ["<a line the audit job's summary said, plain text>", ...],
//	  "report": { <the audit's report, audit.Report, schema version 1> }
//	}
//
// notes may be absent.
package bundle

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/outfile"
	"github.com/envaudit/envaudit/internal/posdoc"
)

// SchemaVersion is the version of the bundle format written by envaudit.
const SchemaVersion = 1

// Kind marks a file as a bundle, so that no other JSON passes for one.
const Kind = "envaudit-bundle"

// FileName is the bundle's file in its directory (and in the artifact's
// zip).
const FileName = "envaudit-bundle.json"

// MaxSize caps the bundle file: far above the report of a large project
// (a 20,000-package tree's is about 8 MB), far below what could exhaust
// the publishing job.
const MaxSize = 32 << 20

// Bundle is what the audit job hands to the publisher.
type Bundle struct {
	SchemaVersion int    `json:"schemaVersion"`
	Kind          string `json:"kind"`
	// HeadSHA is the commit the audit job audited; the publisher rejects
	// a bundle whose head is not its event's.
	HeadSHA string `json:"headSha"`
	// Prefix is the project's directory in the repository
	// (audit.RepoPrefix), "" at its root.
	Prefix string `json:"prefix"`
	// Failing counts the findings that failed the audit job's gate. The
	// publisher never trusts it: it applies its own gate, and says so
	// when the two disagree.
	Failing int `json:"failing"`
	// Notes are what the audit job's summary said beyond the report (why
	// the findings were not compared with the base commit, what the pull
	// request changes in .envaudit.yml), as plain text: the publisher
	// shows them escaped, never as Markdown.
	Notes []string `json:"notes,omitempty"`
	// Report is the audit, its findings marked with the audit job's gate.
	Report *audit.Report `json:"report"`
}

// New returns the bundle of report r audited at commit head.
func New(r *audit.Report, head, prefix string, failing int) *Bundle {
	return &Bundle{SchemaVersion: SchemaVersion, Kind: Kind, HeadSHA: head, Prefix: prefix, Failing: failing, Report: r}
}

// Encode writes b as indented JSON with a final newline; HTML characters
// are not escaped (the report is data).
func (b *Bundle) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(b)
}

// Decode reads and validates a bundle from data; name is used in errors,
// which carry the line for malformed JSON.
func Decode(data []byte, name string) (*Bundle, error) {
	if len(data) > MaxSize {
		return nil, fmt.Errorf("%s: the bundle is larger than %d bytes", name, MaxSize)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var b Bundle
	if err := dec.Decode(&b); err != nil {
		if p, ok := posdoc.JSONErrorPos(data, err); ok {
			return nil, fmt.Errorf("%s:%d: %w", name, p.Line, err)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: data after the bundle", name)
	}
	if err := Validate(&b); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &b, nil
}

// FileFormat is the bundle as an output file: one the Action may replace
// (outfile.Check).
var FileFormat = outfile.Format{Name: "bundle", Recognize: IsBundle}

// IsBundle reports whether r holds a bundle, so that an output may
// replace it without losing anything of the user's.
func IsBundle(r io.Reader) bool {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return false
	}
	_, err = Decode(data, "")
	return err == nil
}

// Read reads and validates the bundle in directory dir. The file must be
// a regular file (not a symbolic link, a FIFO or a device: the directory
// may come from anywhere) of at most MaxSize bytes.
func Read(dir string) (*Bundle, error) {
	data, p, err := readFile(dir)
	if err != nil {
		return nil, err
	}
	return Decode(data, p)
}

// ReadDigest is Read of a bundle whose file must have the SHA-256 digest
// digest (hex, as Digest gives it): the one its writer says it wrote,
// over a channel the bundle's directory is not. Mode single's holder
// reads its audit child's bundle so: the pull request's code ran as the
// same user as the child, and could have written a bundle of its own
// into the directory, had the child's been refused or not written.
func ReadDigest(dir, digest string) (*Bundle, error) {
	data, p, err := readFile(dir)
	if err != nil {
		return nil, err
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != digest {
		return nil, fmt.Errorf("%s: %w", p, ErrNotWritten)
	}
	return Decode(data, p)
}

// ErrNotWritten is ReadDigest's error for a bundle that is not the one
// its writer wrote.
var ErrNotWritten = errors.New("not the bundle the audit wrote (its SHA-256 differs)")

// Digest returns the SHA-256 of b's encoding (Encode) in hex: what
// ReadDigest expects of the file b is written to.
func (b *Bundle) Digest() (string, error) {
	h := sha256.New()
	if err := b.Encode(h); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// readFile reads the bundle's file in directory dir, and returns it with
// the file's path.
func readFile(dir string) ([]byte, string, error) {
	p := filepath.Join(dir, FileName)
	info, err := os.Lstat(p)
	if err != nil {
		return nil, p, fmt.Errorf("bundle: %w", err)
	}
	if !info.Mode().IsRegular() {
		return nil, p, fmt.Errorf("bundle %q is not a regular file", p)
	}
	if info.Size() > MaxSize {
		return nil, p, fmt.Errorf("bundle %q is larger than %d bytes", p, MaxSize)
	}
	// O_NOFOLLOW and O_NONBLOCK: a symbolic link or FIFO swapped in after
	// the Lstat fails to open or opens without blocking, and Fstat tells.
	f, err := os.OpenFile(p, os.O_RDONLY|noFollow|nonBlock, 0)
	if err != nil {
		return nil, p, fmt.Errorf("bundle: %w", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, p, fmt.Errorf("bundle %q is not a regular file", p)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, p, fmt.Errorf("bundle: %w", err)
	}
	return data, p, nil
}

// ErrHeadMismatch is returned by CheckHead for a bundle of another commit.
var ErrHeadMismatch = errors.New("the bundle is of another commit")

// CheckHead rejects a bundle whose head commit is not head, the commit the
// publisher's own event names.
func (b *Bundle) CheckHead(head string) error {
	if head == "" || b.HeadSHA != head {
		return fmt.Errorf("%w: it audited %q, the event names %q", ErrHeadMismatch, b.HeadSHA, head)
	}
	return nil
}
