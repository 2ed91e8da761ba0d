package study

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/envaudit/envaudit/internal/inert"
	"github.com/envaudit/envaudit/internal/markdown"
)

// A table is one of the study's tables as rows of cells, shared by the
// text, Markdown and CSV renderings so that they agree cell for cell.
type table struct {
	id     string // the CSV file's name, without .csv
	title  string
	note   string
	header []string
	rows   [][]string
	// labels is how many of the first columns are labels (left-aligned);
	// the others are figures (right-aligned).
	labels int
}

// rate shows a rate or Jaccard index with two decimals; "–" when
// undefined.
func rate(f *float64) string {
	if f == nil {
		return "–"
	}
	return strconv.FormatFloat(round(*f, 2), 'f', 2, 64)
}

// size shows a mean count or ratio with one decimal.
func size(f *float64) string {
	if f == nil {
		return "–"
	}
	return strconv.FormatFloat(round(*f, 1), 'f', 1, 64)
}

func share(n, of int) string {
	if of == 0 {
		return "–"
	}
	return fmt.Sprintf("%d (%.0f%%)", n, 100*float64(n)/float64(of))
}

// tables lays the tables out.
func (t Tables) tables() []table {
	metrics := table{
		id:     "metrics",
		labels: 2,
		title:  "Layers per agent and language",
		note:   "n: projects with every layer (no data: missing one). φ phantom, η hidden, β bloat rate, ρ inflation n2/n1: mean / median. P, R, F1 of D1 against D3: mean. The study's definitions: D1 the runtime declarations, D2 everything installed, D3 everything loaded.",
		header: []string{"agent", "language", "n", "no data", "φ mean", "φ median", "η mean", "η median", "β mean", "β median",
			"ρ mean", "ρ median", "P", "R", "F1"},
	}
	classes := table{
		id:     "classes",
		labels: 2,
		title:  "Projects by class",
		note:   "exact: D1 = D3; over: phantoms only; under: hidden only; mixed: both; empty: nothing declared, nothing loaded.",
		header: append([]string{"agent", "language", "n"}, Classes...),
	}
	for _, r := range t.Metrics {
		metrics.rows = append(metrics.rows, []string{r.Agent, r.Language, strconv.Itoa(r.N), strconv.Itoa(r.NoData),
			rate(r.Phantom.Mean), rate(r.Phantom.Median), rate(r.Hidden.Mean), rate(r.Hidden.Median),
			rate(r.Bloat.Mean), rate(r.Bloat.Median), size(r.Inflation.Mean), size(r.Inflation.Median),
			rate(r.Precision.Mean), rate(r.Recall.Mean), rate(r.F1.Mean)})
		row := []string{r.Agent, r.Language, strconv.Itoa(r.N)}
		for _, c := range Classes {
			row = append(row, share(r.Classes[c], r.N))
		}
		classes.rows = append(classes.rows, row)
	}
	cross := table{
		id:     "cross-agent",
		labels: 1,
		title:  "Agreement of the declared sets across agents (each agent's first trial of a task)",
		note:   "J: Jaccard |A ∩ B| / |A ∪ B| of two agents' D1 on one task, 1 when both are empty. Disjoint: share of pairs with J = 0. Unanimous: share of tasks where every agent declares the same set.",
		header: []string{"language", "tasks", "pairs", "J mean", "J median", "disjoint", "unanimous"},
	}
	for _, a := range t.CrossAgent {
		cross.rows = append(cross.rows, []string{a.Language, strconv.Itoa(a.Tasks), strconv.Itoa(a.Pairs),
			rate(a.Jaccard.Mean), rate(a.Jaccard.Median), rate(a.Disjoint), rate(a.Unanimous)})
	}
	pairs := table{
		id:     "agent-pairs",
		labels: 2,
		title:  "Agreement of two agents",
		header: []string{"language", "agents", "tasks", "J mean", "J median"},
	}
	for _, p := range t.AgentPairs {
		pairs.rows = append(pairs.rows, []string{p.Language, p.A + " – " + p.B, strconv.Itoa(p.Tasks), rate(p.Jaccard.Mean), rate(p.Jaccard.Median)})
	}
	intra := table{
		id:     "intra-agent",
		labels: 2,
		title:  "Agreement of one agent's trials of a task",
		note:   "J over every pair of trials of a task. UCR: unanimous consensus rate, the share of tasks whose trials all declare the same set. ∪, ∩: mean size, over tasks, of the union and the intersection of the trials' D1.",
		header: []string{"agent", "language", "tasks", "pairs", "J mean", "J median", "UCR", "∪", "∩"},
	}
	for _, a := range t.IntraAgent {
		intra.rows = append(intra.rows, []string{a.Agent, a.Language, strconv.Itoa(a.Tasks), strconv.Itoa(a.Pairs),
			rate(a.Jaccard.Mean), rate(a.Jaccard.Median), rate(a.Unanimous), size(a.Union), size(a.Intersection)})
	}
	projects := table{
		id:     "projects",
		labels: 5,
		title:  "Projects",
		header: []string{"report", "agent", "task", "trial", "language", "n1", "n2", "n3", "φ", "η", "β", "ρ", "P", "R", "F1", "class"},
	}
	for _, e := range t.Entries {
		m := e.Metrics
		projects.rows = append(projects.rows, []string{e.Report, e.Agent, e.Task, e.Trial, e.Language,
			strconv.Itoa(m.Declared), strconv.Itoa(m.Installed), strconv.Itoa(m.Traced),
			rate(&m.PhantomRate), rate(&m.HiddenRate), rate(&m.BloatRate), size(m.Inflation),
			rate(m.Precision), rate(m.Recall), rate(m.F1), e.Class})
	}
	return []table{metrics, classes, cross, pairs, intra, projects}
}

// WriteText renders the tables for a terminal, in aligned columns; the
// per-project table only with all. A cell holds what the reports and
// their directories' names say, which whoever wrote them controls: each
// is one line (inert.Line), so no control character or line break of a
// label's reaches the terminal or ends a row.
func (t Tables) WriteText(w io.Writer, all bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d reports, %d project figures; the study's definitions of the layers\n", t.Projects, len(t.Entries))
	for _, tb := range t.tables() {
		if tb.id == "projects" && !all {
			continue
		}
		tb.rows = textCells(tb.rows)
		fmt.Fprintf(&b, "\n%s\n", tb.title)
		if len(tb.rows) == 0 {
			fmt.Fprintf(&b, "  (none: %s)\n", emptyWhy(tb.id))
			continue
		}
		widths := make([]int, len(tb.header))
		for _, r := range append([][]string{tb.header}, tb.rows...) {
			for i, c := range r {
				widths[i] = max(widths[i], utf8.RuneCountInString(c))
			}
		}
		for _, r := range append([][]string{tb.header}, tb.rows...) {
			fmt.Fprintf(&b, " ")
			for i, c := range r {
				pad := widths[i] - utf8.RuneCountInString(c)
				if i < tb.labels {
					fmt.Fprintf(&b, " %s%s", c, strings.Repeat(" ", pad))
				} else {
					fmt.Fprintf(&b, " %s%s", strings.Repeat(" ", pad), c)
				}
			}
			fmt.Fprintf(&b, "\n")
		}
		if tb.note != "" {
			fmt.Fprintf(&b, "  %s\n", tb.note)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func emptyWhy(id string) string {
	switch id {
	case "cross-agent", "agent-pairs":
		return "no task was done by two agents"
	case "intra-agent":
		return "no agent did a task twice"
	}
	return "no project"
}

// WriteMarkdown renders the tables as GitHub Markdown. Every cell is
// inert Markdown text (markdown.Text): a label from a directory's name, a
// report's path or an ecosystem's name comes from the reports, which the
// jobs that ran the projects' code wrote (and that code could rewrite),
// so none may make a link, an image, an HTML tag, an @mention or a
// cross-reference, or end its cell or row.
func (t Tables) WriteMarkdown(w io.Writer, all bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d reports, %d project figures; the study's definitions of the layers.\n", t.Projects, len(t.Entries))
	for _, tb := range t.tables() {
		if tb.id == "projects" && !all {
			continue
		}
		fmt.Fprintf(&b, "\n### %s\n\n", tb.title)
		if len(tb.rows) == 0 {
			fmt.Fprintf(&b, "None: %s.\n", emptyWhy(tb.id))
			continue
		}
		fmt.Fprintf(&b, "| %s |\n", strings.Join(escapeCells(tb.header), " | "))
		fmt.Fprintf(&b, "|")
		for i := range tb.header {
			if i < tb.labels {
				fmt.Fprintf(&b, "---|")
			} else {
				fmt.Fprintf(&b, "--:|")
			}
		}
		fmt.Fprintf(&b, "\n")
		for _, r := range tb.rows {
			fmt.Fprintf(&b, "| %s |\n", strings.Join(escapeCells(r), " | "))
		}
		if tb.note != "" {
			fmt.Fprintf(&b, "\n%s\n", tb.note)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// escapeCells returns the cells as Markdown table cells (markdown.Text).
func escapeCells(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = markdown.Text(c)
	}
	return out
}

// textCells returns the rows with each cell on one line (inert.Line).
func textCells(rows [][]string) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = make([]string, len(r))
		for j, c := range r {
			out[i][j] = inert.Line(c)
		}
	}
	return out
}

// WriteJSON writes the tables as JSON.
func (t Tables) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(t)
}

// WriteCSV writes each table to DIR/<table>.csv (metrics, classes,
// cross-agent, agent-pairs, intra-agent, projects), creating dir. It
// returns the files written.
func (t Tables) WriteCSV(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var files []string
	for _, tb := range t.tables() {
		name := filepath.Join(dir, tb.id+".csv")
		f, err := os.Create(name)
		if err != nil {
			return files, err
		}
		cw := csv.NewWriter(f)
		cw.Write(tb.header)
		for _, r := range tb.rows {
			cells := make([]string, len(r))
			for i, c := range r {
				cells[i] = csvCell(c)
			}
			cw.Write(cells)
		}
		cw.Flush()
		err = cw.Error()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return files, fmt.Errorf("write %s: %w", name, err)
		}
		files = append(files, name)
	}
	return files, nil
}

// csvCell is a table's cell as a CSV cell: a number a spreadsheet reads,
// empty when undefined, a count without its share. A text cell that a
// spreadsheet would take for a formula (a label or path beginning with
// =, +, -, @ or a control character, which a report's directory can
// name) is kept as text by a leading apostrophe, as OWASP's advice on
// CSV injection says.
func csvCell(c string) string {
	if c == "–" {
		return ""
	}
	if n, rest, ok := strings.Cut(c, " ("); ok && strings.HasSuffix(rest, "%)") {
		return n
	}
	if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
		if _, err := strconv.ParseFloat(c, 64); err != nil {
			return "'" + c
		}
	}
	return c
}
