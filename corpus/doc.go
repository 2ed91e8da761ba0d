// Package corpus owns envaudit's real-project corpus and its checker:
// small source snapshots of real open-source projects
// (testdata/corpus/<name>/src, where Go's tooling ignores them),
// each with where it comes from and how it is installed and tested
// (project.json), and the findings a reviewer judged correct by reading its
// code and manifests (expected.json).
//
// The checker, TestCorpus in corpus_test.go, runs envaudit's engine on
// each project's test command, applies the gate, and compares: every
// gating finding envaudit produces must be judged gating, and every judged
// finding must be produced. It is a real-install test: `make setup`
// installs the projects (scripts/setup.d/corpus.sh), and `make test` runs
// it with the other tests (`make corpus` alone). See README.md for the
// projects and how to add one, BASELINE.md for what envaudit reported on
// them before issue 9's analysis, and RESULTS.md for what it reports now.
//
// The package has no code of its own: only the checker and the data.
package corpus
