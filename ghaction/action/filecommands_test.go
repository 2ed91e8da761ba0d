package action

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The runner's names for one step's file commands, and an earlier step's
// summary copy waiting to be uploaded.
const (
	testStepGUID  = "0f8fad5b-d9cb-469f-a165-70867728950e"
	testEarlyGUID = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
	testOtherGUID = "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d"
	testScrubbed  = "step_summary_" + testEarlyGUID + "-scrubbed"
)

// TestFileCommandGuard tampers with a runner's file-command directory the
// ways the traced command could and checks that restore puts back exactly
// what was there, says what was tampered with, and leaves alone a new file
// it cannot tell is the runner's.
func TestFileCommandGuard(t *testing.T) {
	files := map[string]string{
		"GITHUB_OUTPUT":       "set_output_" + testStepGUID,
		"GITHUB_ENV":          "set_env_" + testStepGUID,
		"GITHUB_PATH":         "add_path_" + testStepGUID,
		"GITHUB_STATE":        "save_state_" + testStepGUID, // absent before
		"GITHUB_STEP_SUMMARY": "step_summary_" + testStepGUID,
	}
	before := map[string]string{
		files["GITHUB_OUTPUT"]:       "0644 earlier=1\n",
		files["GITHUB_ENV"]:          "0644 ",
		files["GITHUB_PATH"]:         "0600 /opt/tool/bin\n",
		files["GITHUB_STEP_SUMMARY"]: "0644 # earlier\n",
		testScrubbed:                 "0644 # an earlier step\n",
	}
	tests := []struct {
		name   string
		tamper func(t *testing.T, dir, outside string)
		want   []string
		extra  map[string]string // files expected besides before
	}{
		{name: "untouched", tamper: func(*testing.T, string, string) {}},
		{
			name: "appendOutputAndEnv",
			tamper: func(t *testing.T, dir, _ string) {
				appendFile(t, filepath.Join(dir, files["GITHUB_OUTPUT"]), "hidden=0\n")
				appendFile(t, filepath.Join(dir, files["GITHUB_ENV"]), "LD_PRELOAD=/tmp/evil.so\n")
			},
			want: []string{"GITHUB_OUTPUT", "GITHUB_ENV"},
		},
		{
			name: "truncateAndRemove",
			tamper: func(t *testing.T, dir, _ string) {
				must(t, os.Truncate(filepath.Join(dir, files["GITHUB_OUTPUT"]), 0))
				must(t, os.Remove(filepath.Join(dir, files["GITHUB_PATH"])))
			},
			want: []string{"GITHUB_OUTPUT", "GITHUB_PATH"},
		},
		{
			name: "replaced",
			tamper: func(t *testing.T, dir, outside string) {
				// A symbolic link to a file outside, a new inode renamed
				// over the old one, a directory where a file was.
				summary := filepath.Join(dir, files["GITHUB_STEP_SUMMARY"])
				must(t, os.Remove(summary))
				must(t, os.Symlink(outside, summary))
				tmp := filepath.Join(dir, "tmp")
				must(t, os.WriteFile(tmp, []byte("/tmp/evil\n"), 0o644))
				must(t, os.Rename(tmp, filepath.Join(dir, files["GITHUB_PATH"])))
				env := filepath.Join(dir, files["GITHUB_ENV"])
				must(t, os.Remove(env))
				must(t, os.Mkdir(env, 0o755))
				must(t, os.WriteFile(filepath.Join(env, "x"), nil, 0o644))
			},
			want: []string{"GITHUB_ENV", "GITHUB_PATH", "GITHUB_STEP_SUMMARY"},
		},
		{
			name: "modeOnly",
			tamper: func(t *testing.T, dir, _ string) {
				must(t, os.Chmod(filepath.Join(dir, files["GITHUB_OUTPUT"]), 0o444))
			},
			want: []string{"GITHUB_OUTPUT"},
		},
		{
			name: "createdAndNew",
			tamper: func(t *testing.T, dir, _ string) {
				must(t, os.WriteFile(filepath.Join(dir, files["GITHUB_STATE"]), []byte("x=1\n"), 0o644))
				must(t, os.WriteFile(filepath.Join(dir, "set_env_"+testOtherGUID), []byte("X=1\n"), 0o644))
				must(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine\n"), 0o644))
				appendFile(t, filepath.Join(dir, testScrubbed), "forged\n")
			},
			want:  []string{"GITHUB_STATE", testScrubbed, "new set_env_" + testOtherGUID},
			extra: map[string]string{"notes.txt": "0644 mine\n"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			temp := t.TempDir()
			dir := filepath.Join(temp, runnerFileCommandDir)
			must(t, os.Mkdir(dir, 0o755))
			for name, s := range before {
				mode, content, _ := strings.Cut(s, " ")
				var perm os.FileMode
				fmt.Sscanf(mode, "%o", &perm)
				p := filepath.Join(dir, name)
				must(t, os.WriteFile(p, []byte(content), perm))
				must(t, os.Chmod(p, perm))
			}
			outside := filepath.Join(temp, "outside")
			must(t, os.WriteFile(outside, []byte("outside\n"), 0o644))
			env := map[string]string{}
			for k, name := range files {
				env[k] = filepath.Join(dir, name)
			}
			g, err := guardFileCommands(func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			tt.tamper(t, dir, outside)
			got, err := g.restore()
			if err != nil {
				t.Fatalf("restore: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("tampered (-want +got):\n%s", diff)
			}
			want := map[string]string{}
			for k, v := range before {
				want[k] = v
			}
			for k, v := range tt.extra {
				want[k] = v
			}
			if diff := cmp.Diff(want, dirState(t, dir)); diff != "" {
				t.Errorf("file commands after restore (-want +got):\n%s", diff)
			}
			if data, err := os.ReadFile(outside); err != nil || string(data) != "outside\n" {
				t.Errorf("the file outside was changed: %q, %v", data, err)
			}
			// Restored once, the files are as recorded.
			if again, err := g.restore(); len(again) > 0 || err != nil {
				t.Errorf("second restore: %v, %v", again, err)
			}
		})
	}
}

// TestFileCommandGuardRefuses: a file command that is not a regular file
// cannot be recorded, so the Action stops before running anything.
func TestFileCommandGuardRefuses(t *testing.T) {
	dir := t.TempDir()
	_, err := guardFileCommands(func(k string) string {
		if k == "GITHUB_ENV" {
			return dir
		}
		return ""
	})
	if err == nil || !strings.Contains(err.Error(), "GITHUB_ENV") {
		t.Errorf("guardFileCommands of a directory: %v", err)
	}
}

// dirState maps each entry of dir to "MODE CONTENT" (regular files), or
// its type.
func dirState(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	state := map[string]string{}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		info, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Type() != 0 {
			state[e.Name()] = info.Mode().Type().String()
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		state[e.Name()] = fmt.Sprintf("%04o %s", info.Mode()&fs.ModePerm, data)
	}
	return state
}

func appendFile(t *testing.T, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
	must(t, f.Close())
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
