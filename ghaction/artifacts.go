package ghaction

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/google/go-github/v62/github"
)

// ErrNoArtifact is returned by DownloadArtifact when the run has no
// artifact of that name (the audit job failed before uploading it, or
// upload-artifacts was turned off).
var ErrNoArtifact = errors.New("no such artifact")

// DownloadArtifact downloads the zip archive of the artifact named name
// of workflow run runID and returns it, refusing an artifact larger than
// limit bytes (as the API lists it, and as the download turns out). The
// API answers the download with a redirect to a short-lived signed URL on
// another host; that URL is fetched with blob, a client that carries no
// token (nil means http.DefaultClient), so the token never leaves for the
// storage host.
func DownloadArtifact(ctx context.Context, c *github.Client, blob *http.Client, repo Repo, runID int64, name string, limit int64) ([]byte, error) {
	op := fmt.Sprintf("download artifact %q of run %d", name, runID)
	var found *github.Artifact
	opts := &github.ListOptions{PerPage: 100}
	for found == nil {
		list, resp, err := c.Actions.ListWorkflowRunArtifacts(ctx, repo.Owner, repo.Name, runID, opts)
		if err != nil {
			return nil, apiError(op, err)
		}
		for _, a := range list.Artifacts {
			if a.GetName() == name && !a.GetExpired() {
				found = a
				break
			}
		}
		if found != nil || resp.NextPage == 0 {
			break
		}
		opts.Page = resp.NextPage
	}
	if found == nil {
		return nil, fmt.Errorf("%s: %w", op, ErrNoArtifact)
	}
	if found.GetSizeInBytes() > limit {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d a bundle may have", op, found.GetSizeInBytes(), limit)
	}
	u, _, err := c.Actions.DownloadArtifact(ctx, repo.Owner, repo.Name, found.GetID(), 0)
	if err != nil {
		return nil, apiError(op, err)
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return nil, fmt.Errorf("%s: the API redirected to %q", op, u.Redacted())
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if blob == nil {
		blob = http.DefaultClient
	}
	resp, err := blob.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: HTTP %d from the storage host", op, resp.StatusCode)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: more than the %d bytes a bundle may have", op, limit)
	}
	return data, nil
}
