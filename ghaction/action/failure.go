package action

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/internal/markdown"
)

// fail reports err, what stopped the run, and returns the exit status of
// a run that could not be done. Whatever went wrong, the step says what:
// each error err joins is annotated (a positioned one on its file and
// line), and, once the step's file commands are back as they were before
// the project's code ran (restore), the job summary gets a section that
// says it and the error output holds it. When the file commands could not
// be put back, envaudit writes nothing to them: the annotation is all
// there is.
//
// Mode single's audit child annotates nothing: it tells its holder
// (childReport), which reports it — beside the findings' annotations,
// which are the holder's too.
func (r *run) fail(err error) int {
	if r.holder != nil {
		r.said.add(err)
		fmt.Fprintf(r.stderr, "envaudit: %s\n", ghaction.CommandData(err.Error()))
		return ExitUsage
	}
	r.annotateError(err)
	if _, rerr := r.restore(); rerr != nil {
		r.gh.Errorf("envaudit: %v", rerr)
	}
	if r.restoreErr != nil {
		return ExitUsage
	}
	title := "the check could not be done"
	if r.published {
		title = "an error after the audit was published"
	}
	var msgs []string
	for _, e := range leafErrors(err) {
		msgs = append(msgs, e.Error())
	}
	if r.in.Summary {
		if path := r.getenv("GITHUB_STEP_SUMMARY"); path != "" {
			if werr := appendFileCommand(r.guard, path, ghaction.ErrorSummary(title, msgs...)+"\n"); werr != nil {
				r.gh.Warningf("envaudit: %v", werr)
			}
		}
	}
	if werr := writeOutputs(r.guard, r.getenv("GITHUB_OUTPUT"), map[string]string{"error": ghaction.OneLine(err.Error())}); werr != nil {
		r.gh.Warningf("envaudit: %v", werr)
	}
	return ExitUsage
}

// failPublished reports err, what kept a run that has its result from
// doing all its work (a file it could not write), with the result: the
// findings are annotated and summarised as ever, the summary says the
// error first and the error output holds it. It returns the exit status
// of a run that could not be done.
func (r *run) failPublished(ctx context.Context, res *Result, err error) int {
	if r.holder != nil {
		r.said.add(err)
		fmt.Fprintf(r.stderr, "envaudit: %s\n", ghaction.CommandData(err.Error()))
	} else {
		r.annotateError(err)
	}
	res.Error = err.Error()
	r.publish(ctx, res)
	return ExitUsage
}

// annotateError writes an error annotation for each error err joins, on
// the file and line of a positioned one.
func (r *run) annotateError(err error) {
	for _, e := range leafErrors(err) {
		var pe *ecosystems.PosError
		if errors.As(e, &pe) && pe.Pos.File != "" && !filepath.IsAbs(pe.Pos.File) {
			fields := map[string]string{"file": filepath.ToSlash(pe.Pos.File), "title": "envaudit"}
			if pe.Pos.Line > 0 {
				fields["line"] = fmt.Sprint(pe.Pos.Line)
			}
			r.gh.WithFieldsMap(fields).Errorf("%v", pe.Err)
			continue
		}
		r.gh.Errorf("envaudit: %v", e)
	}
}

// noBundle says that mode audit wrote no publish bundle, and why: a
// warning, a plain note at the top of the job summary (the publish
// workflow will find nothing to publish and fail), and, in mode single's
// audit child, an error for its holder, which has nothing to publish
// either.
func (r *run) noBundle(res *Result, why string) {
	r.gh.Warningf("envaudit: no publish bundle written: %s", why)
	res.Notes = append(res.Notes, "⚠️ **No publish bundle was written**: "+markdown.Text(why)+
		". A publish workflow (`mode: publish`) has nothing to publish for this run: it fails its check.")
	if r.holder != nil {
		r.said.add(fmt.Errorf("no publish bundle written: %s", why))
	}
}

// tellHolder sends mode single's holder what its audit child has to say
// (childReport), once, and closes the pipe; outside the child it does
// nothing.
func (r *run) tellHolder() {
	if r.holder == nil {
		return
	}
	if err := r.said.encode(r.holder); err != nil {
		fmt.Fprintf(r.stderr, "envaudit: telling the token's holder: %v\n", err)
	}
	r.holder.Close()
	r.holder = nil
}

// resumeCommands resumes the workflow commands when the traced command's
// output has them stopped: a panic on the way would leave every later
// annotation, the error's own included, unread by the runner.
func (r *run) resumeCommands() {
	if r.stopped != "" {
		fmt.Fprintf(r.stdout, "\n::%s::\n", r.stopped)
		r.stopped = ""
	}
}
