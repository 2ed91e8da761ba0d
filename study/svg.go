package study

import (
	"fmt"
	"html"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The figures are plain SVG, drawn here: grouped bars and a strip plot
// need no plotting library, and the files stay small and diffable.

// A bar group is one label on the x axis with a bar per series.
type barGroup struct {
	label  string
	values []*float64 // one per series; nil draws no bar
}

// palette colours the series (colour-blind safe, Okabe–Ito).
var palette = []string{"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00"}

const (
	figW, figH   = 640, 360
	marginL      = 56
	marginR      = 16
	marginT      = 40
	marginB      = 64
	plotW, plotH = figW - marginL - marginR, figH - marginT - marginB
)

type svg struct{ b strings.Builder }

func (s *svg) printf(format string, args ...any) { fmt.Fprintf(&s.b, format, args...) }

func (s *svg) text(x, y float64, anchor, class, t string) {
	s.printf(`<text x="%.1f" y="%.1f" text-anchor="%s" class="%s">%s</text>`+"\n", x, y, anchor, class, html.EscapeString(t))
}

func newSVG(title string) *svg {
	s := &svg{}
	s.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", figW, figH, figW, figH)
	s.printf("<style>.title{font-size:14px;font-weight:bold}.axis{fill:#333}.value{font-size:10px;fill:#333}</style>\n")
	s.printf(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	s.text(figW/2, 22, "middle", "title", title)
	return s
}

func (s *svg) end() string {
	s.printf("</svg>\n")
	return s.b.String()
}

// yAxis draws the axis from 0 to top with ticks, and returns the y of a
// value.
func (s *svg) yAxis(top float64, label string, digits int) func(float64) float64 {
	y := func(v float64) float64 { return marginT + plotH - v/top*plotH }
	s.printf(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", marginL, marginT, marginL, marginT+plotH)
	s.printf(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", marginL, marginT+plotH, marginL+plotW, marginT+plotH)
	for i := 0; i <= 4; i++ {
		v := top * float64(i) / 4
		s.printf(`<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", marginL, y(v), marginL+plotW, y(v))
		s.text(marginL-6, y(v)+4, "end", "axis", fmt.Sprintf("%.*f", digits, v))
	}
	s.printf(`<text transform="translate(14,%d) rotate(-90)" text-anchor="middle" class="axis">%s</text>`+"\n", marginT+plotH/2, html.EscapeString(label))
	return y
}

// legend draws the series' names above the plot.
func (s *svg) legend(series []string) {
	x := float64(marginL)
	for i, name := range series {
		s.printf(`<rect x="%.1f" y="%d" width="10" height="10" fill="%s"/>`+"\n", x, marginT-12, palette[i%len(palette)])
		s.text(x+14, marginT-3, "start", "axis", name)
		x += 24 + 7*float64(len([]rune(name)))
	}
}

// bars draws grouped bars on a 0..top axis.
func bars(title, ylabel string, series []string, groups []barGroup, top float64) string {
	s := newSVG(title)
	y := s.yAxis(top, ylabel, 2)
	s.legend(series)
	if len(groups) == 0 {
		s.text(marginL+plotW/2, marginT+plotH/2, "middle", "axis", "no data")
		return s.end()
	}
	gw := float64(plotW) / float64(len(groups))
	bw := gw * 0.8 / float64(len(series))
	for gi, g := range groups {
		x0 := float64(marginL) + gw*float64(gi) + gw*0.1
		for si, v := range g.values {
			if v == nil {
				continue
			}
			x := x0 + bw*float64(si)
			s.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s %s: %.2f</title></rect>`+"\n",
				x, y(*v), bw-1, y(0)-y(*v), palette[si%len(palette)], html.EscapeString(g.label), html.EscapeString(series[si]), *v)
			s.text(x+bw/2, y(*v)-3, "middle", "value", fmt.Sprintf("%.2f", *v))
		}
		s.text(x0+gw*0.4, marginT+plotH+16, "middle", "axis", g.label)
	}
	return s.end()
}

// strip draws each group's values as dots with a bar at the median, on a
// 0..top axis.
func strip(title, ylabel string, groups map[string][]float64) string {
	top := 1.0
	for _, vs := range groups {
		for _, v := range vs {
			top = math.Max(top, v)
		}
	}
	top = niceCeil(top)
	s := newSVG(title)
	y := s.yAxis(top, ylabel, 1)
	labels := slices.Sorted(maps.Keys(groups))
	if len(labels) == 0 {
		s.text(marginL+plotW/2, marginT+plotH/2, "middle", "axis", "no data")
		return s.end()
	}
	gw := float64(plotW) / float64(len(labels))
	for gi, label := range labels {
		vs := slices.Sorted(slices.Values(groups[label]))
		cx := float64(marginL) + gw*(float64(gi)+0.5)
		for i, v := range vs {
			// Spread the dots sideways so equal values stay visible.
			dx := (float64(i%7) - 3) * gw * 0.05
			s.printf(`<circle cx="%.1f" cy="%.1f" r="3" fill="%s" fill-opacity="0.6"><title>%s: %.2f</title></circle>`+"\n", cx+dx, y(v), palette[gi%len(palette)], html.EscapeString(label), v)
		}
		if m := summarize(vs).Median; m != nil {
			s.printf(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#000" stroke-width="2"/>`+"\n", cx-gw*0.3, y(*m), cx+gw*0.3, y(*m))
			s.text(cx+gw*0.32, y(*m)+4, "start", "value", fmt.Sprintf("%.1f", *m))
		}
		s.text(cx, marginT+plotH+16, "middle", "axis", fmt.Sprintf("%s (n=%d)", label, len(vs)))
	}
	return s.end()
}

// niceCeil rounds up to 1, 2 or 5 times a power of ten.
func niceCeil(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if v <= m*p {
			return m * p
		}
	}
	return 10 * p
}

// Figures returns the study's figures by file name: rates.svg (the mean
// phantom, hidden and bloat rates per language), inflation.svg (the
// distribution of ρ per language) and agreement.svg (the mean Jaccard of
// the declared sets across agents and over trials, per language).
func (t Tables) Figures() map[string]string {
	out := map[string]string{}
	byLang := groupBy(t.Entries, func(e Entry) string { return e.Language })
	var rateGroups []barGroup
	inflation := map[string][]float64{}
	for _, lang := range slices.Sorted(maps.Keys(byLang)) {
		r := metricsRow(AllAgents, lang, byLang[lang])
		rateGroups = append(rateGroups, barGroup{label: lang, values: []*float64{r.Phantom.Mean, r.Hidden.Mean, r.Bloat.Mean}})
		for _, e := range byLang[lang] {
			if len(e.Missing) == 0 && e.Metrics.Inflation != nil {
				inflation[lang] = append(inflation[lang], *e.Metrics.Inflation)
			}
		}
	}
	out["rates.svg"] = bars("Phantom, hidden and bloat rates per language (mean)", "rate", []string{"φ phantom", "η hidden", "β bloat"}, rateGroups, 1)
	out["inflation.svg"] = strip("Inflation ρ = |D2| / |D1| per language", "ρ", inflation)

	cross := map[string]*float64{}
	for _, a := range t.CrossAgent {
		cross[a.Language] = a.Jaccard.Mean
	}
	intra := map[string][]float64{}
	for _, a := range t.IntraAgent {
		if a.Jaccard.Mean != nil {
			intra[a.Language] = append(intra[a.Language], *a.Jaccard.Mean)
		}
	}
	var agree []barGroup
	for _, lang := range slices.Sorted(maps.Keys(byLang)) {
		var in *float64
		if vs := intra[lang]; len(vs) > 0 {
			in = summarize(vs).Mean
		}
		agree = append(agree, barGroup{label: lang, values: []*float64{cross[lang], in}})
	}
	out["agreement.svg"] = bars("Agreement of the declared sets (mean Jaccard)", "Jaccard", []string{"across agents", "over one agent's trials"}, agree, 1)
	return out
}

// WriteFigures writes the figures into dir, creating it, and returns the
// files written.
func (t Tables) WriteFigures(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	figs := t.Figures()
	var files []string
	for _, name := range slices.Sorted(maps.Keys(figs)) {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(figs[name]), 0o644); err != nil {
			return files, err
		}
		files = append(files, p)
	}
	return files, nil
}
