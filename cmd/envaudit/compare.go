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
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	format := fs.String("format", "text", "print the comparison as text or json")
	help, err := parseFlags(fs, args)
	if help {
		printUsage(stdout, fs, compareSynopsis)
		return exitOK
	}
	if err == nil && *format != "text" && *format != "json" {
		err = usagef("--format: unknown value %q (want text or json)", *format)
	}
	if err == nil && fs.NArg() < 2 {
		err = usagef("need at least two reports to compare, got %d", fs.NArg())
	}
	if err != nil {
		return fail(stderr, "compare", err)
	}
	var reports []*audit.Report
	for _, name := range fs.Args() {
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
	c := audit.Compare(fs.Args(), reports)
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
