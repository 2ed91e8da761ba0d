package ghaction

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFilterEnviron(t *testing.T) {
	const token = "ghs_0123456789abcdefABCDEF"
	tests := []struct {
		name    string
		environ []string
		secrets []string
		want    []string
	}{
		{
			name: "credentials",
			environ: []string{
				"PATH=/usr/bin", "GITHUB_TOKEN=" + token, "GH_TOKEN=x", "ACTIONS_RUNTIME_TOKEN=rt",
				"ACTIONS_ID_TOKEN_REQUEST_TOKEN=id", "ACTIONS_ID_TOKEN_REQUEST_URL=https://x", "ACTIONS_CACHE_URL=https://c",
				"ACTIONS_RESULTS_URL=https://r", "ACTIONS_RUNTIME_URL=https://u", "HOME=/root",
			},
			want: []string{"PATH=/usr/bin", "HOME=/root"},
		},
		{
			name: "fileCommands",
			environ: []string{
				"GITHUB_OUTPUT=/r/out", "GITHUB_ENV=/r/env", "GITHUB_PATH=/r/path", "GITHUB_STATE=/r/state",
				"GITHUB_STEP_SUMMARY=/r/sum", "GITHUB_RUN_ID=7",
			},
			want: []string{"GITHUB_RUN_ID=7"},
		},
		{
			name:    "inputs",
			environ: []string{"INPUT_GITHUB_TOKEN=" + token, "INPUT_GITHUB-TOKEN=" + token, "INPUT_RUN=npm test", "input_x=1", "CI=true"},
			want:    []string{"CI=true"},
		},
		{
			name:    "copiedToken",
			environ: []string{"NPM_CONFIG_TOKEN=" + token, "URL=https://x-access-token:" + token + "@github.com/o/r", "GITHUB_REPOSITORY=o/r"},
			secrets: []string{token},
			want:    []string{"GITHUB_REPOSITORY=o/r"},
		},
		{
			name:    "shortSecretIgnored",
			environ: []string{"A=abc", "B=1"},
			secrets: []string{"abc", ""},
			want:    []string{"A=abc", "B=1"},
		},
		{
			name:    "runnerContextKept",
			environ: []string{"GITHUB_WORKSPACE=/w", "GITHUB_SHA=abc", "RUNNER_TEMP=/t", "GITHUB_ACTIONS=true", "NOEQUALS"},
			want:    []string{"GITHUB_WORKSPACE=/w", "GITHUB_SHA=abc", "RUNNER_TEMP=/t", "GITHUB_ACTIONS=true", "NOEQUALS"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FilterEnviron(tt.environ, tt.secrets...)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("FilterEnviron (-want +got):\n%s", diff)
			}
		})
	}
}

func TestChildEnviron(t *testing.T) {
	const tok = "ghs_secret0123456789"
	in := []string{
		"PATH=/usr/bin", "INPUT_RUN=npm test", "INPUT_GITHUB_TOKEN=" + tok, "INPUT_GITHUB-TOKEN=" + tok,
		"GITHUB_TOKEN=" + tok, "ACTIONS_RUNTIME_TOKEN=rt", "GITHUB_OUTPUT=/tmp/out", "GITHUB_STEP_SUMMARY=/tmp/sum",
		"COPY=Bearer " + tok, "GITHUB_REPOSITORY=octo/webapp",
	}
	want := []string{"PATH=/usr/bin", "INPUT_RUN=npm test", "GITHUB_REPOSITORY=octo/webapp"}
	if diff := cmp.Diff(want, ChildEnviron(in, tok)); diff != "" {
		t.Errorf("ChildEnviron (-want +got):\n%s", diff)
	}
}

// TestHasCredentials: a runner credential with a value is a secret held;
// an empty one, the file commands and other variables are not.
func TestHasCredentials(t *testing.T) {
	tests := []struct {
		name    string
		environ []string
		want    bool
	}{
		{"none", []string{"PATH=/usr/bin", "GITHUB_OUTPUT=/tmp/o", "INPUT_RUN=npm test"}, false},
		{"githubToken", []string{"GITHUB_TOKEN=ghs_x"}, true},
		{"runtimeToken", []string{"ACTIONS_RUNTIME_TOKEN=abc"}, true},
		{"lowercase", []string{"actions_id_token_request_token=abc"}, true},
		{"empty", []string{"GITHUB_TOKEN="}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := HasCredentials(tt.environ); got != tt.want {
				t.Errorf("HasCredentials(%q) = %v, want %v", tt.environ, got, tt.want)
			}
		})
	}
}
