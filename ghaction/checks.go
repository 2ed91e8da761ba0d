package ghaction

import (
	"context"
	"fmt"

	"github.com/google/go-github/v62/github"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/inert"
)

// CheckRunName is the name of envaudit's check run.
const CheckRunName = "envaudit"

// Limits of the Checks API: at most 50 annotations per request (more are
// added by updating the run), and 65535 characters in the output's
// summary and text.
const (
	checkAnnotationsPerRequest = 50
	CheckOutputLimit           = 65535
	// maxCheckAnnotations caps the annotations of one run: beyond that
	// they are noise, and the summary lists everything anyway.
	maxCheckAnnotations = 1000
)

// CheckAnnotations returns the annotations of a check run for the items:
// every finding that deserves one (there is no per-step limit as for
// workflow commands), the most important first, then the grouped notices;
// annotations without a file are left out (the Checks API requires one).
func CheckAnnotations(items []audit.Item, prefix string) []Annotation {
	sorted := append([]audit.Item(nil), items...)
	SortByImportance(sorted)
	var out []Annotation
	for _, it := range sorted {
		if !annotated(it.Finding) {
			continue
		}
		file, line := it.Location(prefix)
		if file == "" {
			continue
		}
		out = append(out, Annotation{Level: level(it), File: file, Line: line, Title: title(it), Message: truncate(it.Describe(), maxAnnotationMessage)})
	}
	for _, a := range groupAnnotations(items, prefix) {
		if a.File != "" {
			out = append(out, a)
		}
	}
	return out[:min(len(out), maxCheckAnnotations)]
}

// CheckRun is a completed check run to post.
type CheckRun struct {
	HeadSHA string
	// Conclusion is "success", "failure" or "neutral".
	Conclusion string
	// Title and Summary are the output's heading and Markdown body.
	Title, Summary string
	Annotations    []Annotation
	// DetailsURL links the run that audited the commit.
	DetailsURL string
}

// CreateCheckRun posts run as a completed check run named CheckRunName on
// its head commit: created with the first 50 annotations, then updated
// with 50 more at a time. It returns the run's ID. The token needs
// checks: write. The titles and the annotations' messages are plain text
// on GitHub, and pass inert (the summary is Markdown, made of escaped
// values already).
func CreateCheckRun(ctx context.Context, c *github.Client, repo Repo, run CheckRun) (int64, error) {
	run.Title = inert.Line(run.Title)
	anns := run.Annotations
	batch := func() []*github.CheckRunAnnotation {
		n := min(len(anns), checkAnnotationsPerRequest)
		out := make([]*github.CheckRunAnnotation, n)
		for i, a := range anns[:n] {
			line := max(a.Line, 1)
			out[i] = &github.CheckRunAnnotation{
				Path:            github.String(a.File),
				StartLine:       github.Int(line),
				EndLine:         github.Int(line),
				AnnotationLevel: github.String(checkLevel(a.Level)),
				Title:           github.String(inert.Line(a.Title)),
				Message:         github.String(inert.Text(a.Message)),
			}
		}
		anns = anns[n:]
		return out
	}
	summary := clip(run.Summary, CheckOutputLimit)
	opts := github.CreateCheckRunOptions{
		Name:       CheckRunName,
		HeadSHA:    run.HeadSHA,
		Status:     github.String("completed"),
		Conclusion: github.String(run.Conclusion),
		Output:     &github.CheckRunOutput{Title: github.String(run.Title), Summary: github.String(summary), Annotations: batch()},
	}
	if run.DetailsURL != "" {
		opts.DetailsURL = github.String(run.DetailsURL)
	}
	cr, _, err := c.Checks.CreateCheckRun(ctx, repo.Owner, repo.Name, opts)
	if err != nil {
		return 0, apiError(fmt.Sprintf("create the check run on %s", run.HeadSHA), err)
	}
	for len(anns) > 0 {
		_, _, err := c.Checks.UpdateCheckRun(ctx, repo.Owner, repo.Name, cr.GetID(), github.UpdateCheckRunOptions{
			Name:   CheckRunName,
			Output: &github.CheckRunOutput{Title: github.String(run.Title), Summary: github.String(summary), Annotations: batch()},
		})
		if err != nil {
			return cr.GetID(), apiError(fmt.Sprintf("add annotations to check run %d", cr.GetID()), err)
		}
	}
	return cr.GetID(), nil
}

// checkLevel is the Checks API's name of an annotation level.
func checkLevel(level string) string {
	switch level {
	case audit.SeverityError:
		return "failure"
	case audit.SeverityWarning:
		return "warning"
	}
	return "notice"
}
