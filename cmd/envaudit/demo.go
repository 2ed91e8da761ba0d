package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/envaudit/envaudit/demo"
	"github.com/envaudit/envaudit/ecosystems/all"
)

// cmdDemo runs the main job on an embedded example project: it writes the
// project to a directory, traces its tests with the real tracer, audits the
// run, and explains each finding in a line.
func cmdDemo(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newSubcommand("demo", noOperands,
		"It writes the project, runs its tests under the tracer for real, audits the run and explains each finding in a line. It needs node (the npm project) or python3; nothing is installed or downloaded. Exit status 0 whatever the findings; 2 when the demo cannot run.")
	dir := c.flags.String("dir", "", "write the demo project to `DIR` (new or empty) and keep it; default a temporary directory, removed afterwards")
	format := c.flags.String("format", "text", "print the report as `FORMAT`: text (with explanations), json or markdown")
	report := c.flags.String("report", "", "also write the JSON report to `FILE`")
	eco := c.flags.String("ecosystem", "", "run the `npm|python` demo project; default npm when node is on PATH, else python")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	o := outputFlags{format: *format, failOn: "none", report: *report}
	if err := o.check(); err != nil {
		return fail(stderr, "demo", err)
	}
	if err := runDemo(ctx, *eco, *dir, &o, stdout, stderr); err != nil {
		return fail(stderr, "demo", err)
	}
	return exitOK
}

func runDemo(ctx context.Context, eco, dir string, o *outputFlags, stdout, stderr io.Writer) error {
	proj, err := demo.Pick(eco)
	var ue *demo.UnknownError
	if errors.As(err, &ue) {
		return usagef("--ecosystem: %v", err)
	}
	if err != nil {
		return err
	}
	keep := dir != ""
	if keep {
		if err := demo.EmptyDir(dir); err != nil {
			return fmt.Errorf("--dir: %w", err)
		}
	} else {
		if dir, err = os.MkdirTemp("", "envaudit-demo-"); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	}
	if err := proj.Write(dir); err != nil {
		return err
	}
	text := o.format == "text"
	if text {
		fmt.Fprintf(stdout, "envaudit demo: %s.\n", proj.About)
		fmt.Fprintf(stdout, "Running its tests under the tracer: %s\n\n", strings.Join(proj.Command, " "))
	}
	o.dir = dir
	// The command's output is indented under the intro, so the report
	// below stands apart from it.
	// Both of its streams go through one writer, so the lines keep their
	// order (unittest reports on stderr).
	cmdOut := demo.Indent(stdout, "  │ ")
	if !text {
		cmdOut = demo.Indent(stderr, "  │ ")
	}
	cmdErr := cmdOut
	ro := runOptions{command: proj.Command, stdin: strings.NewReader(""), stdout: cmdOut, stderr: cmdErr, ownProject: true}
	if ro.env, err = proj.Prepare(dir, os.Environ()); err != nil {
		return fmt.Errorf("prepare the %s demo project: %w", proj.Name, err)
	}
	r, instErr, err := runTraced(ctx, o, ro, stderr, all.Ecosystems())
	defer o.held.Close()
	cmdOut.Flush()
	if err == nil {
		err = instErr
	}
	if err != nil {
		return err
	}
	if text {
		fmt.Fprintln(stdout)
	}
	code, err := emit(r, o, stdout, stderr)
	if err != nil || !text {
		return err
	}
	if err := demo.Explain(stdout, r, proj, code == exitOK); err != nil {
		return err
	}
	if keep {
		fmt.Fprintf(stdout, "\nThe demo project is in %s: change package.json or the code, then run\n  envaudit run -C %s -- %s\n", dir, dir, strings.Join(proj.Command, " "))
	}
	return nil
}
