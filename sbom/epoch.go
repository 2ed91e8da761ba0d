package sbom

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// maxEpoch is the last second of year 9999, the latest date an SBOM's
// RFC 3339 timestamp can hold.
const maxEpoch = 253402300799

// SourceDateEpoch reads SOURCE_DATE_EPOCH through getenv: the
// reproducible-builds.org convention for dating reproducible outputs, in
// whole seconds since 1970-01-01 UTC. An SBOM dated so gets its serial
// number from its content (Options.ContentSerial), so the same report
// gives the same bytes. It returns the zero time when the variable is
// unset or empty; a malformed value is an error, as the convention asks,
// rather than a silently random SBOM.
func SourceDateEpoch(getenv func(string) string) (time.Time, error) {
	s := getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		return time.Time{}, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || strings.Trim(s, "0123456789") != "" || n > maxEpoch {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH: invalid value %q (want whole seconds since 1970-01-01 UTC)", s)
	}
	return time.Unix(n, 0).UTC(), nil
}
