package policy

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDetectAgent(t *testing.T) {
	custom := AgentConfig{Logins: []string{"acme-bot[bot]"}, Branches: []string{"bot/"}, Trailers: []string{"Generated-by: acme"}}
	tests := []struct {
		name string
		pr   PullRequest
		cfg  AgentConfig
		want Detection
	}{
		{"human", PullRequest{Author: "octocat", HeadRef: "fix-deps"}, AgentConfig{}, Detection{}},
		{"copilotLogin", PullRequest{Author: "Copilot", AuthorType: "Bot", HeadRef: "copilot/fix-3"}, AgentConfig{},
			Detection{"Copilot coding agent", `author login "Copilot"`}},
		{"copilotBotLogin", PullRequest{Author: "copilot-swe-agent"}, AgentConfig{},
			Detection{"Copilot coding agent", `author login "copilot-swe-agent"`}},
		{"claudeBranch", PullRequest{Author: "octocat", HeadRef: "claude/issue-12-20260101"}, AgentConfig{},
			Detection{"Claude Code", `head branch "claude/issue-12-20260101"`}},
		{"codexBranchCase", PullRequest{Author: "octocat", HeadRef: "Codex/add-cache"}, AgentConfig{},
			Detection{"OpenAI Codex", `head branch "Codex/add-cache"`}},
		{"claudeTrailer", PullRequest{Author: "octocat", HeadRef: "feature", Commits: []Commit{
			{SHA: "1111111aaaa", AuthorName: "Octo Cat", Message: "add cache"},
			{SHA: "2222222bbbb", AuthorName: "Octo Cat", Message: "use lodash\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\nCo-Authored-By: Claude <noreply@anthropic.com>"},
		}}, AgentConfig{}, Detection{"Claude Code", `commit 2222222: "Co-Authored-By: Claude <noreply@anthropic.com>"`}},
		{"cursorTrailer", PullRequest{Author: "octocat", Commits: []Commit{{SHA: "abc", Message: "x\n\nCo-authored-by: Cursor <cursoragent@cursor.com>"}}}, AgentConfig{},
			Detection{"Cursor", `commit abc: "Co-authored-by: Cursor <cursoragent@cursor.com>"`}},
		{"aiderAuthor", PullRequest{Author: "octocat", Commits: []Commit{{SHA: "0123456789", AuthorName: "Octo Cat (aider)", AuthorEmail: "octo@example.com", Message: "feat: x"}}}, AgentConfig{},
			Detection{"Aider", `commit 0123456 by "Octo Cat (aider) <octo@example.com>"`}},
		{"julesCommitAuthor", PullRequest{Author: "octocat", Commits: []Commit{{SHA: "abcdef0", AuthorLogin: "google-labs-jules[bot]"}}}, AgentConfig{},
			Detection{"Jules", `commit abcdef0 by "google-labs-jules[bot]"`}},
		{"openhandsBody", PullRequest{Author: "octocat", Body: "Fixes #3\n\nCo-authored-by: openhands <openhands@all-hands.dev>"}, AgentConfig{},
			Detection{"OpenHands", `pull request body: "Co-authored-by: openhands <openhands@all-hands.dev>"`}},
		{"configuredLogin", PullRequest{Author: "acme-bot[bot]"}, custom, Detection{"configured agent", `author login "acme-bot[bot]"`}},
		{"configuredBranch", PullRequest{Author: "x", HeadRef: "bot/upgrade"}, custom, Detection{"configured agent", `head branch "bot/upgrade"`}},
		{"configuredTrailer", PullRequest{Author: "x", Commits: []Commit{{SHA: "f00", Message: "m\n\nGenerated-by: ACME v2"}}}, custom,
			Detection{"configured agent", `commit f00: "Generated-by: ACME v2"`}},
		{"builtinDisabled", PullRequest{Author: "Copilot", HeadRef: "copilot/x"}, AgentConfig{NoBuiltin: true}, Detection{}},
		{"dependabotIsNoAgent", PullRequest{Author: "dependabot[bot]", AuthorType: "Bot", HeadRef: "dependabot/npm_and_yarn/lodash-4.17.21"}, AgentConfig{}, Detection{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := DetectAgent(&tt.pr, Signatures(tt.cfg))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("DetectAgent (-want +got):\n%s", diff)
			}
		})
	}
	if got := DetectAgent(nil, BuiltinAgents); got.Authored() {
		t.Errorf("DetectAgent(nil) = %v", got)
	}
}
