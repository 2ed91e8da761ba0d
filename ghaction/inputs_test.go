package ghaction

import (
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit/reporttest"
	"github.com/envaudit/envaudit/policy"
	"github.com/envaudit/envaudit/sbom"
)

func TestReadInputs(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	got, err := ReadInputs(env(
		"INPUT_RUN", "npm test", "INPUT_WORKING_DIRECTORY", "app", "INPUT_FAIL_ON", "hidden, phantom:unused",
		"INPUT_SBOM", "bom.xml", "INPUT_ANNOTATE", "false", "INPUT_SUMMARY", "True", "INPUT_REVIEW", "true",
		"INPUT_AGENT_POLICY", "strict", "INPUT_SUBMIT_DEPENDENCIES", "true", "INPUT_GITHUB_TOKEN", " tok ",
		"INPUT_ONLY_NEW", "false", "INPUT_TIMEOUT", "20m", "INPUT_BACKEND", "auto", "INPUT_SBOM_VERSION", "1.7",
	))
	if err != nil {
		t.Fatal(err)
	}
	if got.Mode != "audit" || got.Run != "npm test" || got.WorkingDirectory != "app" || got.SBOMFormat != sbom.FormatXML ||
		got.Annotate || !got.Summary || got.Review != "true" || got.AgentPolicy.Name != "strict" || !got.SubmitDependencies ||
		got.Token != "tok" || got.OnlyNew || got.Timeout != 20*time.Minute || got.Backend != "auto" || got.SBOMSpec != sbom.Spec17 {
		t.Errorf("ReadInputs = %+v", got)
	}
	if diff := cmp.Diff("hidden,phantom:unused", policy.Gate{FailOn: got.FailOn}.String()); diff != "" {
		t.Errorf("fail-on (-want +got):\n%s", diff)
	}

	// Hyphenated names, as the runner sets them for JavaScript actions.
	hy, err := ReadInputs(env("INPUT_RUN", "pytest", "INPUT_FAIL-ON", "none", "INPUT_SBOM-FORMAT", "json", "INPUT_SBOM", "x.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if hy.FailOn != nil || hy.SBOMFormat != sbom.FormatJSON || !hy.Annotate || !hy.OnlyNew || hy.Review != "auto" || hy.Backend != "auto" || hy.SBOMSpec != sbom.Spec16 {
		t.Errorf("defaults = %+v", hy)
	}

	if b, err := ReadInputs(env("INPUT_MODE", "baseline")); err != nil || b.Mode != "baseline" {
		t.Errorf("baseline mode without run: %+v, %v", b, err)
	}
	p, err := ReadInputs(env("INPUT_MODE", "publish", "INPUT_BUNDLE", "dl", "INPUT_BUNDLE_ARTIFACT", "b"))
	if err != nil || p.Mode != ModePublish || p.Bundle != "dl" || p.BundleArtifact != "b" || p.SBOMArtifact != DefaultSBOMArtifact || !p.UploadArtifacts {
		t.Errorf("publish mode without run: %+v, %v", p, err)
	}

	st, err := ReadInputs(env("INPUT_MODE", "study", "INPUT_REPORTS", "reports"))
	if err != nil || st.Mode != ModeStudy || st.Run != "" || st.Reports != "reports" || st.Layout != "{agent}/{task}/{trial}" || st.Study != "" || !st.Summary {
		t.Errorf("study mode without run: %+v, %v", st, err)
	}
	st, err = ReadInputs(env("INPUT_MODE", "study", "INPUT_REPORTS", " /r ", "INPUT_LAYOUT", "envaudit__{agent}__{task}__{trial}", "INPUT_STUDY", "out", "INPUT_SUMMARY", "false"))
	if err != nil || st.Reports != "/r" || st.Layout != "envaudit__{agent}__{task}__{trial}" || st.Study != "out" || st.Summary {
		t.Errorf("study mode: %+v, %v", st, err)
	}
	// The layout is mode study's: another mode does not read it.
	if _, err := ReadInputs(env("INPUT_RUN", "x", "INPUT_LAYOUT", "{colour}")); err != nil {
		t.Errorf("mode audit with a layout: %v", err)
	}

	errs := []struct {
		env  []string
		want string
	}{
		{nil, "run: the test command is required (for example `npm test`)"},
		{[]string{"INPUT_RUN", "x", "INPUT_MODE", "trace"}, `mode: unknown value "trace" (want audit, publish, single, baseline or study)`},
		{[]string{"INPUT_MODE", "study"}, "reports: mode study needs the directory of the reports (where the job downloaded the report artifacts)"},
		{[]string{"INPUT_MODE", "study", "INPUT_REPORTS", "  "}, "reports: mode study needs the directory of the reports (where the job downloaded the report artifacts)"},
		{[]string{"INPUT_MODE", "study", "INPUT_REPORTS", "r", "INPUT_LAYOUT", "{agent}/{colour}"}, `layout "{agent}/{colour}": unknown field {colour} (want {agent}, {task}, {trial} or {language})`},
		{[]string{"INPUT_MODE", "study", "INPUT_REPORTS", "r", "INPUT_LAYOUT", "plain"}, `layout "plain": no field`},
		{[]string{"INPUT_MODE", "single"}, "run: the test command is required (for example `npm test`)"},
		{[]string{"INPUT_RUN", "x", "INPUT_UPLOAD_ARTIFACTS", "no"}, `upload-artifacts: want true or false, not "no"`},
		{[]string{"INPUT_RUN", "x", "INPUT_ANNOTATE", "yes"}, `annotate: want true or false, not "yes"`},
		{[]string{"INPUT_RUN", "x", "INPUT_REVIEW", "always"}, `review: unknown value "always" (want auto, true or false)`},
		{[]string{"INPUT_RUN", "x", "INPUT_BACKEND", "strace"}, `backend: unknown value "strace" (want auto, ebpf or ptrace)`},
		{[]string{"INPUT_RUN", "x", "INPUT_SBOM_FORMAT", "spdx"}, `sbom-format: unknown SBOM format "spdx" (want json or xml)`},
		{[]string{"INPUT_RUN", "x", "INPUT_SBOM_VERSION", "2.0"}, `sbom-version: unknown CycloneDX version "2.0" (want 1.6 or 1.7)`},
		{[]string{"INPUT_RUN", "x", "INPUT_TIMEOUT", "soon"}, `timeout: want a duration such as 20m, not "soon"`},
	}
	for _, e := range errs {
		t.Run(e.want, func(t *testing.T) {
			if _, err := ReadInputs(env(e.env...)); errString(err) != e.want {
				t.Errorf("err = %v, want %q", err, e.want)
			}
		})
	}
}

func TestOutputs(t *testing.T) {
	var o Outputs
	r := reporttest.Example(t)
	r.Ecosystems[0].Findings[0].Ignored = "kept"
	o.CountFindings(r)
	o.AgentAuthored = true
	o.Report = "r.json"
	o.Error = "sarif: write \"a\nb.sarif\": no space left on device\n_GitHubActionsFileCommandDelimeter_\nfailing<<x"
	want := map[string]string{"report": "r.json", "sbom": "", "sarif": "", "bundle": "", "phantom": "2", "hidden": "2", "bloat": "1", "agent-authored": "true", "failing": "0",
		"error": "sarif: write \"a b.sarif\": no space left on device _GitHubActionsFileCommandDelimeter_ failing<<x"}
	if diff := cmp.Diff(want, o.Map()); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
}

// TestReadInputsFailureKeepsReporting: inputs that do not parse still
// leave the run knowing whether to annotate and summarise that failure.
func TestReadInputsFailureKeepsReporting(t *testing.T) {
	tests := []struct {
		name              string
		env               map[string]string
		annotate, summary bool
	}{
		{"defaults", map[string]string{"INPUT_MODE": "bogus"}, true, true},
		{"summaryOff", map[string]string{"INPUT_MODE": "bogus", "INPUT_SUMMARY": "false", "INPUT_ANNOTATE": "false"}, false, false},
		{"badBoolean", map[string]string{"INPUT_RUN": "true", "INPUT_SUMMARY": "yes"}, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := ReadInputs(func(k string) string { return tt.env[k] })
			if err == nil {
				t.Fatal("no error")
			}
			if in.Annotate != tt.annotate || in.Summary != tt.summary {
				t.Errorf("annotate %v, summary %v; want %v, %v", in.Annotate, in.Summary, tt.annotate, tt.summary)
			}
		})
	}
}

func FuzzOneLine(f *testing.F) {
	for _, s := range []string{"", "a\nb", " x\r\n\ty ", "\u2028\x1b[31m", "\xff\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := OneLine(s)
		if strings.ContainsFunc(got, func(r rune) bool { return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' }) {
			t.Errorf("OneLine(%q) = %q holds a control character", s, got)
		}
		if got != strings.TrimSpace(got) || OneLine(got) != got {
			t.Errorf("OneLine(%q) = %q is not settled", s, got)
		}
	})
}
