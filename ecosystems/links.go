package ecosystems

// LinkKind says how one installed package comes to load another beyond the
// dependency edges its package manager records (Package.Deps).
type LinkKind string

// The kinds of link.
const (
	// LinkImport: From's own installed code imports To unconditionally.
	LinkImport LinkKind = "import"
	// LinkOptional: From's own installed code imports To where it copes
	// without it (a Python import under `try: ... except ImportError`, a
	// require in a try/catch), so To loads whenever it is installed:
	// requests and simplejson, urllib3 and brotli.
	LinkOptional LinkKind = "optional-import"
	// LinkEntryPoint: From discovers and loads To through an entry-point
	// group To registers in (pytest's pytest11 plugins, Pygments' lexers):
	// installing To is enough for From to load it.
	LinkEntryPoint LinkKind = "entry-point"
	// LinkStartup: the runtime's start-up loads To whatever the command
	// (a .pth file with an import line, sitecustomize); From is "".
	LinkStartup LinkKind = "startup"
	// LinkFetched: the traced command itself fetched To at run time and
	// ran it (`npx --yes X`): no manifest or lockfile of the project
	// records it, and every run may get another version. From is "";
	// Detail says how ("npx cowsay@1.6.0").
	LinkFetched LinkKind = "fetched"
)

// FromCommand reports whether the link's From is the command or the
// runtime rather than a package: LinkStartup and LinkFetched.
func (k LinkKind) FromCommand() bool { return k == LinkStartup || k == LinkFetched }

// Link is one reason a loaded package was loaded that is not a recorded
// dependency: evidence the audit uses to explain a load it would otherwise
// call undeclared, since what the environment loads by itself is not the
// project's undeclared dependency. Links name packages as D2 does; an
// ecosystem reports only links it found in the installation's own files
// (the loaded package's sources, its entry-point metadata, a .pth file),
// never guesses from names.
type Link struct {
	// From is the package that loads To; "" for the runtime's start-up
	// and for the command itself (LinkKind.FromCommand).
	From string `json:"from,omitempty"`
	// To is the package it loads.
	To string `json:"to"`
	// Kind says how.
	Kind LinkKind `json:"kind"`
	// Detail says where, for the report: the entry-point group
	// ("pytest11"), the start-up file ("distutils-precedence.pth"), the
	// import's place in From's files ("requests/compat.py:11").
	Detail string `json:"detail,omitempty"`
}

// Explain renders how From loads To, for messages: "optional import at
// requests/compat.py:11", "pytest11 entry point", "start-up file
// distutils-precedence.pth", "fetched at run time by npx cowsay@1.6.0".
func (l Link) Explain() string {
	switch l.Kind {
	case LinkImport:
		if l.Detail != "" {
			return "import at " + l.Detail
		}
		return "import"
	case LinkOptional:
		if l.Detail != "" {
			return "optional import at " + l.Detail
		}
		return "optional import"
	case LinkEntryPoint:
		if l.Detail != "" {
			return l.Detail + " entry point"
		}
		return "entry point"
	case LinkStartup:
		if l.Detail != "" {
			return "start-up file " + l.Detail
		}
		return "start-up hook"
	case LinkFetched:
		if l.Detail != "" {
			return "fetched at run time by " + l.Detail
		}
		return "fetched at run time"
	}
	return string(l.Kind)
}
