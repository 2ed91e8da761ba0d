package ghaction

import (
	"cmp"
	"slices"
	"strings"

	"github.com/envaudit/envaudit/audit"
)

// importance orders findings for annotations, comments and the summary:
// failing first, then by severity, then new before existing, then the kinds
// that break a clean install before the ones that only waste space.
func importance(a, b audit.Item) int {
	return cmp.Or(
		boolRank(b.Failing, a.Failing),
		cmp.Compare(severityRank(a.Finding.Severity), severityRank(b.Finding.Severity)),
		cmp.Compare(changeRank(a.Finding.Change), changeRank(b.Finding.Change)),
		cmp.Compare(kindRank(a.Finding), kindRank(b.Finding)),
		strings.Compare(a.Ecosystem, b.Ecosystem),
		strings.Compare(a.Finding.Package, b.Finding.Package),
		strings.Compare(a.Finding.Version, b.Finding.Version),
	)
}

// SortByImportance sorts items most important first.
func SortByImportance(items []audit.Item) { slices.SortStableFunc(items, importance) }

func boolRank(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

func severityRank(s string) int {
	switch s {
	case audit.SeverityError:
		return 0
	case audit.SeverityWarning:
		return 1
	case audit.SeverityNotice:
		return 2
	}
	return 3
}

func changeRank(c string) int {
	switch c {
	case audit.ChangeNew:
		return 0
	case "":
		return 1
	}
	return 2
}

var kindOrder = []string{
	"hidden:" + audit.ReasonTampered,
	"hidden:" + audit.ReasonDirect,
	"hidden:" + audit.ReasonDevDeclared,
	"hidden:" + audit.ReasonMissing,
	"hidden:" + audit.ReasonUndeclared,
	"phantom:" + audit.ReasonNotInstalled,
	"hidden:" + audit.ReasonTransitive,
	"phantom:" + audit.ReasonDevOnly,
	"phantom:" + audit.ReasonUnused,
	"phantom:" + audit.ReasonUntested,
	"manifest:" + audit.ReasonIndirect,
	"phantom:" + audit.ReasonCompileTime,
	"phantom:" + audit.ReasonSkipped,
	"dev:" + audit.ReasonTooling,
	"dev:" + audit.ReasonTestRunner,
	"bloat:" + audit.ReasonInstalled,
}

func kindRank(f audit.Finding) int {
	if i := slices.Index(kindOrder, string(f.Kind)+":"+f.Reason); i >= 0 {
		return i
	}
	return len(kindOrder)
}
