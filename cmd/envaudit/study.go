package main

import (
	"context"
	"fmt"
	"io"

	"github.com/envaudit/envaudit/study"
)

// cmdStudy prints the study's tables over many reports: the layers'
// metrics per agent and language, the agreement of the declared sets
// across agents and over trials, the projects by class; as text, Markdown
// or JSON, with each table as CSV and the figures as SVG on request.
func cmdStudy(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newSubcommand("study", fileOperands,
		"The operands are envaudit's JSON reports (--report) and directories of them. A directory's reports are labelled by the path of their directory below it, matched against --layout; a manifest (--manifest) labels each report in a CSV line (report,agent,task,trial,language). Every figure uses the study's definitions of the layers: D1 the runtime declarations, D2 everything installed, D3 everything loaded.")
	format := c.flags.String("format", "text", "print the tables as `FORMAT`: text, markdown or json")
	manifest := c.flags.String("manifest", "", "read the projects from the CSV `FILE` (columns report, agent, task, trial, language; report paths relative to it)")
	layout := c.flags.String("layout", study.DefaultLayout, "the `LAYOUT` of a directory's reports: the path of a report's directory below it, with {agent}, {task}, {trial} and {language} where those labels stand")
	csvDir := c.flags.String("csv", "", "also write each table as CSV into `DIR`")
	svgDir := c.flags.String("svg", "", "also write the figures as SVG into `DIR`")
	all := c.flags.Bool("projects", false, "also print the table of every project's figures")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	var err error
	switch *format {
	case "text", "markdown", "json":
	default:
		err = usagef("--format: unknown value %q (want text, markdown or json)", *format)
	}
	if err == nil && c.flags.NArg() == 0 && *manifest == "" {
		err = usagef("no reports: give report files, directories of reports, or --manifest")
	}
	if err != nil {
		return fail(stderr, "study", err)
	}
	projects, err := study.Read(c.flags.Args(), *manifest, *layout)
	if err != nil {
		return fail(stderr, "study", err)
	}
	t, err := study.Tabulate(projects)
	if err != nil {
		return fail(stderr, "study", err)
	}
	if *csvDir != "" {
		if _, err := t.WriteCSV(*csvDir); err != nil {
			return fail(stderr, "study", err)
		}
	}
	if *svgDir != "" {
		if _, err := t.WriteFigures(*svgDir); err != nil {
			return fail(stderr, "study", err)
		}
	}
	switch *format {
	case "json":
		err = t.WriteJSON(stdout)
	case "markdown":
		err = t.WriteMarkdown(stdout, *all)
	default:
		err = t.WriteText(stdout, *all)
	}
	if err != nil {
		return fail(stderr, "study", fmt.Errorf("write the tables: %w", err))
	}
	return exitOK
}
