package npm

import (
	"path"
	"strings"

	"github.com/envaudit/envaudit/internal/shellwords"
)

// A testPlan is what a package's test script runs, read from its text
// without running anything: the files it runs by name, the patterns and
// directories of the files its test runners run, and the programs and
// modules it runs (whose configuration files are then loaded by the test
// command). Paths are relative to the project root, slash-separated.
type testPlan struct {
	files map[string]bool
	globs []string
	dirs  []testDir
	tools map[string]bool
	// jest is set when the script runs jest: its configuration (the
	// package's "jest") decides which files are tests.
	jest bool
	// mocha holds the default specs of each mocha run that names none.
	mochaDefault []mochaRun
}

// A testDir is a directory whose files a runner runs: all of them
// (recursive) or those directly in it, with the extensions it takes ("" for
// every source file).
type testDir struct {
	dir       string
	recursive bool
	exts      []string
}

// A mochaRun is a mocha command that names no spec: it runs the package's
// configured spec, else ./test.
type mochaRun struct {
	dir       string // the package's directory
	recursive bool
	exts      []string
}

// maxScriptDepth bounds how deep scripts calling scripts are followed.
const maxScriptDepth = 8

// planTests reads the test script of the package in dir (the root ".",
// or a workspace) whose packaging is pk: scripts.test with pretest and
// posttest, and every script they run (npm run, yarn, pnpm, npm-run-all,
// run-s, run-p, concurrently).
func planTests(dir string, pk packaging) *testPlan {
	pl := &testPlan{files: map[string]bool{}, tools: map[string]bool{}}
	r := planReader{pl: pl, dir: dir, pk: pk, seen: map[string]bool{}}
	r.script("test", 0)
	return pl
}

type planReader struct {
	pl   *testPlan
	dir  string
	pk   packaging
	seen map[string]bool
}

// rel turns a path as a script names it (relative to the package's
// directory) into the project's name for it; "" for a path outside.
func (r *planReader) rel(p string) string {
	p = strings.TrimSpace(p)
	if p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "$") {
		return ""
	}
	q := path.Clean(path.Join(r.dir, p))
	if q == ".." || strings.HasPrefix(q, "../") {
		return ""
	}
	return q
}

// script reads the script name with its pre and post scripts, as npm
// runs them.
func (r *planReader) script(name string, depth int) {
	if depth > maxScriptDepth || r.seen[name] {
		return
	}
	r.seen[name] = true
	for _, n := range []string{"pre" + name, name, "post" + name} {
		if cmd, ok := r.pk.scripts[n]; ok {
			for _, argv := range splitCommands(cmd) {
				r.command(argv, depth)
			}
		}
	}
}

// wrappers are programs that run the command that follows their options
// (and, for some, VAR=value words): the command is what runs.
var wrappers = map[string]bool{
	"cross-env": true, "cross-env-shell": true, "env": true, "time": true, "nice": true,
	"exec": true, "npx": true, "bunx": true, "dotenv": true, "dotenvx": true, "env-cmd": true,
	"nyc": true, "c8": true, "with-env": true, "xvfb-run": true, "istanbul": true,
}

// wrapperValues are the options of wrappers that take a value as the next
// word.
var wrapperValues = map[string]bool{
	"-p": true, "--package": true, "-e": true, "-f": true, "--reporter": true, "-r": true,
	"--require": true, "--temp-dir": true, "--report-dir": true, "--include": true, "--exclude": true,
	"-n": true, "--nice": true, "--adjustment": true, "--env-file": true, "-x": true,
}

// command reads one simple command of a script.
func (r *planReader) command(argv []string, depth int) {
	// VAR=value words, then wrappers and their options.
	for len(argv) > 0 {
		w := argv[0]
		if isAssignment(w) {
			argv = argv[1:]
			continue
		}
		base := commandName(w)
		if !wrappers[base] {
			break
		}
		switch base {
		case "nyc", "c8", "istanbul":
			r.pl.tools[base] = true
		case "npx", "bunx":
			r.pl.tools["npx"] = true
		}
		argv = argv[1:]
		if base == "istanbul" && len(argv) > 0 && argv[0] == "cover" {
			argv = argv[1:]
		}
		for len(argv) > 0 && (strings.HasPrefix(argv[0], "-") || isAssignment(argv[0])) {
			flag := argv[0]
			argv = argv[1:]
			if flag == "--" {
				break
			}
			if wrapperValues[flag] && len(argv) > 0 {
				argv = argv[1:]
			}
		}
	}
	if len(argv) == 0 {
		return
	}
	name := commandName(argv[0])
	args := argv[1:]
	switch name {
	case "npm", "pnpm", "yarn", "bun":
		r.packageManager(name, args, depth)
		return
	case "npm-run-all", "npm-run-all2", "run-s", "run-p":
		for _, a := range args {
			if strings.HasPrefix(a, "-") {
				continue
			}
			for _, s := range r.pk.scriptNames() {
				if scriptGlob(a, s) {
					r.script(s, depth+1)
				}
			}
		}
		return
	case "concurrently":
		for i := 0; i < len(args); i++ {
			a := args[i]
			if strings.HasPrefix(a, "-") {
				if !strings.Contains(a, "=") && (a == "-n" || a == "--names" || a == "-c" || a == "--prefix-colors" || a == "-p" || a == "--prefix") {
					i++
				}
				continue
			}
			if s, ok := strings.CutPrefix(a, "npm:"); ok {
				for _, n := range r.pk.scriptNames() {
					if scriptGlob(s, n) {
						r.script(n, depth+1)
					}
				}
				continue
			}
			for _, sub := range splitCommands(a) {
				r.command(sub, depth+1)
			}
		}
		return
	}
	r.pl.tools[name] = true
	switch name {
	case "node", "nodejs", "ts-node", "ts-node-esm", "tsx", "babel-node", "esno", "esr", "jiti", "vite-node", "sucrase-node", "swc-node":
		r.node(args)
	case "mocha", "_mocha":
		r.mocha(args)
	case "jest", "react-scripts", "craco", "react-app-rewired":
		if name == "jest" || len(args) > 0 && args[0] == "test" {
			r.pl.jest = true
			r.pl.tools["jest"] = true
		}
		r.configFlag(args)
	case "tap", "tape", "ava", "borp", "brittle", "zora", "baretest", "lab", "jasmine", "qunit",
		"nodeunit", "tman", "pta", "riteway", "uvu", "faucet", "tape-run", "electron-mocha", "vows":
		r.runnerArgs(name, args)
	default:
		if isSourceFile(argv[0]) {
			// A script run as a program (its shebang names node).
			if f := r.rel(argv[0]); f != "" {
				r.pl.files[f] = true
			}
		}
		r.configFlag(args)
	}
}

// packageManager reads `npm run X`, `npm test`, `yarn X`, `pnpm run X`
// and the like: the script they run.
func (r *planReader) packageManager(pm string, args []string, depth int) {
	var words []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") {
			if !strings.Contains(a, "=") && (a == "-w" || a == "--workspace" || a == "--filter" || a == "-F" || a == "--prefix" || a == "-C" || a == "--cwd") {
				i++
			}
			continue
		}
		words = append(words, a)
	}
	if len(words) == 0 {
		return
	}
	sub := words[0]
	switch sub {
	case "run", "run-script", "rum", "urn":
		if len(words) > 1 {
			r.script(words[1], depth+1)
		}
	case "test", "t", "tst":
		r.script("test", depth+1)
	case "start", "stop", "restart":
		r.script(sub, depth+1)
	case "exec", "x", "dlx":
		if len(words) > 1 {
			r.command(args[indexOf(args, words[1]):], depth+1)
		}
	default:
		// `yarn lint`, `pnpm lint`, `bun lint`: a script of that name.
		if pm != "npm" {
			if _, ok := r.pk.scripts[sub]; ok {
				r.script(sub, depth+1)
			}
		}
	}
}

func indexOf(ss []string, s string) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return len(ss)
}

// nodeValues are node's options that take the next word as their value.
var nodeValues = map[string]bool{
	"-r": true, "--require": true, "--import": true, "--loader": true, "--experimental-loader": true,
	"--test-reporter": true, "--test-reporter-destination": true, "--test-name-pattern": true,
	"--conditions": true, "-C": true, "--env-file": true, "--input-type": true, "--title": true,
	"-P": true, "--project": true, // ts-node
}

// node reads a node command (or a loader that runs a file as node does):
// the modules it preloads, and the file it runs, or with --test the files
// node's test runner runs.
func (r *planReader) node(args []string) {
	test := false
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-e" || a == "--eval" || a == "-p" || a == "--print" {
			return
		}
		if a == "--test" {
			test = true
			continue
		}
		if strings.HasPrefix(a, "-") {
			flag, value, hasValue := strings.Cut(a, "=")
			if nodeValues[flag] {
				if !hasValue && i+1 < len(args) {
					i++
					value = args[i]
				}
				switch flag {
				case "-r", "--require", "--import", "--loader", "--experimental-loader":
					r.preload(value)
				}
			}
			continue
		}
		rest = args[i:]
		break
	}
	if !test {
		if len(rest) > 0 {
			if f := r.rel(rest[0]); f != "" {
				r.pl.files[f] = true
			}
		}
		return
	}
	var named bool
	for _, a := range rest {
		if strings.HasPrefix(a, "-") {
			continue
		}
		named = true
		r.pathOrGlob(a, true, nil)
	}
	if !named {
		// node --test's default patterns, in the package's directory.
		for _, g := range []string{"**/*.test.?(c|m)js", "**/*-test.?(c|m)js", "**/*_test.?(c|m)js", "**/test-*.?(c|m)js", "**/test.?(c|m)js", "**/test/**/*.?(c|m)js"} {
			r.pl.globs = append(r.pl.globs, path.Join(r.dir, g))
		}
	}
}

// preload records a module a runner loads before the tests (node -r,
// mocha --require): a file of the project, or a package, which is then
// a tool the command runs (@babel/register, ts-node/register).
func (r *planReader) preload(mod string) {
	if mod == "" {
		return
	}
	if strings.HasPrefix(mod, ".") || strings.HasPrefix(mod, "/") {
		if f := r.rel(mod); f != "" {
			r.pl.files[f] = true
			for _, ext := range []string{".js", ".cjs", ".mjs", ".ts"} {
				r.pl.files[f+ext] = true
			}
		}
		return
	}
	if name, ok := packageOf(mod); ok {
		r.pl.tools[name] = true
	}
}

// mochaValues are mocha's options that take the next word as their value.
var mochaValues = map[string]bool{
	"-r": true, "--require": true, "--file": true, "-R": true, "--reporter": true, "-t": true,
	"--timeout": true, "-u": true, "--ui": true, "--config": true, "--extension": true,
	"--ignore": true, "--exclude": true, "-g": true, "--grep": true, "-f": true, "--fgrep": true,
	"-s": true, "--slow": true, "--spec": true, "-O": true, "--reporter-option": true,
	"--reporter-options": true, "--package": true, "--opts": true, "-j": true, "--jobs": true,
	"--retries": true, "--node-option": true, "-n": true,
}

// mocha reads a mocha command: its preloaded modules and files, and its
// specs (files, directories and globs), else its configured spec or
// ./test.
func (r *planReader) mocha(args []string) {
	recursive := r.pk.mocha.recursive
	exts := append([]string(nil), r.pk.mocha.extension...)
	var specs []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			specs = append(specs, a)
			continue
		}
		flag, value, hasValue := strings.Cut(a, "=")
		if flag == "--recursive" {
			recursive = true
			continue
		}
		if !mochaValues[flag] {
			continue
		}
		if !hasValue && i+1 < len(args) {
			i++
			value = args[i]
		}
		switch flag {
		case "-r", "--require":
			r.preload(value)
		case "--file", "--config":
			if f := r.rel(value); f != "" {
				r.pl.files[f] = true
			}
		case "--spec":
			specs = append(specs, value)
		case "--extension":
			exts = append(exts, value)
		}
	}
	for _, m := range r.pk.mocha.require {
		r.preload(m)
	}
	for _, f := range r.pk.mocha.file {
		if f := r.rel(f); f != "" {
			r.pl.files[f] = true
		}
	}
	if len(specs) == 0 {
		specs = r.pk.mocha.spec
	}
	if len(specs) == 0 {
		r.pl.mochaDefault = append(r.pl.mochaDefault, mochaRun{dir: r.dir, recursive: recursive, exts: exts})
		return
	}
	for _, s := range specs {
		r.pathOrGlob(s, recursive, exts)
	}
}

// runnerArgs reads a test runner that takes the files to run as
// arguments (tap, tape, ava, uvu, ...): every argument that is no option
// is a file, a directory or a glob.
func (r *planReader) runnerArgs(name string, args []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") {
			if (a == "-r" || a == "--require" || a == "-i" || a == "--ignore") && i+1 < len(args) {
				i++
				if a == "-r" || a == "--require" {
					r.preload(args[i])
				}
			}
			continue
		}
		if name == "tap" && (a == "run" || a == "report") {
			continue
		}
		r.pathOrGlob(a, true, nil)
		if name == "uvu" {
			break // uvu's second argument is a pattern of names in that directory
		}
	}
}

// configFlag records the configuration file a tool is pointed at
// (--config X, -c X): the tool loads it.
func (r *planReader) configFlag(args []string) {
	for i := 0; i < len(args); i++ {
		flag, value, hasValue := strings.Cut(args[i], "=")
		if flag != "--config" && flag != "-c" && flag != "--gulpfile" {
			continue
		}
		if !hasValue && i+1 < len(args) {
			i++
			value = args[i]
		}
		if isSourceFile(value) {
			if f := r.rel(value); f != "" {
				r.pl.files[f] = true
			}
		}
	}
}

// pathOrGlob records a spec as a runner gives it: a glob pattern, or a
// path that is a file or a directory (which is known only with the
// project's files, so both are recorded).
func (r *planReader) pathOrGlob(spec string, recursive bool, exts []string) {
	spec = strings.Trim(spec, `"'`)
	if strings.ContainsAny(spec, "*?[{") {
		if g := r.rel(spec); g != "" {
			r.pl.globs = append(r.pl.globs, g)
		}
		return
	}
	f := r.rel(spec)
	if f == "" {
		return
	}
	r.pl.files[f] = true
	r.pl.dirs = append(r.pl.dirs, testDir{dir: f, recursive: recursive, exts: exts})
}

// isAssignment reports whether a word is a VAR=value assignment.
func isAssignment(w string) bool {
	eq := strings.IndexByte(w, '=')
	if eq <= 0 {
		return false
	}
	for i := 0; i < eq; i++ {
		c := w[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// commandName is the program a script's word runs: its base name, with
// node_modules/.bin/ and a Windows .cmd suffix left out.
func commandName(w string) string {
	return strings.TrimSuffix(path.Base(w), ".cmd")
}

// isSourceFile reports whether a word names a JavaScript or TypeScript
// file.
func isSourceFile(w string) bool {
	_, ok := sourceExts[path.Ext(w)]
	return ok
}

// scriptGlob matches a script name against npm-run-all's pattern: "*"
// matches within one ":"-separated segment, "**" across them.
func scriptGlob(pattern, name string) bool {
	if !strings.Contains(pattern, "*") {
		return pattern == name
	}
	ps, ns := strings.Split(pattern, ":"), strings.Split(name, ":")
	var match func(i, j int) bool
	match = func(i, j int) bool {
		if i == len(ps) {
			return j == len(ns)
		}
		if ps[i] == "**" {
			for k := j; k <= len(ns); k++ {
				if match(i+1, k) {
					return true
				}
			}
			return false
		}
		if j == len(ns) {
			return false
		}
		if ok, _ := path.Match(ps[i], ns[j]); !ok {
			return false
		}
		return match(i+1, j+1)
	}
	return match(0, 0)
}

// splitCommands splits a script into its simple commands, each a list of
// words with quotes removed (shellwords.Commands); a word is never
// expanded.
func splitCommands(script string) [][]string {
	var out [][]string
	for _, c := range shellwords.Commands(script) {
		argv := make([]string, len(c))
		for i, w := range c {
			argv[i] = w.Text
		}
		out = append(out, argv)
	}
	return out
}

// compilers are the programs that write what they compile from a source
// directory into an output directory their options name.
var compilers = map[string]bool{
	"babel": true, "tsc": true, "swc": true, "sucrase": true, "esbuild": true, "coffee": true, "flow-remove-types": true,
}

// outputDirs returns the directories the scripts of the project's packages
// compile their sources into (`babel src -d lib`, `tsc --outDir dist`,
// `swc src --out-dir build`): their files are the sources' output, whose
// imports the sources say already, and stale or absent before a build.
func (p *project) outputDirs() map[string]bool {
	out := map[string]bool{}
	add := func(dir string, pk packaging) {
		r := planReader{dir: dir}
		for _, name := range pk.scriptNames() {
			for _, argv := range splitCommands(pk.scripts[name]) {
				for len(argv) > 0 && isAssignment(argv[0]) {
					argv = argv[1:]
				}
				if len(argv) == 0 || !compilers[commandName(argv[0])] {
					continue
				}
				for i := 1; i < len(argv); i++ {
					flag, value, hasValue := strings.Cut(argv[i], "=")
					switch flag {
					case "-d", "--out-dir", "--outDir", "--outdir":
					default:
						continue
					}
					if !hasValue && i+1 < len(argv) {
						i++
						value = argv[i]
					}
					if d := r.rel(value); d != "" && d != "." && d != r.dir {
						out[d] = true
					}
				}
			}
		}
	}
	if p.root != nil {
		add(".", p.root.pack)
	}
	for _, w := range p.ws {
		add(w.dir, w.pack)
	}
	return out
}
