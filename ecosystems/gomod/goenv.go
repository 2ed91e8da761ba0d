package gomod

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/envaudit/envaudit/ecosystems"
)

// goEnvVars are the go command's variables that Imports, Installed and
// TraceSkip need, asked for together so that one go env serves all three
// where they ask with the same environment (ecosystems.Memo).
var goEnvVars = []string{"GOOS", "GOARCH", "GOFLAGS", "CGO_ENABLED", "GOMODCACHE", "GOROOT", "GOCACHE"}

// goEnv is what go env -json answers for goEnvVars.
type goEnv struct {
	GOOS, GOARCH, GOFLAGS, CGO_ENABLED string
	GOMODCACHE, GOROOT, GOCACHE        string
}

// readGoEnv asks goCmd, in root and with environ, for goEnvVars, once per
// memo for the same go command, directory and environment.
func readGoEnv(ctx context.Context, memo *ecosystems.Memo, run Runner, root string, environ []string, goCmd string) (goEnv, error) {
	args := append([]string{"env", "-json"}, goEnvVars...)
	key := append(append([]string{"gomod", root, goCmd}, args...), environ...)
	out, err := memo.Do(key, func() ([]byte, error) { return run(ctx, root, environ, goCmd, args...) })
	if err != nil {
		return goEnv{}, fmt.Errorf("go env: %w", err)
	}
	var g goEnv
	if err := json.Unmarshal(out, &g); err != nil {
		return goEnv{}, fmt.Errorf("go env: %w", err)
	}
	return g, nil
}
