package evchan

import (
	"fmt"
	"strings"
	"time"
)

// TamperError says that the traced command interfered with an evidence
// channel: what it read is not to be trusted, and the run fails.
type TamperError struct {
	Path string   // the channel
	What []string // each interference seen, sorted
}

func (e *TamperError) Error() string {
	return fmt.Sprintf("the evidence channel %q was tampered with during the run, so the evidence read from it cannot be trusted: %s", e.Path, strings.Join(e.What, "; "))
}

// aLongTimeAgo is a read deadline that has passed: it wakes a blocked
// reader at once.
var aLongTimeAgo = time.Unix(1, 0)
