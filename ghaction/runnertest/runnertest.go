// Package runnertest owns the Actions runner's file commands as tests
// meet them: the files a step gets (GITHUB_OUTPUT, GITHUB_ENV,
// GITHUB_PATH, GITHUB_STATE, GITHUB_STEP_SUMMARY), made where and as the
// runner makes them, and the reading of what a step wrote to one
// (name=value lines and name<<DELIMITER blocks), as the runner reads it
// for the steps after. Only _test.go files import it.
package runnertest

import (
	"bufio"
	"crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dir is the directory of RUNNER_TEMP in which the runner keeps every
// step's file commands.
const Dir = "_runner_file_commands"

// Prefixes are the file commands' variables and the prefixes of their
// files' names.
var Prefixes = map[string]string{
	"GITHUB_OUTPUT":       "set_output_",
	"GITHUB_ENV":          "set_env_",
	"GITHUB_PATH":         "add_path_",
	"GITHUB_STATE":        "save_state_",
	"GITHUB_STEP_SUMMARY": "step_summary_",
}

// StepFiles makes a step's file commands the way the runner does: in
// temp/_runner_file_commands, one empty file per command named by its
// prefix and a new GUID. It returns their paths by variable.
func StepFiles(t testing.TB, temp string) map[string]string {
	t.Helper()
	dir := filepath.Join(temp, Dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	guid := rand.Text() // the runner's are v4 UUIDs; anything unique serves
	files := map[string]string{}
	for k, prefix := range Prefixes {
		p := filepath.Join(dir, prefix+guid)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		files[k] = p
	}
	return files
}

// Parse reads what a step wrote to GITHUB_OUTPUT, GITHUB_ENV or
// GITHUB_STATE: name=value lines and name<<DELIMITER blocks, a later value
// of a name replacing an earlier one.
func Parse(data string) map[string]string {
	out := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if name, delim, ok := strings.Cut(line, "<<"); ok && !strings.Contains(name, "=") {
			var val []string
			for sc.Scan() && sc.Text() != delim {
				val = append(val, sc.Text())
			}
			out[name] = strings.Join(val, "\n")
		} else if name, val, ok := strings.Cut(line, "="); ok {
			out[name] = val
		}
	}
	return out
}

// Read reads the file command at path with Parse.
func Read(t testing.TB, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(fmt.Errorf("read file command %q: %w", path, err))
	}
	return Parse(string(data))
}
