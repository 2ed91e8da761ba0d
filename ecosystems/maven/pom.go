package maven

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/envaudit/envaudit/ecosystems"
)

// A field is one element's text with the line the element starts on.
type field struct {
	val  string
	line int
}

// A pomDep is one <dependency> element as written.
type pomDep struct {
	line                                       int // line of <dependency>
	groupID, artifactID, version, typ, classif field
	scope, optional, systemPath                field
}

// A pomModule is one <module> element.
type pomModule struct {
	path string
	line int
}

// A property is one element of <properties>.
type property struct {
	name, val string
	line      int
}

// A pomProfile is one <profile>: its dependencies are declared only when
// the profile is active.
type pomProfile struct {
	id              string
	line            int
	activeByDefault bool
	properties      []property
	deps, managed   []pomDep
	modules         []pomModule
}

// A pomParent is the <parent> element.
type pomParent struct {
	line                                       int
	groupID, artifactID, version, relativePath field
	hasRelativePath                            bool // <relativePath> present (possibly empty: no parent in the project)
}

// A pom is the part of one pom.xml that envaudit reads, as written (not
// interpolated, nothing inherited), with the line of every element.
type pom struct {
	file                         string // as given to parsePOM, for positions
	parent                       *pomParent
	groupID, artifactID, version field
	packaging                    field
	properties                   []property
	deps, managed                []pomDep
	modules                      []pomModule
	profiles                     []pomProfile
	// relocations are the maven-shade-plugin's <relocation> elements
	// anywhere in the build (plugin or execution configuration), as
	// written.
	relocations []relocation
}

// parsePOM parses the pom.xml data. file names it in errors, which are
// *ecosystems.PosError values: `pom.xml:12: invalid XML: ...`.
//
// Only elements at the places the Maven model defines them are read
// (project/dependencies/dependency, project/dependencyManagement/...,
// project/profiles/profile/...); the same names elsewhere (a plugin's
// <dependencies>, an exclusion's <groupId>) are ignored. Element names are
// matched without their namespace.
func parsePOM(file string, data []byte) (*pom, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = charsetReader
	p := &pom{file: file}
	var (
		stack    []string    // local names of the open elements
		paths    []string    // the element path of each open element, "" past pathDepth
		text     []byte      // character data of the innermost element
		lines    []int       // line of each open element
		dep      *pomDep     // the <dependency> being read
		depPath  string      // its element path
		depList  *[]pomDep   // where it goes when it ends
		prof     *pomProfile // the <profile> being read
		reloc    *relocation // the <relocation> being read
		rootSeen bool
	)
	line := func() int { l, _ := d.InputPos(); return l }
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, ecosystems.Errorf(file, se.Line, "invalid XML: %s", se.Msg)
			}
			return nil, ecosystems.Errorf(file, line(), "invalid XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := t.Name.Local
			if len(stack) == 0 {
				if rootSeen {
					return nil, ecosystems.Errorf(file, line(), "second root element <%s>", name)
				}
				rootSeen = true
				if name != "project" {
					return nil, ecosystems.Errorf(file, line(), "root element is <%s>, want <project>", name)
				}
			}
			if len(stack) == maxDepth {
				return nil, ecosystems.Errorf(file, line(), "<%s> is nested more than %d elements deep", name, maxDepth)
			}
			path := childPath(paths, name)
			stack = append(stack, name)
			paths = append(paths, path)
			lines = append(lines, line())
			text = text[:0]
			switch path {
			case "project/parent":
				p.parent = &pomParent{line: line()}
			case "project/profiles/profile":
				p.profiles = append(p.profiles, pomProfile{line: line()})
				prof = &p.profiles[len(p.profiles)-1]
			case "project/dependencies/dependency":
				dep, depPath, depList = &pomDep{line: line()}, path, &p.deps
			case "project/dependencyManagement/dependencies/dependency":
				dep, depPath, depList = &pomDep{line: line()}, path, &p.managed
			case "project/profiles/profile/dependencies/dependency":
				dep, depPath, depList = &pomDep{line: line()}, path, &prof.deps
			case "project/profiles/profile/dependencyManagement/dependencies/dependency":
				dep, depPath, depList = &pomDep{line: line()}, path, &prof.managed
			}
			if isRelocation(path) {
				reloc = &relocation{}
			}
		case xml.CharData:
			text = append(text, t...)
		case xml.EndElement:
			if len(stack) == 0 {
				// The decoder reports unbalanced end tags itself; this is
				// only a guard.
				return nil, ecosystems.Errorf(file, line(), "unexpected </%s>", t.Name.Local)
			}
			path := paths[len(paths)-1]
			f := field{val: strings.TrimSpace(string(text)), line: lines[len(lines)-1]}
			parent := ""
			if len(paths) > 1 {
				parent = paths[len(paths)-2]
			}
			leaf := stack[len(stack)-1]
			switch {
			case reloc != nil && isRelocation(parent):
				switch leaf {
				case "pattern":
					reloc.pattern = f.val
				case "shadedPattern":
					reloc.shaded = f.val
				}
			case reloc != nil && isRelocation(path):
				p.relocations = append(p.relocations, *reloc)
				reloc = nil
			case dep != nil && parent == depPath:
				dep.set(leaf, f)
			case dep != nil && path == depPath:
				*depList = append(*depList, *dep)
				dep, depPath, depList = nil, "", nil
			case parent == "project/parent":
				p.parent.set(leaf, f)
			case parent == "project":
				switch leaf {
				case "groupId":
					p.groupID = f
				case "artifactId":
					p.artifactID = f
				case "version":
					p.version = f
				case "packaging":
					p.packaging = f
				}
			case parent == "project/properties":
				p.properties = append(p.properties, property{name: leaf, val: f.val, line: f.line})
			case path == "project/modules/module":
				p.modules = append(p.modules, pomModule{path: f.val, line: f.line})
			case prof != nil && parent == "project/profiles/profile" && leaf == "id":
				prof.id = f.val
			case prof != nil && path == "project/profiles/profile/activation/activeByDefault":
				prof.activeByDefault = f.val == "true"
			case prof != nil && parent == "project/profiles/profile/properties":
				prof.properties = append(prof.properties, property{name: leaf, val: f.val, line: f.line})
			case prof != nil && path == "project/profiles/profile/modules/module":
				prof.modules = append(prof.modules, pomModule{path: f.val, line: f.line})
			case path == "project/profiles/profile":
				prof = nil
			}
			stack, paths, lines = stack[:len(stack)-1], paths[:len(paths)-1], lines[:len(lines)-1]
			text = text[:0]
		}
	}
	if !rootSeen {
		return nil, ecosystems.Errorf(file, line(), "no <project> element")
	}
	return p, nil
}

// maxDepth is how deeply pom.xml elements may nest: a real pom nests a
// few levels (a plugin's configuration a dozen or so), and a deeper one is
// an attack on the time and memory of whatever reads it. A variable so
// the benchmark can measure deeper documents.
var maxDepth = 1000

// pathDepth is how deep the element paths parsePOM matches go: the
// deepest Maven model place it reads (a profile's plugin execution's
// <relocation>) lies at depth 11. Deeper elements get no path, which keeps
// the work per element constant however deep a document nests: joining
// the whole stack for every element made a deep pom quadratic.
const pathDepth = 24

// childPath returns the element path of a child named name of the
// innermost element of paths, or "" past pathDepth or under an element
// that has none.
func childPath(paths []string, name string) string {
	switch {
	case len(paths) == 0:
		return name
	case len(paths) >= pathDepth || paths[len(paths)-1] == "":
		return ""
	}
	return paths[len(paths)-1] + "/" + name
}

// isRelocation reports whether path is a maven-shade-plugin <relocation>
// in the project's (or a profile's) build.
func isRelocation(path string) bool {
	return strings.HasSuffix(path, "/configuration/relocations/relocation") &&
		(strings.HasPrefix(path, "project/build/") || strings.HasPrefix(path, "project/profiles/profile/build/"))
}

func (d *pomDep) set(leaf string, f field) {
	switch leaf {
	case "groupId":
		d.groupID = f
	case "artifactId":
		d.artifactID = f
	case "version":
		d.version = f
	case "type":
		d.typ = f
	case "classifier":
		d.classif = f
	case "scope":
		d.scope = f
	case "optional":
		d.optional = f
	case "systemPath":
		d.systemPath = f
	}
}

func (pp *pomParent) set(leaf string, f field) {
	switch leaf {
	case "groupId":
		pp.groupID = f
	case "artifactId":
		pp.artifactID = f
	case "version":
		pp.version = f
	case "relativePath":
		pp.relativePath, pp.hasRelativePath = f, true
	}
}

// charsetReader lets the decoder read the encodings pom.xml files declare
// besides UTF-8: ISO-8859-1 (and its alias Latin-1), which Maven's own
// reader accepts, and ASCII.
func charsetReader(charset string, input io.Reader) (io.Reader, error) {
	switch strings.ToLower(charset) {
	case "utf-8", "utf8", "us-ascii", "ascii":
		return input, nil
	case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "iso_8859-1":
		data, err := io.ReadAll(input)
		if err != nil {
			return nil, err
		}
		buf := make([]byte, 0, len(data)+len(data)/8)
		for _, b := range data {
			buf = utf8.AppendRune(buf, rune(b))
		}
		return bytes.NewReader(buf), nil
	}
	return nil, fmt.Errorf("unsupported encoding %q", charset)
}

// xmlElementText returns the text of the first element named name that is
// a child of the document's root element, or "" (also for malformed XML).
func xmlElementText(data []byte, name string) string {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = charsetReader
	depth := 0
	var text []byte
	for {
		tok, err := d.Token()
		if err != nil {
			return ""
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			text = text[:0]
		case xml.CharData:
			text = append(text, t...)
		case xml.EndElement:
			if depth == 2 && t.Name.Local == name {
				return strings.TrimSpace(string(text))
			}
			depth--
		}
	}
}
