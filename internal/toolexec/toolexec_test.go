package toolexec

import (
	"context"
	"errors"
	"io/fs"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestRun(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Fatalf("these tests run sh: %v", err)
	}
	sh := func(script string, env ...string) Cmd {
		return Cmd{Path: "sh", Args: []string{"-c", script}, Env: env}
	}
	tests := []struct {
		name    string
		cmd     Cmd
		want    string // standard output
		wantErr string // the error's text, "" for none
		is      error  // what the error wraps, if anything in particular
	}{
		{name: "stdoutOnly", cmd: sh("echo out; echo err >&2"), want: "out\n"},
		{name: "emptyEnvironment", cmd: Cmd{Path: "env"}, want: ""},
		{name: "explicitEnvironment", cmd: Cmd{Path: "env", Env: []string{"A=b c"}}, want: "A=b c\n"},
		{name: "noStdin", cmd: sh("cat; echo done"), want: "done\n"},
		{name: "dir", cmd: Cmd{Path: "pwd", Dir: "/"}, want: "/\n"},
		{
			name:    "failureKeepsStderrTail",
			cmd:     sh("echo partial; echo step >&2; echo 'fatal: gone' >&2; exit 3"),
			want:    "partial\n",
			wantErr: `sh -c "echo partial; echo step >&2; echo 'fatal: gone' >&2; exit 3": exit status 3: step` + "\nfatal: gone",
		},
		{
			name:    "longArgumentCut",
			cmd:     sh("echo one\necho two >&2\nexit 2"),
			want:    "one\n",
			wantErr: `sh -c "echo one...": exit status 2: two`,
		},
		{
			name:    "longStderrKeepsWholeLastLines",
			cmd:     sh("i=0; while [ $i -lt 500 ]; do echo line $i >&2; i=$((i+1)); done; exit 1"),
			wantErr: "line 499",
		},
		{
			name:    "timeout",
			cmd:     Cmd{Path: "sleep", Args: []string{"10"}, Timeout: 100 * time.Millisecond},
			wantErr: "sleep 10: timed out after 100ms",
			is:      ErrTimeout,
		},
		{
			name:    "tooMuchOutput",
			cmd:     Cmd{Path: "sh", Args: []string{"-c", "yes"}, MaxStdout: 1000},
			wantErr: `sh -c yes: too much output: more than 1000 bytes on standard output`,
			is:      ErrTooMuchOutput,
		},
		{
			name:    "notFound",
			cmd:     Cmd{Path: "envaudit-no-such-tool"},
			wantErr: `envaudit-no-such-tool: exec: "envaudit-no-such-tool": executable file not found in $PATH`,
			is:      exec.ErrNotFound,
		},
		{
			name:    "absentPath",
			cmd:     Cmd{Path: "/nonexistent/envaudit-tool"},
			wantErr: `/nonexistent/envaudit-tool: fork/exec /nonexistent/envaudit-tool: no such file or directory`,
			is:      fs.ErrNotExist,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Run(context.Background(), tt.cmd)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(tt.want, string(out)); diff != "" {
					t.Errorf("stdout (-want +got):\n%s", diff)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T) is not an *Error", err, err)
			}
			switch {
			case tt.name == "longStderrKeepsWholeLastLines":
				if len(e.Stderr) > StderrTail || !strings.HasSuffix(e.Stderr, tt.wantErr) || !strings.HasPrefix(e.Stderr, "line ") {
					t.Errorf("stderr tail %q: want at most %d bytes of whole lines ending in %q", e.Stderr, StderrTail, tt.wantErr)
				}
			default:
				if diff := cmp.Diff(tt.wantErr, err.Error()); diff != "" {
					t.Errorf("error (-want +got):\n%s", diff)
				}
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %v does not wrap %v", err, tt.is)
			}
			if tt.want != "" {
				if diff := cmp.Diff(tt.want, string(out)); diff != "" {
					t.Errorf("stdout of the failed run (-want +got):\n%s", diff)
				}
			}
		})
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err := Run(ctx, Cmd{Path: "sleep", Args: []string{"10"}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want one wrapping context.Canceled", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Run returned %v after the cancellation", d)
	}
}
