package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/envaudit/envaudit/audit"
)

// cmdCompare measures how much the declared sets of several reports of the
// same task agree: pairwise Jaccard, complete-disjointness rate and
// unanimous consensus, per ecosystem.
func cmdCompare(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newSubcommand("compare", fileOperands,
		"The reports are envaudit's JSON reports (--report) of the same task: two coding agents, or two runs. Per ecosystem: pairwise Jaccard similarity of the declared sets (1 when both are empty), the share of pairs that share no declared package, and whether every report declares the same set.")
	format := c.flags.String("format", "text", "print the comparison as `FORMAT`: text or json")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	var err error
	if *format != "text" && *format != "json" {
		err = usagef("--format: unknown value %q (want text or json)", *format)
	}
	flags := c.flags
	if err == nil && flags.NArg() < 2 {
		err = usagef("need at least two reports to compare, got %d", flags.NArg())
	}
	if err != nil {
		return fail(stderr, "compare", err)
	}
	var reports []*audit.Report
	for _, name := range flags.Args() {
		f, err := os.Open(name)
		if err != nil {
			return fail(stderr, "compare", err)
		}
		r, err := audit.ReadReport(f, name)
		f.Close()
		if err != nil {
			return fail(stderr, "compare", err)
		}
		reports = append(reports, r)
	}
	comparison := audit.Compare(flags.Args(), reports)
	if *format == "json" {
		err = comparison.WriteJSON(stdout)
	} else {
		err = comparison.WriteText(stdout)
	}
	if err != nil {
		return fail(stderr, "compare", fmt.Errorf("write comparison: %w", err))
	}
	return exitOK
}
