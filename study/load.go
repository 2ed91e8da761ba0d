package study

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/projfile"
)

// maxReport bounds the size of a report read: the largest real ones are a
// few megabytes.
const maxReport = 64 << 20

// maxManifest bounds the size of a manifest.
const maxManifest = 16 << 20

// ReadReport reads the report in the file name.
func ReadReport(name string) (*audit.Report, error) {
	data, err := projfile.ReadFile(name, maxReport)
	if err != nil {
		return nil, err
	}
	return audit.ReadReport(bytes.NewReader(data), name)
}

// manifestColumns are the columns a manifest may have; report is required.
var manifestColumns = []string{"report", "agent", "task", "trial", "language"}

// ReadManifest reads a manifest: a CSV file whose header names its
// columns — report (the report's path, relative to the manifest's
// directory unless absolute) and any of agent, task, trial and language —
// and whose every other line is one project. The reports are read.
func ReadManifest(name string) ([]Project, error) {
	data, err := projfile.ReadFile(name, maxManifest)
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = 0
	header, err := r.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty: want a header line naming the columns (%s)", name, strings.Join(manifestColumns, ", "))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if !slices.Contains(manifestColumns, h) {
			return nil, fmt.Errorf("%s:1: unknown column %q (want %s)", name, h, strings.Join(manifestColumns, ", "))
		}
		if _, dup := col[h]; dup {
			return nil, fmt.Errorf("%s:1: column %q twice", name, h)
		}
		col[h] = i
	}
	if _, ok := col["report"]; !ok {
		return nil, fmt.Errorf("%s:1: no report column", name)
	}
	dir := filepath.Dir(name)
	var out []Project
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		line, _ := r.FieldPos(0)
		field := func(c string) string {
			if i, ok := col[c]; ok {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		rep := field("report")
		if rep == "" {
			return nil, fmt.Errorf("%s:%d: empty report", name, line)
		}
		if !filepath.IsAbs(rep) {
			rep = filepath.Join(dir, filepath.FromSlash(rep))
		}
		rp, err := ReadReport(rep)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		out = append(out, NewProject(rep, rp, field("agent"), field("task"), field("trial"), field("language")))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no project below the header", name)
	}
	return out, nil
}

// DefaultLayout is the layout of a directory of reports when none is
// given: DIR/AGENT/TASK/TRIAL/REPORT.json.
const DefaultLayout = "{agent}/{task}/{trial}"

// layoutFields are the placeholders a layout may hold.
var layoutFields = []string{"agent", "task", "trial", "language"}

// compileLayout turns a layout — the path of a report's directory below
// the directory read, with {agent}, {task}, {trial} and {language} where
// those labels stand — into a pattern and the field of each group.
func compileLayout(layout string) (*regexp.Regexp, []string, error) {
	var b strings.Builder
	var fields []string
	rest := layout
	for rest != "" {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			b.WriteString(regexp.QuoteMeta(rest))
			break
		}
		b.WriteString(regexp.QuoteMeta(rest[:i]))
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return nil, nil, fmt.Errorf("layout %q: { without }", layout)
		}
		f := rest[i+1 : i+j]
		if !slices.Contains(layoutFields, f) {
			return nil, nil, fmt.Errorf("layout %q: unknown field {%s} (want {agent}, {task}, {trial} or {language})", layout, f)
		}
		if slices.Contains(fields, f) {
			return nil, nil, fmt.Errorf("layout %q: {%s} twice", layout, f)
		}
		if len(fields) > 0 && i == 0 {
			return nil, nil, fmt.Errorf("layout %q: two fields with nothing between them", layout)
		}
		fields = append(fields, f)
		b.WriteString(`([^/]+?)`)
		rest = rest[i+j+1:]
	}
	if len(fields) == 0 {
		return nil, nil, fmt.Errorf("layout %q: no field", layout)
	}
	re, err := regexp.Compile("^" + b.String() + "$")
	return re, fields, err
}

// CheckLayout returns why layout is no layout ReadDir can label reports
// by (a field it does not know, a brace without its pair, two fields with
// nothing between them, no field at all); nil when it is one.
func CheckLayout(layout string) error {
	_, _, err := compileLayout(layout)
	return err
}

// ReadDir reads every envaudit report below dir (a JSON file with a
// schemaVersion and ecosystems; other JSON files, such as SBOMs, are
// skipped) and labels each by the path of its directory below dir, matched
// against layout (DefaultLayout when ""). A report whose directory does
// not match is an error naming it, and so is a .json file that is not
// JSON at all (a report cut short or garbled), which would otherwise drop
// out of the tables unseen.
func ReadDir(dir, layout string) ([]Project, error) {
	if layout == "" {
		layout = DefaultLayout
	}
	re, fields, err := compileLayout(layout)
	if err != nil {
		return nil, err
	}
	var out []Project
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".json") || !d.Type().IsRegular() {
			return nil
		}
		r, err := readIfReport(path)
		if err != nil || r == nil {
			return err
		}
		rel, err := filepath.Rel(dir, filepath.Dir(path))
		if err != nil {
			return err
		}
		m := re.FindStringSubmatch(filepath.ToSlash(rel))
		if m == nil {
			return fmt.Errorf("%s: its directory %q does not match the layout %q", path, filepath.ToSlash(rel), layout)
		}
		labels := map[string]string{}
		for i, f := range fields {
			labels[f] = m[i+1]
		}
		out = append(out, NewProject(path, r, labels["agent"], labels["task"], labels["trial"], labels["language"]))
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no envaudit report below it", dir)
	}
	return out, nil
}

// readIfReport reads the file at path as a report when its top-level keys
// make it one (schemaVersion and ecosystems); nil for other JSON, an error
// for a file that is not JSON.
func readIfReport(path string) (*audit.Report, error) {
	data, err := projfile.ReadFile(path, maxReport)
	if err != nil {
		return nil, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			// JSON, but no object: no report.
			return nil, nil
		}
		return nil, fmt.Errorf("%s: not JSON: %v", path, err)
	}
	if _, ok := top["schemaVersion"]; !ok {
		return nil, nil
	}
	if _, ok := top["ecosystems"]; !ok {
		return nil, nil
	}
	return audit.ReadReport(bytes.NewReader(data), path)
}

// errNoInput says what study needs.
var errNoInput = errors.New("no reports: give report files, a directory of reports, or --manifest")

// Read reads the projects named by args (report files and directories of
// reports, the latter read with layout) and by the manifest, if any. A
// report file given alone is labelled by nothing but its name.
func Read(args []string, manifest, layout string) ([]Project, error) {
	var out []Project
	if manifest != "" {
		ps, err := ReadManifest(manifest)
		if err != nil {
			return nil, err
		}
		out = append(out, ps...)
	}
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if st.IsDir() {
			ps, err := ReadDir(a, layout)
			if err != nil {
				return nil, err
			}
			out = append(out, ps...)
			continue
		}
		r, err := ReadReport(a)
		if err != nil {
			return nil, err
		}
		out = append(out, NewProject(a, r, "", strings.TrimSuffix(filepath.Base(a), ".json"), "", ""))
	}
	if len(out) == 0 {
		return nil, errNoInput
	}
	return out, nil
}
