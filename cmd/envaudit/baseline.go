package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/envaudit/envaudit/baseline"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/engine"
)

// cmdBaseline snapshots the packages the machine has before the project's
// install steps run, so a later audit can tell a hidden dependency the
// machine provided from one a workflow step installed.
func cmdBaseline(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newSubcommand("baseline", noOperands,
		"It records every Debian package and the installed packages of the project's ecosystems that have any yet, so a later audit tells a hidden package the machine provided from one a workflow step installed (the Action's baseline input).")
	dir := c.flags.String("C", ".", "take the baseline for the project in `DIR`")
	out := c.flags.String("o", "envaudit-baseline.json", "write the baseline to `FILE`")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	b, warnings, err := engine.TakeBaseline(ctx, *dir, ecosystems.Env{Environ: os.Environ()}, all.Ecosystems(), time.Now())
	var de *engine.DirError
	if errors.As(err, &de) {
		err = fmt.Errorf("-C: %w", err)
	}
	if err != nil {
		return fail(stderr, "baseline", err)
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "envaudit: baseline: %s\n", w)
	}
	if err := baseline.Write(*out, b); err != nil {
		return fail(stderr, "baseline", err)
	}
	fmt.Fprintf(stdout, "envaudit: baseline of %s written to %s\n", b.Counts(), *out)
	return exitOK
}
