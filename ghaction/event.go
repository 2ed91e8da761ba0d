package ghaction

import "github.com/envaudit/envaudit/policy"

// PullRequestFromEvent extracts the pull request from a pull_request or
// pull_request_target event payload; nil for other events.
func PullRequestFromEvent(event map[string]any) *policy.PullRequest {
	pr, ok := event["pull_request"].(map[string]any)
	if !ok {
		return nil
	}
	out := &policy.PullRequest{
		Number: int(num(pr["number"])),
		Body:   str(pr["body"]),
	}
	if out.Number == 0 {
		out.Number = int(num(event["number"]))
	}
	if u, ok := pr["user"].(map[string]any); ok {
		out.Author, out.AuthorType = str(u["login"]), str(u["type"])
	}
	if h, ok := pr["head"].(map[string]any); ok {
		out.HeadRef, out.HeadSHA = str(h["ref"]), str(h["sha"])
	}
	if b, ok := pr["base"].(map[string]any); ok {
		out.BaseRef, out.BaseSHA = str(b["ref"]), str(b["sha"])
	}
	return out
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}
