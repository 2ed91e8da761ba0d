package system

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"strings"
	"time"

	"github.com/envaudit/envaudit/internal/toolexec"
)

// AptArchive tells which of names the machine's apt archive knows, by
// asking `apt-cache policy`: it prints a section for every package name
// its lists know (a virtual package's too, with no candidate) and nothing
// for a name they do not. The lists are those of the last `apt-get
// update`; on a machine that never ran it, no name is known.
func AptArchive(ctx context.Context, names []string) ([]string, error) {
	return aptArchive(ctx, "apt-cache", names)
}

// aptArchive is AptArchive asking the apt-cache program at apt.
func aptArchive(ctx context.Context, apt string, names []string) ([]string, error) {
	out, err := toolexec.Run(ctx, toolexec.Cmd{
		Path:    apt,
		Args:    append([]string{"policy", "--"}, names...),
		Env:     []string{"PATH=" + os.Getenv("PATH"), "LC_ALL=C"},
		Timeout: 30 * time.Second,
	})
	if err != nil {
		return nil, err
	}
	return policyNames(out), nil
}

// policyNames returns the package names whose sections `apt-cache policy`
// printed: the unindented lines, "name:" (or "name:arch:").
func policyNames(out []byte) []string {
	var names []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		l := sc.Text()
		if l == "" || l[0] == ' ' || !strings.HasSuffix(l, ":") {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimSuffix(l, ":"), ":")
		names = append(names, name)
	}
	return names
}
