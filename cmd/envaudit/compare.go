package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/envaudit/envaudit/audit"
)

const compareSynopsis = "envaudit compare [--format text|json] REPORT.json REPORT.json..."

// cmdCompare measures how much the declared sets of several reports of the
// same task agree: pairwise Jaccard, complete-disjointness rate and
// unanimous consensus, per ecosystem.
func cmdCompare(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("compare", flag.ContinueOnError)
	format := flags.String("format", "text", "print the comparison as text or json")
	help, err := parseFlags(flags, args)
	if help {
		printUsage(stdout, flags, compareSynopsis)
		return exitOK
	}
	if err == nil && *format != "text" && *format != "json" {
		err = usagef("--format: unknown value %q (want text or json)", *format)
	}
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
	c := audit.Compare(flags.Args(), reports)
	if *format == "json" {
		err = c.WriteJSON(stdout)
	} else {
		err = c.WriteText(stdout)
	}
	if err != nil {
		return fail(stderr, "compare", fmt.Errorf("write comparison: %w", err))
	}
	return exitOK
}
