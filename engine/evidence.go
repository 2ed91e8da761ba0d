package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// evidenceMarker marks a directory as an evidence directory envaudit made,
// so that a later trace of the same name may replace it.
const evidenceMarker = ".envaudit-evidence"

// EvidenceDir returns the evidence directory of a trace saved at
// tracePath: trace.jsonl → trace.evidence, and any other name with
// .evidence appended.
func EvidenceDir(tracePath string) string {
	return strings.TrimSuffix(tracePath, ".jsonl") + ".evidence"
}

// clearEvidence removes the evidence directory dir of an earlier trace, if
// there is one. A file, or a directory that is neither empty nor marked as
// envaudit's, is refused rather than removed.
func clearEvidence(dir string) error {
	st, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("evidence directory: %w", err)
	}
	refuse := fmt.Errorf("evidence directory %q exists and is not one envaudit made; refusing to replace it", dir)
	if !st.IsDir() {
		return refuse
	}
	if _, err := os.Stat(filepath.Join(dir, evidenceMarker)); err == nil {
		if err := os.RemoveAll(dir); err != nil {
			return fmt.Errorf("replace evidence directory: %w", err)
		}
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("evidence directory: %w", err)
	}
	if len(entries) > 0 {
		return refuse
	}
	return os.Remove(dir)
}

// makeEvidence creates the evidence directory dir, marked, and returns the
// empty scratch directory of one ecosystem inside it.
func makeEvidence(dir, ecosystem string) (string, error) {
	sub := filepath.Join(dir, ecosystem)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return "", fmt.Errorf("evidence directory: %w", err)
	}
	marker := filepath.Join(dir, evidenceMarker)
	if _, err := os.Stat(marker); errors.Is(err, fs.ErrNotExist) {
		note := "Evidence of use that envaudit's ecosystems collected during a traced run, one directory per ecosystem.\n" +
			"envaudit audit --trace reads it; a new trace of the same name replaces it.\n"
		if err := os.WriteFile(marker, []byte(note), 0o644); err != nil {
			return "", fmt.Errorf("evidence directory: %w", err)
		}
	}
	return sub, nil
}

// SavedEvidence returns the evidence directory to audit a saved trace
// with: the one named (which must exist), else the one beside the trace
// when there is one, else "".
func SavedEvidence(named, tracePath string) (string, error) {
	if named != "" {
		st, err := os.Stat(named)
		if err != nil {
			return "", err
		}
		if !st.IsDir() {
			return "", fmt.Errorf("%q is not a directory", named)
		}
		return named, nil
	}
	if tracePath == "" {
		return "", nil
	}
	dir := EvidenceDir(tracePath)
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		return dir, nil
	}
	return "", nil
}
