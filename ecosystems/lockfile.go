package ecosystems

import "path"

// lockfiles are the base names of the files package managers write to
// record what they resolved, as opposed to the manifests people edit.
var lockfiles = map[string]bool{
	"package-lock.json": true, "npm-shrinkwrap.json": true, "yarn.lock": true, "pnpm-lock.yaml": true,
	"poetry.lock": true, "Pipfile.lock": true, "uv.lock": true, "pdm.lock": true,
	"Cargo.lock": true, "go.sum": true, "gradle.lockfile": true,
}

// IsLockfile reports whether the file at name (a slash-separated path) is
// a lockfile: its changes show what was installed, not what the code uses,
// and a finding without a line of its own belongs on a manifest instead.
func IsLockfile(name string) bool { return lockfiles[path.Base(name)] }
