package npm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadPnpStateAsRuntime holds that the Plug'n'Play state is read as
// Yarn's runtime reads it (issue 20): only through .pnp.cjs, from the state
// it inlines or from .pnp.data.json when its $$SETUP_STATE says so; a
// committed .pnp.data.json that the runtime ignores decides nothing.
func TestReadPnpStateAsRuntime(t *testing.T) {
	state := func(root string) string {
		return `{"dependencyTreeRoots":[{"name":"` + root + `","reference":"workspace:."}],"packageRegistryData":[]}`
	}
	inlined := "#!/usr/bin/env node\n/* eslint-disable */\n\"use strict\";\n\nconst RAW_RUNTIME_STATE =\n'" +
		strings.ReplaceAll(state("inlined"), `"`, `\"`) + "';\n\nfunction $$SETUP_STATE(hydrateRuntimeState, basePath) {\n" +
		"  return hydrateRuntimeState(JSON.parse(RAW_RUNTIME_STATE), {basePath: basePath || __dirname});\n}\n"
	// Yarn's template with pnpEnableInlining: false.
	external := "#!/usr/bin/env node\n\"use strict\";\n\nfunction $$SETUP_STATE(hydrateRuntimeState, basePath) {\n" +
		"  const fs = require('fs');\n  const path = require('path');\n" +
		"  const pnpDataFilepath = path.resolve(__dirname, \".pnp.data.json\");\n" +
		"  return hydrateRuntimeState(JSON.parse(fs.readFileSync(pnpDataFilepath, 'utf8')), {basePath: basePath || __dirname});\n}\n"
	tests := []struct {
		name     string
		files    map[string]string
		wantRoot string // "" for no state
		wantFile string
		wantErr  string
	}{
		{"inlinedWinsOverCommittedData", map[string]string{".pnp.cjs": inlined, ".pnp.data.json": state("planted")}, "inlined", ".pnp.cjs", ""},
		{"inlined", map[string]string{".pnp.cjs": inlined}, "inlined", ".pnp.cjs", ""},
		{"external", map[string]string{".pnp.cjs": external, ".pnp.data.json": state("data")}, "data", ".pnp.data.json", ""},
		{"externalMissing", map[string]string{".pnp.cjs": external}, "", ".pnp.data.json", ".pnp.cjs reads its state from .pnp.data.json, which does not exist"},
		{"dataWithoutRuntime", map[string]string{".pnp.data.json": state("planted")}, "", "", ""},
		{"neither", map[string]string{".pnp.cjs": "module.exports = {};\n"}, "", ".pnp.cjs", "neither the state it inlines"},
		{"none", nil, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tt.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			st, file, err := readPnpState(dir)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("readPnpState: %v, want an error containing %q", err, tt.wantErr)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if file != tt.wantFile {
				t.Errorf("file %q, want %q", file, tt.wantFile)
			}
			root := ""
			if st != nil && len(st.Roots) > 0 {
				root = st.Roots[0].Name
			}
			if root != tt.wantRoot {
				t.Errorf("state of root %q, want %q", root, tt.wantRoot)
			}
		})
	}
}
