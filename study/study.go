// Package study aggregates envaudit reports of many projects into the
// tables of the study envaudit implements ("Code That Works, Environments
// That Don't"): per agent and language the layers' metrics, the agreement
// of the declared sets across agents on one task and across the trials of
// one agent, and the distribution of projects over classes. Every figure
// uses the study's definition of the layers (audit.DefinitionStudy): the
// reports' studyMetrics and their runtime declarations.
package study

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/envaudit/envaudit/audit"
)

// Languages maps an ecosystem to the language the study names it by. The
// system ecosystem (the machine's packages) is no language: its figures are
// left out unless a project's language names it.
var Languages = map[string]string{
	"npm":    "JavaScript",
	"python": "Python",
	"maven":  "Java",
	"cmake":  "C++",
	"go":     "Go",
	"cargo":  "Rust",
}

// languageOf returns the language of the ecosystem name, "" for none.
func languageOf(eco string) string { return Languages[eco] }

// A Project is one report with what the study needs to know of it: the
// agent that wrote the project, the task, the trial, and the language its
// figures are read for ("" for every language the report has).
type Project struct {
	Report   string // the report's name, as given
	Agent    string
	Task     string
	Trial    string
	Language string
	report   *audit.Report
}

// NewProject labels a read report.
func NewProject(name string, r *audit.Report, agent, task, trial, language string) Project {
	return Project{Report: name, Agent: agent, Task: task, Trial: trial, Language: language, report: r}
}

// An Entry is one project's figures in one language.
type Entry struct {
	Report   string        `json:"report"`
	Agent    string        `json:"agent"`
	Task     string        `json:"task"`
	Trial    string        `json:"trial"`
	Language string        `json:"language"`
	Metrics  audit.Metrics `json:"metrics"`
	// Declared is the study's D1, for the agreement tables.
	Declared []string `json:"declared"`
	// Class is where the project falls (Classes).
	Class string `json:"class"`
	// Missing names the layers the report could not obtain; an entry
	// missing one counts in no metric but still in the agreement tables,
	// which rest on D1 alone.
	Missing []string `json:"missing,omitempty"`
}

// The classes of a project, by which of its layers disagree.
const (
	ClassExact  = "exact" // D1 = D3, not both empty
	ClassOver   = "over"  // phantoms only: declared, never loaded
	ClassUnder  = "under" // hidden only: loaded, never declared
	ClassMixed  = "mixed" // both phantoms and hidden
	ClassEmpty  = "empty" // n1 = n3 = 0: nothing declared, nothing loaded
	ClassNoData = "no-data"
)

// Classes lists the classes in the order tables show them.
var Classes = []string{ClassExact, ClassOver, ClassUnder, ClassMixed, ClassEmpty}

func classOf(m audit.Metrics) string {
	phantom := m.PhantomRate > 0
	hidden := m.HiddenRate > 0
	switch {
	case m.Declared == 0 && m.Traced == 0:
		return ClassEmpty
	case phantom && hidden:
		return ClassMixed
	case phantom:
		return ClassOver
	case hidden:
		return ClassUnder
	default:
		return ClassExact
	}
}

// Entries returns the figures of every project in every language it is
// read for, sorted by language, agent, task and trial. A report whose
// ecosystem of the project's language is absent is an error, as is one
// written before reports held the study's metrics.
func Entries(projects []Project) ([]Entry, error) {
	var out []Entry
	for _, p := range projects {
		found := false
		for _, e := range p.report.Ecosystems {
			lang := languageOf(e.Name)
			if p.Language != "" {
				if !strings.EqualFold(p.Language, lang) && !strings.EqualFold(p.Language, e.Name) {
					continue
				}
				if lang == "" {
					lang = e.Name
				}
			} else if lang == "" {
				continue
			}
			if e.StudyMetrics.Definition != audit.DefinitionStudy {
				return nil, fmt.Errorf("%s: the %s ecosystem has no studyMetrics (a report of an older envaudit): audit the project again", p.Report, e.Name)
			}
			found = true
			en := Entry{
				Report: p.Report, Agent: p.Agent, Task: p.Task, Trial: p.Trial, Language: lang,
				Metrics:  e.StudyMetrics,
				Declared: audit.StudyDeclared(e),
				Missing:  e.Missing,
			}
			en.Class = ClassNoData
			if len(e.Missing) == 0 {
				en.Class = classOf(e.StudyMetrics)
			}
			out = append(out, en)
		}
		if !found && p.Language != "" {
			return nil, fmt.Errorf("%s: no %s ecosystem in the report", p.Report, p.Language)
		}
	}
	slices.SortStableFunc(out, func(a, b Entry) int {
		return cmp.Or(cmp.Compare(a.Language, b.Language), cmp.Compare(a.Agent, b.Agent), cmp.Compare(a.Task, b.Task), compareTrials(a.Trial, b.Trial))
	})
	return out, nil
}

// compareTrials orders trial labels numerically when both are numbers
// written plainly ("2" before "10").
func compareTrials(a, b string) int {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	if errA == nil && errB == nil && strconv.Itoa(x) == a && strconv.Itoa(y) == b {
		return cmp.Compare(x, y)
	}
	return cmp.Compare(a, b)
}

// Summary is the mean and median of one figure over the projects where it
// is defined.
type Summary struct {
	N      int      `json:"n"`
	Mean   *float64 `json:"mean,omitempty"`
	Median *float64 `json:"median,omitempty"`
}

func summarize(xs []float64) Summary {
	s := Summary{N: len(xs)}
	if len(xs) == 0 {
		return s
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(len(xs))
	sorted := slices.Sorted(slices.Values(xs))
	med := sorted[len(sorted)/2]
	if len(sorted)%2 == 0 {
		med = (sorted[len(sorted)/2-1] + sorted[len(sorted)/2]) / 2
	}
	s.Mean, s.Median = &mean, &med
	return s
}

// MetricsRow is the metrics of one agent's projects in one language (the
// agent "all" for every agent's).
type MetricsRow struct {
	Agent     string  `json:"agent"`
	Language  string  `json:"language"`
	N         int     `json:"n"`       // projects with every layer
	NoData    int     `json:"noData"`  // projects missing a layer, left out
	Phantom   Summary `json:"phantom"` // φ
	Hidden    Summary `json:"hidden"`  // η
	Bloat     Summary `json:"bloat"`   // β
	Inflation Summary `json:"inflation"`
	Precision Summary `json:"precision"`
	Recall    Summary `json:"recall"`
	F1        Summary `json:"f1"`
	// Classes counts the projects of each class (Classes).
	Classes map[string]int `json:"classes"`
}

// AllAgents labels the rows over every agent.
const AllAgents = "all"

func metricsRow(agent, lang string, es []Entry) MetricsRow {
	r := MetricsRow{Agent: agent, Language: lang, Classes: map[string]int{}}
	var phi, eta, beta, rho, p, rc, f1 []float64
	for _, e := range es {
		if len(e.Missing) > 0 {
			r.NoData++
			continue
		}
		r.N++
		r.Classes[e.Class]++
		m := e.Metrics
		phi, eta, beta = append(phi, m.PhantomRate), append(eta, m.HiddenRate), append(beta, m.BloatRate)
		for _, x := range []struct {
			v  *float64
			to *[]float64
		}{{m.Inflation, &rho}, {m.Precision, &p}, {m.Recall, &rc}, {m.F1, &f1}} {
			if x.v != nil {
				*x.to = append(*x.to, *x.v)
			}
		}
	}
	r.Phantom, r.Hidden, r.Bloat, r.Inflation = summarize(phi), summarize(eta), summarize(beta), summarize(rho)
	r.Precision, r.Recall, r.F1 = summarize(p), summarize(rc), summarize(f1)
	return r
}

// Agreement is how much the declared sets of several projects of one task
// agree, over the tasks of one language (cross-agent) or of one agent and
// language (over trials).
type Agreement struct {
	Agent    string `json:"agent,omitempty"` // over trials: the agent; cross-agent: ""
	Language string `json:"language"`
	Tasks    int    `json:"tasks"` // tasks with at least two projects
	Pairs    int    `json:"pairs"`
	// Jaccard summarizes J = |A ∩ B| / |A ∪ B| (1 when both are empty)
	// over every pair.
	Jaccard Summary `json:"jaccard"`
	// Disjoint is the share of pairs with J = 0; Unanimous the share of
	// tasks where every project declares the same set.
	Disjoint  *float64 `json:"disjoint,omitempty"`
	Unanimous *float64 `json:"unanimous,omitempty"`
	// Union and Intersection are the mean sizes, over tasks, of the
	// union and the intersection of the projects' declared sets.
	Union        *float64 `json:"union,omitempty"`
	Intersection *float64 `json:"intersection,omitempty"`
}

// PairAgreement is the mean Jaccard of two agents' declared sets over the
// tasks of one language both did.
type PairAgreement struct {
	Language string  `json:"language"`
	A        string  `json:"a"`
	B        string  `json:"b"`
	Tasks    int     `json:"tasks"`
	Jaccard  Summary `json:"jaccard"`
}

// agreement measures the groups (each the declared sets of one task).
func agreement(groups [][][]string) Agreement {
	var a Agreement
	var js, unions, inters []float64
	disjoint, unanimous := 0, 0
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		a.Tasks++
		same := true
		union, inter := map[string]bool{}, map[string]int{}
		for i := range g {
			for _, n := range g[i] {
				union[n] = true
				inter[n]++
			}
			for j := i + 1; j < len(g); j++ {
				jac := audit.Jaccard(g[i], g[j])
				js = append(js, jac)
				if jac == 0 {
					disjoint++
				}
			}
			if i > 0 && !slices.Equal(g[0], g[i]) {
				same = false
			}
		}
		if same {
			unanimous++
		}
		common := 0
		for _, c := range inter {
			if c == len(g) {
				common++
			}
		}
		unions = append(unions, float64(len(union)))
		inters = append(inters, float64(common))
	}
	a.Pairs = len(js)
	a.Jaccard = summarize(js)
	if a.Pairs > 0 {
		a.Disjoint = new(float64(disjoint) / float64(a.Pairs))
	}
	if a.Tasks > 0 {
		a.Unanimous = new(float64(unanimous) / float64(a.Tasks))
		a.Union, a.Intersection = summarize(unions).Mean, summarize(inters).Mean
	}
	return a
}

// Tables are the study's tables over a set of projects.
type Tables struct {
	Definition string `json:"definition"` // audit.DefinitionStudy
	Projects   int    `json:"projects"`   // reports read
	// Metrics has a row per agent and language, then one per language
	// over every agent (Agent "all").
	Metrics []MetricsRow `json:"metrics"`
	// CrossAgent has a row per language: the agents' declared sets on the
	// same task, each agent's first trial.
	CrossAgent []Agreement     `json:"crossAgent"`
	AgentPairs []PairAgreement `json:"agentPairs"`
	// IntraAgent has a row per agent and language: the declared sets of
	// one agent's trials of the same task.
	IntraAgent []Agreement `json:"intraAgent"`
	Entries    []Entry     `json:"entries"`
}

// Tabulate builds the tables of projects: Compute over their Entries.
func Tabulate(projects []Project) (Tables, error) {
	entries, err := Entries(projects)
	if err != nil {
		return Tables{}, err
	}
	return Compute(len(projects), entries), nil
}

// Compute builds the tables from the entries (Entries).
func Compute(projects int, entries []Entry) Tables {
	t := Tables{Definition: audit.DefinitionStudy, Projects: projects, Metrics: []MetricsRow{}, CrossAgent: []Agreement{}, AgentPairs: []PairAgreement{}, IntraAgent: []Agreement{}, Entries: entries}
	if t.Entries == nil {
		t.Entries = []Entry{}
	}
	byLang := groupBy(entries, func(e Entry) string { return e.Language })
	for _, lang := range slices.Sorted(maps.Keys(byLang)) {
		es := byLang[lang]
		byAgent := groupBy(es, func(e Entry) string { return e.Agent })
		agents := slices.Sorted(maps.Keys(byAgent))
		for _, agent := range agents {
			t.Metrics = append(t.Metrics, metricsRow(agent, lang, byAgent[agent]))
		}
		if len(agents) > 1 {
			t.Metrics = append(t.Metrics, metricsRow(AllAgents, lang, es))
		}

		// Across agents: each agent's first trial of each task.
		first := map[string]map[string][]string{} // task → agent → D1
		for _, e := range es {
			if first[e.Task] == nil {
				first[e.Task] = map[string][]string{}
			}
			if _, ok := first[e.Task][e.Agent]; !ok {
				first[e.Task][e.Agent] = e.Declared
			}
		}
		var groups [][][]string
		for _, task := range slices.Sorted(maps.Keys(first)) {
			var g [][]string
			for _, agent := range slices.Sorted(maps.Keys(first[task])) {
				g = append(g, first[task][agent])
			}
			groups = append(groups, g)
		}
		if a := agreement(groups); a.Tasks > 0 {
			a.Language = lang
			t.CrossAgent = append(t.CrossAgent, a)
		}
		for i, x := range agents {
			for _, y := range agents[i+1:] {
				var pairs [][][]string
				for _, task := range slices.Sorted(maps.Keys(first)) {
					dx, okx := first[task][x]
					dy, oky := first[task][y]
					if okx && oky {
						pairs = append(pairs, [][]string{dx, dy})
					}
				}
				if a := agreement(pairs); a.Tasks > 0 {
					t.AgentPairs = append(t.AgentPairs, PairAgreement{Language: lang, A: x, B: y, Tasks: a.Tasks, Jaccard: a.Jaccard})
				}
			}
		}

		// Over trials: one agent's trials of each task.
		for _, agent := range agents {
			byTask := groupBy(byAgent[agent], func(e Entry) string { return e.Task })
			var groups [][][]string
			for _, task := range slices.Sorted(maps.Keys(byTask)) {
				var g [][]string
				for _, e := range byTask[task] {
					g = append(g, e.Declared)
				}
				groups = append(groups, g)
			}
			if a := agreement(groups); a.Tasks > 0 {
				a.Agent, a.Language = agent, lang
				t.IntraAgent = append(t.IntraAgent, a)
			}
		}
	}
	return t
}

func groupBy(es []Entry, key func(Entry) string) map[string][]Entry {
	out := map[string][]Entry{}
	for _, e := range es {
		out[key(e)] = append(out[key(e)], e)
	}
	return out
}

// round keeps what a table shows of a figure, so that text, Markdown and
// CSV agree digit for digit.
func round(f float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(f*p) / p
}
