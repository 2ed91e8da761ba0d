package ghaction

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/policy"
)

func TestPullRequestFromEvent(t *testing.T) {
	const payload = `{"action":"synchronize","number":42,"pull_request":{"number":42,"body":"Made-with: Cursor",
		"user":{"login":"Copilot","type":"Bot"},"head":{"ref":"copilot/fix","sha":"aaaa"},"base":{"ref":"main","sha":"bbbb"}}}`
	var ev map[string]any
	if err := json.Unmarshal([]byte(payload), &ev); err != nil {
		t.Fatal(err)
	}
	want := &policy.PullRequest{Number: 42, Author: "Copilot", AuthorType: "Bot", HeadRef: "copilot/fix", HeadSHA: "aaaa", BaseRef: "main", BaseSHA: "bbbb", Body: "Made-with: Cursor"}
	if diff := cmp.Diff(want, PullRequestFromEvent(ev)); diff != "" {
		t.Errorf("PullRequestFromEvent (-want +got):\n%s", diff)
	}
	if pr := PullRequestFromEvent(map[string]any{"ref": "refs/heads/main"}); pr != nil {
		t.Errorf("push event gave %+v", pr)
	}
}
