package sbom

import (
	"bytes"
	"crypto/rand"
	"crypto/sha1"
	"errors"
	"fmt"
	"time"

	cdx "github.com/CycloneDX/cyclonedx-go"
	"github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
)

// Envelope is what Stamp adds to the facts: what differs between two BOMs
// of the same report unless the caller pins it.
type Envelope struct {
	// SerialNumber is the BOM's serial number ("urn:uuid:..."); "" draws a
	// random one, or derives one from the content with ContentSerial.
	// Tests set it.
	SerialNumber string
	// ContentSerial, when SerialNumber is "", derives the serial number
	// from the report, the options the facts were generated with and the
	// timestamp instead of drawing it (a name-based, version 5 UUID): a
	// reproducible build (SOURCE_DATE_EPOCH) gets the same bytes for the
	// same report, and another serial for anything else.
	ContentSerial bool
	// Timestamp is metadata.timestamp; the zero time means now.
	Timestamp time.Time
	// Tool is the program that wrote the BOM, metadata.tools; a zero Name
	// means "envaudit". A version also gives it envaudit's package URL.
	Tool audit.Tool
	// Spec is the CycloneDX version to write: Spec16 (the default, also
	// for "") or Spec17, which adds citations (citations.go).
	Spec string
}

// Stamp returns the BOM of f with env's serial number, timestamp and tool.
// f.BOM itself is left unstamped. With env.ContentSerial the report f was
// generated from must not have changed since.
func Stamp(f *Facts, env Envelope) (*cdx.BOM, error) {
	if f == nil || f.BOM == nil {
		return nil, errors.New("no BOM to stamp")
	}
	ts := env.Timestamp
	if ts.IsZero() {
		ts = time.Now()
	}
	serial := env.SerialNumber
	switch {
	case serial != "":
	case env.ContentSerial:
		var err error
		if serial, err = contentSerial(f, ts); err != nil {
			return nil, err
		}
	default:
		serial = randomSerial()
	}

	bom := *f.BOM
	bom.SerialNumber = serial
	md := cdx.Metadata{}
	if f.BOM.Metadata != nil {
		md = *f.BOM.Metadata
	}
	md.Timestamp = ts.UTC().Format(time.RFC3339)
	md.Tools = &cdx.ToolsChoice{Components: &[]cdx.Component{toolComponent(env.Tool)}}
	bom.Metadata = &md
	if env.Spec == Spec17 {
		bom.Citations = citations(&bom, ts)
	}
	return &bom, nil
}

// toolComponent describes the program that wrote the BOM.
func toolComponent(t audit.Tool) cdx.Component {
	name := t.Name
	if name == "" {
		name = "envaudit"
	}
	tool := cdx.Component{
		BOMRef:  toolRef,
		Type:    cdx.ComponentTypeApplication,
		Name:    name,
		Version: t.Version,
	}
	if t.Version != "" {
		// envaudit's own Go module.
		tool.PackageURL = ecosystems.PackageURL(packageurl.TypeGolang, "github.com/envaudit", "envaudit", t.Version)
	}
	return tool
}

func randomSerial() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	return fmt.Sprintf("urn:uuid:%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// serialNamespace is the namespace of content-derived serial numbers: the
// version 5 UUID of envaudit's URL in RFC 4122's URL namespace.
var serialNamespace = uuidV5([16]byte{0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8},
	[]byte("https://github.com/envaudit/envaudit/sbom"))

// contentSerial is the serial number of the facts f dated ts: a version 5
// UUID of the report's JSON and the options that shaped the facts (not the
// encoding: the same BOM in JSON and XML is one BOM).
func contentSerial(f *Facts, ts time.Time) (string, error) {
	var name bytes.Buffer
	fmt.Fprintf(&name, "project=%s\x00timestamp=%s\x00occurrences=%d\x00", f.opts.Project, ts.UTC().Format(time.RFC3339), f.opts.MaxOccurrences)
	if err := f.report.WriteJSON(&name); err != nil {
		return "", fmt.Errorf("serial number: %w", err)
	}
	b := uuidV5(serialNamespace, name.Bytes())
	return fmt.Sprintf("urn:uuid:%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:]), nil
}

// uuidV5 is the name-based UUID of name in namespace ns (RFC 4122,
// section 4.3, with SHA-1).
func uuidV5(ns [16]byte, name []byte) [16]byte {
	h := sha1.New()
	h.Write(ns[:])
	h.Write(name)
	var b [16]byte
	copy(b[:], h.Sum(nil))
	b[6] = b[6]&0x0f | 0x50 // version 5
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	return b
}
