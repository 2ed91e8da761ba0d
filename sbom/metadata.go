package sbom

import (
	"cmp"
	"math"
	"path/filepath"
	"strconv"

	cdx "github.com/CycloneDX/cyclonedx-go"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/shellquote"
)

// metadata is the factual part of the BOM's metadata: the project, the
// lifecycle and the run's, metrics' and exclusions' properties. Its
// timestamp and tools are the envelope's (Stamp).
func metadata(r *audit.Report, project string) *cdx.Metadata {
	if project == "" && r.Run != nil && r.Run.Dir != "" && r.Run.Dir != "." {
		project = filepath.Base(filepath.FromSlash(r.Run.Dir))
	}
	if project == "" || project == "." || project == string(filepath.Separator) {
		project = "project"
	}
	md := &cdx.Metadata{
		// The SBOM records what a build-time test run used.
		Lifecycles: &[]cdx.Lifecycle{{Phase: cdx.LifecyclePhaseBuild}},
		Component: &cdx.Component{
			BOMRef: projectRef,
			Type:   cdx.ComponentTypeApplication,
			Name:   project,
		},
	}
	md.Properties = metadataProperties(r)
	return md
}

// metadataProperties describe the traced run, each ecosystem's metrics,
// its excluded toolchain baselines and its manifests.
func metadataProperties(r *audit.Report) *[]cdx.Property {
	var props []cdx.Property
	add := func(name, value string) { props = append(props, cdx.Property{Name: name, Value: value}) }
	add("envaudit:report-schema", strconv.Itoa(r.SchemaVersion))
	if run := r.Run; run != nil {
		add("envaudit:command", shellquote.Join(run.Command))
		add("envaudit:exit-code", strconv.Itoa(run.ExitCode))
		add("envaudit:succeeded", strconv.FormatBool(run.Succeeded))
		add("envaudit:duration-ms", strconv.FormatInt(run.DurationMs, 10))
		add("envaudit:processes", strconv.Itoa(run.Processes))
		if run.Signal != "" {
			add("envaudit:signal", run.Signal)
		}
		if run.TimedOut {
			add("envaudit:timed-out", "true")
		}
		if run.Interrupted {
			add("envaudit:interrupted", cmp.Or(run.InterruptSignal, "true"))
		}
		props = append(props, tracerProps(run)...)
	}
	for _, eco := range r.Ecosystems {
		p := "envaudit:metrics:" + eco.Name + ":"
		m := eco.Metrics
		add(p+"declared", strconv.Itoa(m.Declared))
		add(p+"installed", strconv.Itoa(m.Installed))
		add(p+"traced", strconv.Itoa(m.Traced))
		add(p+"phantom-rate", formatRate(m.PhantomRate))
		add(p+"hidden-rate", formatRate(m.HiddenRate))
		add(p+"bloat-rate", formatRate(m.BloatRate))
		add(p+"transitive", strconv.Itoa(m.Transitive))
		for name, v := range map[string]*float64{"precision": m.Precision, "recall": m.Recall, "f1": m.F1, "inflation": m.Inflation} {
			if v != nil {
				add(p+name, formatRate(*v))
			}
		}
		for _, ex := range eco.Excluded {
			add("envaudit:excluded:"+eco.Name, ex.Name+" ("+ex.Why+")")
		}
		for _, m := range eco.Manifests {
			add("envaudit:manifest:"+eco.Name, m)
		}
	}
	return sortedProps(props)
}

// formula records the traced test command as the workflow that produced
// the BOM's evidence.
func formula(run *audit.RunInfo) cdx.Formula {
	props := sortedProps(append([]cdx.Property{
		{Name: "envaudit:command", Value: shellquote.Join(run.Command)},
		{Name: "envaudit:exit-code", Value: strconv.Itoa(run.ExitCode)},
		{Name: "envaudit:succeeded", Value: strconv.FormatBool(run.Succeeded)},
		{Name: "envaudit:dir", Value: run.Dir},
	}, tracerProps(run)...))
	return cdx.Formula{
		BOMRef: "formula",
		Workflows: &[]cdx.Workflow{{
			BOMRef:     runRef,
			UID:        runRef,
			Name:       "traced test command",
			TaskTypes:  &[]cdx.TaskType{cdx.TaskTypeTest},
			Properties: props,
		}},
	}
}

// tracerProps record how the evidence was observed: the tracer backend,
// the kernel hooks of the eBPF backend (one property each), how its
// programs were loaded, and whether the trace is incomplete.
func tracerProps(run *audit.RunInfo) []cdx.Property {
	props := []cdx.Property{{Name: "envaudit:tracer", Value: cmp.Or(run.Backend, "ptrace")}}
	for _, h := range run.Hooks {
		props = append(props, cdx.Property{Name: "envaudit:tracer-hook", Value: h})
	}
	if run.Loader != "" {
		props = append(props, cdx.Property{Name: "envaudit:tracer-loader", Value: run.Loader})
	}
	if run.IncompleteTrace {
		props = append(props, cdx.Property{Name: "envaudit:trace-incomplete", Value: "true"})
	}
	if run.Lost > 0 {
		props = append(props, cdx.Property{Name: "envaudit:lost-events", Value: strconv.FormatInt(run.Lost, 10)})
	}
	return props
}

// formatRate prints a metric with at most four decimals, so reports that
// differ in the last bits of a division give the same SBOM.
func formatRate(v float64) string {
	return strconv.FormatFloat(math.Round(v*1e4)/1e4, 'f', -1, 64)
}
