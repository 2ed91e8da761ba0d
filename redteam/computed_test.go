package redteam

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/internal/testenv"
)

// TestAttackComputedLoads reproduces issue 20's item 8 for loads whose
// module name no reader of the sources can see: the project's code uses
// ms, which only debug brings (hidden direct, failing the default gate,
// when the code says require('ms')), but loads it through a require
// function made by createRequire, or by a name built when the code runs,
// so that nothing the change adds names ms. debug loads ms too, so the
// trace alone shows a package only a declared one needs: a quiet
// "transitive" notice, grouped with the others, was what the attack was
// after. The evasion must be loud instead: a warning in the job summary
// that names the file and line of the load, and a finding on ms that is
// listed on its own, not grouped — or a gating one, where the name is
// known without running the code.
func TestAttackComputedLoads(t *testing.T) {
	const base = "'use strict';\nconst debug = require('debug')('rt');\nconst _ = require('lodash');\n"
	for _, tt := range []struct {
		name string
		// files are the pull request's files in app/, over the base's.
		files map[string]string
		// at is the file and line the warning must name.
		at string
	}{
		// An ES module makes a require function for itself
		// (createRequire(import.meta.url)) and loads ms with it.
		{name: "createRequireImportMeta", at: "load.mjs:2", files: map[string]string{
			"load.mjs": "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nexport const ms = load('ms');\n",
			"index.js": base + "module.exports = import('./load.mjs').then((m) => debug('%d %s', _.sum([1, 2]), m.ms(60000)));\n",
		}},
		// CommonJS code does the same through module.createRequire.
		{name: "moduleCreateRequire", at: "index.js:4", files: map[string]string{
			"index.js": base + "const load = require('module').createRequire(__filename);\ndebug('%d %s', _.sum([1, 2]), load('ms')(60000));\n",
		}},
		// The name is joined from string literals: it spells ms as
		// surely as 'ms' does, so it is read as require('ms') (hidden
		// direct, gating).
		{name: "concatenated", at: "index.js:4", files: map[string]string{
			"index.js": base + "const ms = require('m' + 's');\ndebug('%d %s', _.sum([1, 2]), ms(60000));\n",
		}},
		// The name comes from the environment, which the test sets.
		{name: "environment", at: "index.js:4", files: map[string]string{
			"index.js": base + "const ms = require(process.env.RT_MODULE);\ndebug('%d %s', _.sum([1, 2]), ms(60000));\n",
			"test.js":  "process.env.RT_MODULE = 'ms';\nrequire('./index.js');\n",
		}},
		// A template literal with a substitution.
		{name: "templateLiteral", at: "index.js:5", files: map[string]string{
			"index.js": base + "const first = 'm';\nconst ms = require(`${first}s`);\ndebug('%d %s', _.sum([1, 2]), ms(60000));\n",
		}},
		// import() of a computed specifier.
		{name: "dynamicImport", at: "index.js:5", files: map[string]string{
			"index.js": base + "const name = ['m', 's'].join('');\nmodule.exports = import(name).then((m) => debug('%d %s', _.sum([1, 2]), m.default(60000)));\n",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			j := newJob(t, "")
			for name, content := range tt.files {
				j.writeFile(filepath.Join(j.app, name), content, 0o644)
			}
			j.inputs["run"] = "node test.js"
			j.inputs["working-directory"] = "app"
			res := j.run(0)
			r := j.report(res)
			if r.Run == nil || !r.Run.Succeeded {
				t.Fatalf("the test command failed, so the evasion was not tried (report run %+v)", r.Run)
			}
			f := r.find("hidden", "ms")
			if f == nil {
				t.Fatalf("no hidden finding on ms: the run did not load it")
			}
			got := fmt.Sprintf("hidden ms (%s, %s", f.Reason, f.Severity)
			if f.Grouped {
				got += ", grouped"
			}
			got += fmt.Sprintf("): gating %v", f.Gating)
			named := summaryWarns(res.summary, tt.at)
			held := f.Gating || (named && !f.Grouped)
			observe(t, held, "%s; the job summary warns at %s: %v; step %s; %s", got, tt.at, named, outcome(res), tracedBy(r))
		})
	}
}

// summaryWarns reports whether the job summary has a warning line (the
// report's warnings, "> ⚠️ ...") that begins with the position at.
func summaryWarns(summary, at string) bool {
	for _, line := range strings.Split(summary, "\n") {
		if w, ok := strings.CutPrefix(line, "> ⚠️ "); ok && strings.HasPrefix(w, at+":") {
			return true
		}
	}
	return false
}

// TestAttackNpxFetched reproduces issue 20's item 8 for a package the
// test command fetches and runs itself: `npx --yes which@2.0.2` installs
// which into npm's cache (its _npx directory) and runs it, so that no
// manifest, lockfile or node_modules of the project names it. It must be a
// finding that fails the default gate: hidden undeclared, naming npx. The
// suite's npm runs offline from a copy of the cache that
// scripts/setup.d/redteam.sh filled (which and isexe), so the step
// installs from what the registry served then, as npx does with a warm
// cache; the directories npx makes are those of a fetch from the registry.
func TestAttackNpxFetched(t *testing.T) {
	testenv.RealInstall(t) // before the cache's check: the short tier needs no setup
	filled, _ := filepath.Abs("testdata/cache/npm")
	if _, err := os.Stat(filepath.Join(filled, "_cacache", "index-v5")); err != nil {
		t.Fatal(testenv.Message("the npm cache testdata/cache/npm (scripts/setup.d/redteam.sh)"))
	}
	j := newJob(t, "")
	cache := filepath.Join(j.root, "npm-cache")
	if err := copyTree(filled, cache, nil, nil); err != nil {
		t.Fatal(err)
	}
	j.extraEnv = append(j.extraEnv, "npm_config_cache="+cache, "npm_config_offline=true",
		"npm_config_update_notifier=false", "npm_config_fund=false", "npm_config_audit=false")
	j.inputs["run"] = "node test.js && npx --yes which@2.0.2 node"
	j.inputs["working-directory"] = "app"
	res := j.run(0)
	r := j.report(res)
	if r.Run == nil || !r.Run.Succeeded {
		t.Fatalf("the test command failed, so the attack was not tried (report run %+v)", r.Run)
	}
	got := "no finding on which"
	held := false
	if f := r.find("hidden", "which"); f != nil {
		npx := strings.Contains(f.Message, "npx which@2.0.2")
		got = fmt.Sprintf("hidden which (%s): gating %v, names npx: %v", f.Reason, f.Gating, npx)
		held = f.Gating && npx && res.code == 1
	}
	observe(t, held, "%s; step %s, failing=%s; %s", got, outcome(res), res.outputs["failing"], tracedBy(r))
}

// tracedBy says which backend traced the run, as the report names it, for
// RESULTS.md's columns.
func tracedBy(r *report) string {
	if r.Run == nil || r.Run.Backend == "" {
		return "backend not reported"
	}
	if r.Run.Loader != "" {
		return "traced by " + r.Run.Backend + " through " + r.Run.Loader
	}
	return "traced by " + r.Run.Backend
}
