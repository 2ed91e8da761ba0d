package ghaction

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/google/go-github/v62/github"
)

// MaxFileSize bounds a file read through the contents API: the config
// files envaudit reads this way are small, and a larger answer is refused
// rather than held in memory.
const MaxFileSize = 1 << 20

// ErrNoFile is returned by GetFile when the commit has no such file.
var ErrNoFile = errors.New("no such file at that commit")

// GetFile reads the file at path (slash-separated, from the repository's
// root) at commit ref through the contents API, as raw bytes: how the
// token's holder of mode single reads the base commit's .envaudit.yml
// without running git in a checkout the pull request's code could
// configure. ErrNoFile when the commit has none.
func GetFile(ctx context.Context, c *github.Client, repo Repo, path, ref string) ([]byte, error) {
	segs := strings.Split(path, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	u := fmt.Sprintf("repos/%s/%s/contents/%s?ref=%s", url.PathEscape(repo.Owner), url.PathEscape(repo.Name), strings.Join(segs, "/"), url.QueryEscape(ref))
	req, err := c.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/vnd.github.raw")
	var buf cappedBuffer
	resp, err := c.Do(ctx, req, &buf)
	if resp != nil && resp.StatusCode == http.StatusNotFound {
		return nil, ErrNoFile
	}
	if errors.Is(err, errTooLarge) {
		return nil, fmt.Errorf("read %s at %s: larger than %d bytes", path, ref, MaxFileSize)
	}
	if err != nil {
		return nil, apiError(fmt.Sprintf("read %s at %s", path, ref), err)
	}
	return buf.data, nil
}

var errTooLarge = errors.New("too large")

// cappedBuffer keeps what is written to it up to MaxFileSize bytes.
type cappedBuffer struct{ data []byte }

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if len(b.data)+len(p) > MaxFileSize {
		return 0, errTooLarge
	}
	b.data = append(b.data, p...)
	return len(p), nil
}
