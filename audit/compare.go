package audit

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/envaudit/envaudit/ecosystems"
)

// Comparison is the agreement between the declared sets (D1) of several
// reports of the same task — several agents, or several runs — per
// ecosystem, as the study measures it: D1 is the runtime declarations
// (DefinitionStudy).
type Comparison struct {
	// Definition is DefinitionStudy: the sets compared are the study's D1.
	Definition string                `json:"definition"`
	Reports    []string              `json:"reports"` // the reports' names, in the order given
	Ecosystems []EcosystemComparison `json:"ecosystems"`
}

// EcosystemComparison is the agreement on one ecosystem's declared set.
// A report without the ecosystem counts as declaring nothing in it.
type EcosystemComparison struct {
	Name string `json:"name"`
	// Declared holds each report's distinct declared names, sorted, in
	// the order of Comparison.Reports.
	Declared [][]string `json:"declared"`
	// Pairs holds the Jaccard index of every pair of reports, i < j.
	Pairs []PairJaccard `json:"pairs"`
	// MeanJaccard is the mean over Pairs; absent with fewer than two
	// reports.
	MeanJaccard *float64 `json:"meanJaccard,omitempty"`
	// Disjointness is the share of pairs with J = 0 (complete
	// disjointness rate); absent with fewer than two reports.
	Disjointness *float64 `json:"disjointness,omitempty"`
	// Unanimous is true when every report declares the same set.
	Unanimous bool `json:"unanimous"`
	// Common lists the names every report declares.
	Common []string `json:"common"`
}

// PairJaccard is the Jaccard index J = |A ∩ B| / |A ∪ B| of two reports'
// declared sets, 1 when both are empty.
type PairJaccard struct {
	A       int     `json:"a"` // index into Comparison.Reports
	B       int     `json:"b"`
	Jaccard float64 `json:"jaccard"`
}

// Jaccard returns |a ∩ b| / |a ∪ b| for two name lists, 1 when both are
// empty. Duplicates are ignored.
func Jaccard(a, b []string) float64 {
	sa, sb := setOf(a), setOf(b)
	union := len(sa)
	inter := 0
	for n := range sb {
		if sa[n] {
			inter++
		} else {
			union++
		}
	}
	if union == 0 {
		return 1
	}
	return float64(inter) / float64(union)
}

// Compare measures, for every ecosystem present in any report, how much
// the reports' declared sets agree. names labels the reports (file names);
// ecosystems are listed by name.
func Compare(names []string, reports []*Report) Comparison {
	c := Comparison{Definition: DefinitionStudy, Reports: nonNil(append([]string(nil), names...)), Ecosystems: []EcosystemComparison{}}
	eco := set{}
	for _, r := range reports {
		for _, e := range r.Ecosystems {
			eco[e.Name] = true
		}
	}
	for _, name := range sortedNames(eco) {
		ec := EcosystemComparison{Name: name, Pairs: []PairJaccard{}, Unanimous: true}
		for _, r := range reports {
			ec.Declared = append(ec.Declared, declaredNames(r, name))
		}
		common := setOf(ec.Declared[0])
		for i := range ec.Declared {
			common = minus(common, minus(common, setOf(ec.Declared[i])))
			if i > 0 && Jaccard(ec.Declared[0], ec.Declared[i]) != 1 {
				ec.Unanimous = false
			}
		}
		ec.Common = nonNil(sortedNames(common))
		sum, disjoint := 0.0, 0
		for i := range reports {
			for j := i + 1; j < len(reports); j++ {
				jac := Jaccard(ec.Declared[i], ec.Declared[j])
				ec.Pairs = append(ec.Pairs, PairJaccard{A: i, B: j, Jaccard: jac})
				sum += jac
				if jac == 0 {
					disjoint++
				}
			}
		}
		if n := len(ec.Pairs); n > 0 {
			ec.MeanJaccard = new(sum / float64(n))
			ec.Disjointness = new(float64(disjoint) / float64(n))
		}
		c.Ecosystems = append(c.Ecosystems, ec)
	}
	return c
}

// declaredNames returns the report's D1 in eco as the study defines it
// (StudyDeclared).
func declaredNames(r *Report, eco string) []string {
	for _, e := range r.Ecosystems {
		if e.Name == eco {
			return StudyDeclared(e)
		}
	}
	return []string{}
}

// StudyDeclared returns the ecosystem's D1 as the study defines it
// (DefinitionStudy), sorted: the names with a runtime declaration, without
// the excluded ones (toolchain packages, declarations whose markers do
// not apply here). A devDependency, a test extra or a build requirement is
// no part of what the project declares it needs to run.
func StudyDeclared(e EcosystemReport) []string {
	excluded := set{}
	for _, x := range e.Excluded {
		excluded[x.Name] = true
	}
	s := set{}
	for _, d := range e.Declared {
		if d.Scope == ecosystems.ScopeRuntime && d.Name != "" && !excluded[d.Name] {
			s[d.Name] = true
		}
	}
	return nonNil(sortedNames(s))
}

// WriteText renders the comparison for a terminal.
func (c Comparison) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	ew.printf("%d reports: ", len(c.Reports))
	for i, n := range c.Reports {
		if i > 0 {
			ew.printf(", ")
		}
		ew.printf("[%d] %s", i+1, n)
	}
	ew.printf("\n")
	for _, e := range c.Ecosystems {
		ew.printf("\n%s\n", e.Name)
		ew.printf("  D1 (runtime)  ")
		for i, d := range e.Declared {
			if i > 0 {
				ew.printf(" · ")
			}
			ew.printf("[%d] %d", i+1, len(d))
		}
		ew.printf("\n")
		if e.MeanJaccard != nil {
			ew.printf("  Jaccard       mean %.2f;", *e.MeanJaccard)
			for _, p := range e.Pairs {
				ew.printf(" [%d]–[%d] %.2f", p.A+1, p.B+1, p.Jaccard)
			}
			ew.printf("\n")
			ew.printf("  disjoint      %s of pairs share no declared package\n", percent(*e.Disjointness))
		}
		if e.Unanimous {
			ew.printf("  consensus     unanimous: every report declares the same set\n")
		} else {
			ew.printf("  consensus     not unanimous\n")
		}
		if len(e.Common) > 0 {
			ew.printf("  common        %s\n", joinNames(e.Common, 12))
		} else {
			ew.printf("  common        no package is declared by every report\n")
		}
	}
	return ew.err
}

// WriteJSON writes the comparison as indented JSON.
func (c Comparison) WriteJSON(w io.Writer) error {
	return writeJSON(w, c)
}

// percent renders a rate as a whole percentage.
func percent(f float64) string {
	return fmt.Sprintf("%.0f%%", f*100)
}

// joinNames lists up to max names and how many more there are.
func joinNames(names []string, max int) string {
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	s := ""
	for i, n := range sorted {
		if i == max {
			return s + fmt.Sprintf(" and %d more", len(sorted)-max)
		}
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
