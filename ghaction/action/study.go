package action

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/internal/inert"
	"github.com/envaudit/envaudit/study"
)

// studyFiles are the files mode study writes into its directory beside
// each table's CSV file (study.Tables.WriteCSV) and the figures
// (study.Tables.WriteFigures): the tables with every project's row, as
// Markdown, as text and as JSON.
var studyFiles = []struct {
	name  string
	write func(study.Tables, io.Writer) error
}{
	{"study.md", func(t study.Tables, w io.Writer) error { return t.WriteMarkdown(w, true) }},
	{"study.txt", func(t study.Tables, w io.Writer) error { return t.WriteText(w, true) }},
	{"study.json", func(t study.Tables, w io.Writer) error { return t.WriteJSON(w) }},
}

// study is the run of mode study, after setup, in the last job of a
// matrix workflow: the reports the matrix's jobs uploaded, downloaded
// below the reports input's directory, are read and labelled by the
// layout input (study.Read), and the study's tables are written into a
// new directory (the study input, or $RUNNER_TEMP/envaudit-study), printed
// to the log without the table of every project, and summarised in the
// job summary; the study output names the directory. Nothing runs,
// nothing is traced, no token is used and no .envaudit.yml is read.
//
// The reports are untrusted: the jobs that wrote them ran a pull
// request's or a generated project's code, which could rewrite them. They
// are read within study's size caps, and what they and their
// directories' names say reaches the log and the summary only as inert
// text (study's renderings, the log's lines between stop-commands and
// their token).
func (r *run) study() int {
	st, err := os.Stat(r.reportsDir)
	if err != nil {
		return r.fail(fmt.Errorf("reports: %w", err))
	}
	if !st.IsDir() {
		return r.fail(fmt.Errorf("reports: %s is not a directory (mode study reads a directory of reports)", r.reportsDir))
	}
	// Refused before the reports are read, so that a directory that
	// cannot be written fails at once; writeStudy checks again.
	if err := freshDir(r.studyDir); err != nil {
		return r.fail(fmt.Errorf("study: %w", err))
	}
	projects, err := study.Read([]string{r.reportsDir}, "", r.in.Layout)
	if err != nil {
		return r.fail(fmt.Errorf("reports: %w", err))
	}
	// Each project is named by its path as the reports input names it.
	for i, p := range projects {
		if rel, err := filepath.Rel(r.reportsDir, p.Report); err == nil && filepath.IsLocal(rel) {
			projects[i].Report = filepath.ToSlash(filepath.Join(r.in.Reports, rel))
		}
	}
	t, err := study.Tabulate(projects)
	if err != nil {
		return r.fail(fmt.Errorf("reports: %w", err))
	}
	// Nothing of a project ran here, but the guard is done with the same
	// before envaudit writes its own.
	if _, err := r.restore(); err != nil {
		return r.fail(err)
	}
	if err := writeStudy(r.studyDir, t); err != nil {
		return r.fail(fmt.Errorf("study: %w", err))
	}
	if err := r.logStudy(t); err != nil {
		return r.fail(err)
	}
	fmt.Fprintf(r.stdout, "envaudit: the study of %d reports written to %s\n", t.Projects, ghaction.CommandData(r.studyDir))
	if path := r.getenv("GITHUB_STEP_SUMMARY"); r.in.Summary && path != "" {
		md, err := ghaction.StudySummary(t, r.studyDir, ghaction.StepSummaryLimit)
		if err == nil {
			err = appendFileCommand(r.guard, path, md+"\n")
		}
		if err != nil {
			r.gh.Warningf("envaudit: %v", err)
		}
	}
	if err := writeOutputs(r.guard, r.getenv("GITHUB_OUTPUT"), map[string]string{"study": r.studyDir}); err != nil {
		return r.fail(err)
	}
	return ExitOK
}

// logStudy prints the tables, without the one of every project, to the
// step's log. The labels are the reports' directories' names, and a name
// such as "::error::..." would be a workflow command at the start of its
// row (the runner reads a command after leading blanks): the tables are
// printed between stop-commands and a token no report can know.
func (r *run) logStudy(t study.Tables) error {
	var b bytes.Buffer
	if err := t.WriteText(&b, false); err != nil {
		return fmt.Errorf("the study's tables: %w", err)
	}
	r.stopped = randomToken()
	fmt.Fprintf(r.stdout, "\n::stop-commands::%s\n", r.stopped)
	io.WriteString(r.stdout, inert.Text(b.String()))
	r.resumeCommands()
	return nil
}

// freshDir returns why dir is no place for the study's files: they are
// written only into a new directory or an empty one, never over a file
// that was there or beside one.
func freshDir(dir string) error {
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s is a symbolic link (the study is written into a new or empty directory, never through a link)", dir)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s exists and is no directory (the study is written into a new or empty directory)", dir)
	}
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	if names, _ := f.Readdirnames(1); len(names) > 0 {
		return fmt.Errorf("%s exists and is not empty: the study is written only into a new or empty directory, never over or beside files that are there; name another with the study input", dir)
	}
	return nil
}

// writeStudy writes the study's files into dir, a new or empty directory
// (freshDir), whole or not at all: into a new directory beside it, which
// is then renamed to dir. The rename replaces only an empty directory
// (rename(2)), so no file that is there is ever overwritten or removed,
// whatever came there since freshDir looked.
func writeStudy(dir string, t study.Tables) error {
	if err := freshDir(dir); err != nil {
		return err
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+"-*")
	if err != nil {
		return err
	}
	// Gone once renamed; what is left of a failure is removed.
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	for _, f := range studyFiles {
		if err := writeNew(filepath.Join(tmp, f.name), func(w io.Writer) error { return f.write(t, w) }); err != nil {
			return err
		}
	}
	if _, err := t.WriteCSV(tmp); err != nil {
		return err
	}
	if _, err := t.WriteFigures(tmp); err != nil {
		return err
	}
	// syscall.Rename, not os.Rename, which refuses an existing directory
	// even when it is empty.
	if err := syscall.Rename(tmp, dir); err != nil {
		// What came there since: said as freshDir says it.
		if ferr := freshDir(dir); ferr != nil {
			return ferr
		}
		return err
	}
	return nil
}

// writeNew writes a file that must not exist yet.
func writeNew(name string, write func(io.Writer) error) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(name), err)
	}
	return nil
}
