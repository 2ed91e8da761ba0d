package policy

import (
	"fmt"
	"strings"
)

// AgentSignature is how one coding agent shows in a pull request. All
// comparisons are case-insensitive.
type AgentSignature struct {
	Name string
	// Logins are pull-request author logins (exact; a "[bot]" suffix is
	// optional on either side).
	Logins []string
	// Branches are head-branch prefixes.
	Branches []string
	// Authors are substrings of a commit's author (name, email or login).
	Authors []string
	// Trailers are substrings of a commit message or the pull-request body:
	// co-author trailers and footers the agent writes.
	Trailers []string
}

// BuiltinAgents lists the common coding agents. The signals are heuristics:
// trailers can be turned off and squash merges rewrite them, which is why
// several are combined and the result says which one matched.
var BuiltinAgents = []AgentSignature{
	{Name: "Copilot coding agent", Logins: []string{"Copilot", "copilot-swe-agent[bot]"}, Branches: []string{"copilot/"}, Authors: []string{"copilot-swe-agent", "Copilot <"}},
	{Name: "Devin", Logins: []string{"devin-ai-integration[bot]"}, Authors: []string{"devin-ai-integration"}},
	{Name: "OpenAI Codex", Logins: []string{"chatgpt-codex-connector[bot]"}, Branches: []string{"codex/"}, Trailers: []string{"Co-authored-by: Codex <noreply@openai.com>"}},
	{Name: "Claude Code", Logins: []string{"claude[bot]"}, Branches: []string{"claude/"}, Trailers: []string{"<noreply@anthropic.com>", "Generated with [Claude Code]", "Claude-Session:"}},
	{Name: "Cursor", Branches: []string{"cursor/"}, Trailers: []string{"<cursoragent@cursor.com>", "Made-with: Cursor"}},
	{Name: "Jules", Logins: []string{"google-labs-jules[bot]"}, Authors: []string{"google-labs-jules"}},
	{Name: "OpenHands", Logins: []string{"openhands-agent"}, Branches: []string{"openhands-"}, Trailers: []string{"<openhands@all-hands.dev>"}},
	{Name: "Sweep", Logins: []string{"sweep-ai[bot]"}, Branches: []string{"sweep/"}},
	{Name: "Codegen", Logins: []string{"codegen-sh[bot]"}},
	{Name: "Aider", Authors: []string{"(aider)"}, Trailers: []string{"<noreply@aider.chat>"}},
}

// PullRequest is what envaudit knows of the pull request under review.
type PullRequest struct {
	Number     int
	Author     string // login
	AuthorType string // "User" or "Bot"
	HeadRef    string
	HeadSHA    string
	BaseRef    string
	BaseSHA    string
	Body       string
	Commits    []Commit
}

// Commit is one commit of a pull request.
type Commit struct {
	SHA         string
	AuthorName  string
	AuthorEmail string
	AuthorLogin string
	Message     string
}

// author is how a commit's author reads in a signal.
func (c Commit) author() string {
	switch {
	case c.AuthorName != "" && c.AuthorEmail != "":
		return c.AuthorName + " <" + c.AuthorEmail + ">"
	case c.AuthorName != "":
		return c.AuthorName
	case c.AuthorEmail != "":
		return "<" + c.AuthorEmail + ">"
	}
	return c.AuthorLogin
}

// Detection is the result of agent detection.
type Detection struct {
	// Agent names the agent; "" when none was recognised.
	Agent string
	// Signal says what matched: `author login "Copilot"`, `head branch
	// "claude/fix-deps"`, `commit 1a2b3c4: "Co-authored-by: ..."`.
	Signal string
}

// Authored reports whether an agent was recognised.
func (d Detection) Authored() bool { return d.Agent != "" }

func (d Detection) String() string {
	if !d.Authored() {
		return "not agent-authored"
	}
	return d.Agent + " (" + d.Signal + ")"
}

// Signatures returns the agent signatures in effect under cfg: the built-in
// ones (unless disabled) and one for the configured signals.
func Signatures(cfg AgentConfig) []AgentSignature {
	var out []AgentSignature
	if !cfg.NoBuiltin {
		out = append(out, BuiltinAgents...)
	}
	if len(cfg.Logins)+len(cfg.Branches)+len(cfg.Trailers) > 0 {
		out = append(out, AgentSignature{Name: "configured agent", Logins: cfg.Logins, Branches: cfg.Branches, Trailers: cfg.Trailers})
	}
	return out
}

// DetectAgent recognises a pull request written by a coding agent, trying
// the strongest signal first: the author login, the head branch, then each
// commit's author and message, then the pull-request body.
func DetectAgent(pr *PullRequest, sigs []AgentSignature) Detection {
	if pr == nil {
		return Detection{}
	}
	for _, s := range sigs {
		for _, l := range s.Logins {
			if pr.Author != "" && sameLogin(pr.Author, l) {
				return Detection{s.Name, fmt.Sprintf("author login %q", pr.Author)}
			}
		}
	}
	for _, s := range sigs {
		for _, b := range s.Branches {
			if b != "" && hasPrefixFold(pr.HeadRef, b) {
				return Detection{s.Name, fmt.Sprintf("head branch %q", pr.HeadRef)}
			}
		}
	}
	for _, c := range pr.Commits {
		author := c.AuthorName + " <" + c.AuthorEmail + "> " + c.AuthorLogin
		for _, s := range sigs {
			for _, a := range s.Authors {
				if containsFold(author, a) {
					return Detection{s.Name, fmt.Sprintf("commit %s by %q", shortSHA(c.SHA), c.author())}
				}
			}
			for _, t := range s.Trailers {
				if containsFold(c.Message, t) {
					return Detection{s.Name, fmt.Sprintf("commit %s: %q", shortSHA(c.SHA), lineContaining(c.Message, t))}
				}
			}
		}
	}
	for _, s := range sigs {
		for _, t := range s.Trailers {
			if containsFold(pr.Body, t) {
				return Detection{s.Name, fmt.Sprintf("pull request body: %q", lineContaining(pr.Body, t))}
			}
		}
	}
	return Detection{}
}

func sameLogin(a, b string) bool {
	trim := func(s string) string { return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), "[bot]") }
	return trim(a) == trim(b)
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func containsFold(s, sub string) bool {
	return sub != "" && strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// lineContaining returns the line of text that contains sub, for the
// report: the whole trailer reads better than the matched fragment.
func lineContaining(text, sub string) string {
	for _, l := range strings.Split(text, "\n") {
		if containsFold(l, sub) {
			return strings.TrimSpace(l)
		}
	}
	return sub
}

// shortSHA abbreviates a commit hash to the seven characters GitHub
// shows, as gitcmd.ShortSHA does (this package starts no process, so it
// does not import that one).
func shortSHA(sha string) string {
	if len(sha) > 7 {
		return sha[:7]
	}
	return sha
}
