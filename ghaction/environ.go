package ghaction

import (
	"strings"
)

// credentialVars are variables of the Actions runner that grant access to
// GitHub or to the runner's own services (cache, artifacts, OIDC tokens).
// The traced command is the project's test suite — code the pull request
// under review may have changed — so it must see none of them.
var credentialVars = map[string]bool{
	"GITHUB_TOKEN":                   true,
	"GH_TOKEN":                       true,
	"GH_ENTERPRISE_TOKEN":            true,
	"GITHUB_ENTERPRISE_TOKEN":        true,
	"ACTIONS_RUNTIME_TOKEN":          true,
	"ACTIONS_RUNTIME_URL":            true,
	"ACTIONS_ID_TOKEN_REQUEST_TOKEN": true,
	"ACTIONS_ID_TOKEN_REQUEST_URL":   true,
	"ACTIONS_CACHE_URL":              true,
	"ACTIONS_RESULTS_URL":            true,
}

// fileCommandVars name the runner's file commands. Through them the
// traced command could set the step's outputs (hidden=0) or the
// environment and PATH of later steps.
var fileCommandVars = map[string]bool{
	"GITHUB_OUTPUT":       true,
	"GITHUB_ENV":          true,
	"GITHUB_PATH":         true,
	"GITHUB_STATE":        true,
	"GITHUB_STEP_SUMMARY": true,
}

// minSecretLen is the shortest secret value searched for inside other
// variables: shorter values would match innocent text.
const minSecretLen = 8

// HasCredentials reports whether environ holds one of the runner's
// credentials (GITHUB_TOKEN, ACTIONS_RUNTIME_TOKEN, ...), the variables
// FilterEnviron always removes: a process started with it holds a secret,
// even once it has unset them.
func HasCredentials(environ []string) bool {
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		if credentialVars[strings.ToUpper(k)] && v != "" {
			return true
		}
	}
	return false
}

// FilterEnviron returns environ (KEY=VALUE entries, as os.Environ gives
// them) as the traced command may see it: without the runner's credentials,
// without its file commands (GITHUB_OUTPUT, GITHUB_ENV, ...), without the
// Action's own inputs (INPUT_*, which include the token), and without any
// variable whose value contains one of secrets — a token copied into
// another variable by an earlier step. The order of the remaining entries
// is kept.
func FilterEnviron(environ []string, secrets ...string) []string {
	return dropEnviron(environ, func(up string) bool {
		return credentialVars[up] || fileCommandVars[up] || strings.HasPrefix(up, "INPUT_")
	}, secrets)
}

// ChildEnviron returns environ as the audit child of mode single gets it:
// the Action's inputs kept (the child reads them) except the token's,
// and, as for the traced command, without the runner's credentials, its
// file commands (the token's holder writes them) and any variable whose
// value contains one of secrets. The order of the remaining entries is
// kept.
func ChildEnviron(environ []string, secrets ...string) []string {
	return dropEnviron(environ, func(up string) bool {
		return credentialVars[up] || fileCommandVars[up] || up == "INPUT_GITHUB_TOKEN" || up == "INPUT_GITHUB-TOKEN"
	}, secrets)
}

// dropEnviron returns the entries of environ whose variable, upper-cased,
// drop does not name and whose value holds none of secrets (the ones long
// enough to search for), in their order.
func dropEnviron(environ []string, drop func(up string) bool, secrets []string) []string {
	var live []string
	for _, s := range secrets {
		if len(s) >= minSecretLen {
			live = append(live, s)
		}
	}
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		if drop(strings.ToUpper(k)) {
			continue
		}
		leaked := false
		for _, s := range live {
			if strings.Contains(v, s) {
				leaked = true
				break
			}
		}
		if !leaked {
			out = append(out, kv)
		}
	}
	return out
}
