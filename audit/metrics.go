package audit

// The definitions of the layers that metrics are computed over.
const (
	// DefinitionEnvaudit: the layers the findings use. D1 is every
	// applicable declaration of every scope; D2 and D3 leave out the
	// undeclared test tooling (a test runner and what only it loaded),
	// which the findings classify apart.
	DefinitionEnvaudit = "envaudit"
	// DefinitionStudy: the layers as the study defines them. D1 is the
	// manifest's runtime declarations only (no dev, test, build,
	// optional, peer or provided scope); D2 is everything the install put
	// there; D3 is everything the run loaded, test tooling included.
	DefinitionStudy = "study"
)

// Measure computes the study's metrics from the three layers of one
// ecosystem, given as package names (duplicates are ignored). traced says
// whether a run was traced at all: without one there is no D3, so the
// rates stay 0 and precision, recall and F1 are absent rather than
// reporting every declaration as phantom.
//
// With n1 = |D1|, n2 = |D2|, n3 = |D3|:
//
//	φ = |D1 \ D3| / n1    η = |D3 \ D1| / n3    β = |D2 \ D3| / n2   (0 when the denominator is 0)
//	P = |D1 ∩ D3| / n1    R = |D1 ∩ D3| / n3    F1 = 2PR / (P + R)
//	P = 1 when n1 = 0 < n3; R = 1 when n3 = 0 < n1; no P, R, F1 when n1 = n3 = 0
//	F1 = 0 when P + R = 0
//	Δ = |D2 \ D1|         ρ = n2 / n1          (absent when n1 = 0)
func Measure(declared, installed, traced []string, wasTraced bool) Metrics {
	d1, d2, d3 := setOf(declared), setOf(installed), setOf(traced)
	n1, n2, n3 := len(d1), len(d2), len(d3)
	m := Metrics{Declared: n1, Installed: n2, Traced: n3, Transitive: len(minus(d2, d1))}
	if n1 > 0 {
		m.Inflation = new(float64(n2) / float64(n1))
	}
	if !wasTraced {
		return m
	}
	both := len(d1) - len(minus(d1, d3))
	m.PhantomRate = ratio(len(minus(d1, d3)), n1)
	m.HiddenRate = ratio(len(minus(d3, d1)), n3)
	m.BloatRate = ratio(len(minus(d2, d3)), n2)
	if n1 == 0 && n3 == 0 {
		return m
	}
	var p, r float64
	switch {
	case n1 == 0:
		p, r = 1, 0
	case n3 == 0:
		p, r = 0, 1
	default:
		p, r = float64(both)/float64(n1), float64(both)/float64(n3)
	}
	f1 := 0.0
	if p+r > 0 {
		f1 = 2 * p * r / (p + r)
	}
	m.Precision, m.Recall, m.F1 = new(p), new(r), new(f1)
	return m
}

func ratio(num, den int) float64 {
	if den == 0 {
		return 0
	}
	return float64(num) / float64(den)
}

// set is a set of package names.
type set map[string]bool

func setOf(names []string) set {
	s := make(set, len(names))
	for _, n := range names {
		s[n] = true
	}
	return s
}

// minus returns the names of a that are not in b.
func minus(a, b set) set {
	out := set{}
	for n := range a {
		if !b[n] {
			out[n] = true
		}
	}
	return out
}

func union(a, b set) set {
	out := make(set, len(a)+len(b))
	for n := range a {
		out[n] = true
	}
	for n := range b {
		out[n] = true
	}
	return out
}

func intersect(a, b set) set {
	out := set{}
	for n := range a {
		if b[n] {
			out[n] = true
		}
	}
	return out
}
