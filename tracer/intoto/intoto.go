// Package intoto converts envaudit's traces to and from the in-toto
// runtime-trace predicate (https://in-toto.io/attestation/runtime-trace/v0.1),
// the trace attestation in-toto witness writes (`witness run --trace`) and
// SBOMit reads. Its events have the shapes witness gives them: process
// "start" events (processID, parentPID, processBinary, commandLine) and
// fileAccess "open" events (processID, path, mode, digests), each file
// event tied to its process's start event by parentEventID.
//
// Read accepts the predicate as a bare in-toto Statement, inside a DSSE
// envelope (what witness writes, signed), or inside a witness attestation
// collection. It does not verify signatures: verify the envelope with
// witness (or cosign) first; envaudit reads what it is given.
package intoto

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/envaudit/envaudit/internal/projfile"
	"github.com/envaudit/envaudit/tracer"
)

// The types this package writes and reads.
const (
	StatementType = "https://in-toto.io/Statement/v1"
	PredicateType = "https://in-toto.io/attestation/runtime-trace/v0.1"
	// MonitorType names envaudit's tracer as the monitor.
	MonitorType = "https://github.com/envaudit/envaudit/tracer/v1"
	// PayloadType is the DSSE payload type of an in-toto statement.
	PayloadType = "application/vnd.in-toto+json"
	// collectionType is witness's attestation collection, which holds
	// the runtime-trace predicate among its attestations.
	collectionType = "https://witness.testifysec.com/attestation-collection/v0.1"
)

// Statement is an in-toto Statement v1 with a runtime-trace predicate.
type Statement struct {
	Type          string               `json:"_type"`
	Subject       []ResourceDescriptor `json:"subject"`
	PredicateType string               `json:"predicateType"`
	Predicate     Predicate            `json:"predicate"`
}

// ResourceDescriptor is the in-toto resource descriptor, the fields used
// here.
type ResourceDescriptor struct {
	Name   string            `json:"name,omitempty"`
	URI    string            `json:"uri,omitempty"`
	Digest map[string]string `json:"digest,omitempty"`
}

// Predicate is the runtime-trace predicate.
type Predicate struct {
	Monitor          Monitor          `json:"monitor"`
	MonitoredProcess MonitoredProcess `json:"monitoredProcess"`
	MonitorLog       MonitorLog       `json:"monitorLog"`
	Metadata         *Metadata        `json:"metadata,omitempty"`
}

// Monitor identifies the tracer.
type Monitor struct {
	Type string `json:"type"`
	// TracePolicy says what the tracer recorded (envaudit's backend and
	// the directories it counted instead of recording).
	TracePolicy map[string]any `json:"tracePolicy,omitempty"`
}

// MonitoredProcess identifies the traced run: hostID and type per the
// predicate, and the command as witness gives it.
type MonitoredProcess struct {
	HostID string   `json:"hostID,omitempty"`
	Type   string   `json:"type,omitempty"`
	Event  string   `json:"event,omitempty"`
	PID    int      `json:"pid,omitempty"`
	Cmd    []string `json:"cmd,omitempty"`
}

// MonitorLog holds the events.
type MonitorLog struct {
	Process    []ProcessEvent `json:"process"`
	Network    []any          `json:"network"`
	FileAccess []FileEvent    `json:"fileAccess"`
}

// ProcessEvent is a process's start (or exit) event.
type ProcessEvent struct {
	EventType     string `json:"eventType"`
	EventID       string `json:"eventID,omitempty"`
	ParentEventID string `json:"parentEventID,omitempty"`
	Successful    bool   `json:"successful"`
	ProcessBinary string `json:"processBinary,omitempty"`
	ProcessID     int    `json:"processID"`
	ParentPID     int    `json:"parentPID"`
	CommandLine   string `json:"commandLine,omitempty"`
	// Arguments is the command line as its words (envaudit's; witness
	// gives commandLine only).
	Arguments []string `json:"arguments,omitempty"`
	Cwd       string   `json:"cwd,omitempty"`
}

// FileEvent is one distinct file access of a process.
type FileEvent struct {
	EventType     string `json:"eventType"` // "open" (or "exec")
	EventID       string `json:"eventID,omitempty"`
	ParentEventID string `json:"parentEventID,omitempty"`
	// Successful is whether the open succeeded; nil when the event does
	// not say (taken as opened).
	Successful *bool             `json:"successful"`
	ProcessID  int               `json:"processID"`
	Path       string            `json:"path"`
	Mode       string            `json:"mode"` // "read", "write" or "exec"
	Digests    map[string]string `json:"digests,omitempty"`
	// Real is the file opened when it differs from path (a symbolic link
	// resolved), and Count how often it was opened.
	Real  string `json:"real,omitempty"`
	Count int    `json:"count,omitempty"`
}

// Metadata gives the run's times.
type Metadata struct {
	BuildStartedOn  *time.Time `json:"buildStartedOn,omitempty"`
	BuildFinishedOn *time.Time `json:"buildFinishedOn,omitempty"`
}

// Host says where the run was traced, for monitoredProcess.
type Host struct {
	HostID string // "https://github.com" in GitHub Actions
	Type   string // the run's build type URI
	Event  string // the job's URI
}

// FromTrace returns the statement of a trace, about the subjects (the
// files the run is evidence for: the project's manifests).
func FromTrace(tr *tracer.Trace, subjects []ResourceDescriptor, host Host) *Statement {
	st := &Statement{Type: StatementType, Subject: subjects, PredicateType: PredicateType}
	if st.Subject == nil {
		st.Subject = []ResourceDescriptor{}
	}
	p := &st.Predicate
	p.Monitor = Monitor{Type: MonitorType, TracePolicy: map[string]any{"backend": tr.Header.Backend}}
	if len(tr.Header.Skip) > 0 {
		p.Monitor.TracePolicy["countedNotRecorded"] = tr.Header.Skip
	}
	p.MonitoredProcess = MonitoredProcess{HostID: host.HostID, Type: host.Type, Event: host.Event, Cmd: tr.Header.Command}
	pids := map[int]int{} // record → pid
	procs := slices.Clone(tr.Processes)
	sort.Slice(procs, func(i, j int) bool { return procs[i].ID < procs[j].ID })
	for _, pr := range procs {
		pids[pr.ID] = pr.PID
	}
	p.MonitorLog = MonitorLog{Process: []ProcessEvent{}, Network: []any{}, FileAccess: []FileEvent{}}
	for _, pr := range procs {
		if p.MonitoredProcess.PID == 0 && pr.Parent == 0 {
			p.MonitoredProcess.PID = pr.PID
		}
		ev := ProcessEvent{
			EventType: "start", EventID: startID(pr.ID), Successful: true,
			ProcessBinary: pr.Exe, ProcessID: pr.PID, ParentPID: pids[pr.Parent],
			CommandLine: strings.Join(pr.Argv, " "), Arguments: pr.Argv, Cwd: pr.Cwd,
		}
		if pr.Parent != 0 {
			ev.ParentEventID = startID(pr.Parent)
		}
		p.MonitorLog.Process = append(p.MonitorLog.Process, ev)
	}
	// envaudit records the files that were opened.
	opened := true
	for i, a := range tr.Accesses {
		mode := string(a.Op)
		ev := FileEvent{
			EventType: "open", EventID: "file-" + strconv.Itoa(i+1), ParentEventID: startID(a.Proc),
			Successful: &opened, ProcessID: pids[a.Proc], Path: a.Path, Mode: mode, Real: a.Real, Count: a.Count,
		}
		if a.Op == tracer.OpExec {
			ev.EventType = "exec"
		}
		p.MonitorLog.FileAccess = append(p.MonitorLog.FileAccess, ev)
	}
	if !tr.Header.Start.IsZero() {
		start := tr.Header.Start.UTC()
		end := start.Add(time.Duration(tr.End.DurationMs) * time.Millisecond)
		p.Metadata = &Metadata{BuildStartedOn: &start, BuildFinishedOn: &end}
	}
	return st
}

// maxSubject bounds the size of a file digested as a subject.
const maxSubject = 256 << 20

// Subjects digests the files a trace is evidence about (the project's
// manifests and lockfiles), each once, named relative to root when they
// lie below it; a file that does not exist is left out.
func Subjects(root string, files []string) ([]ResourceDescriptor, error) {
	var out []ResourceDescriptor
	seen := map[string]bool{}
	for _, f := range files {
		if seen[f] {
			continue
		}
		seen[f] = true
		data, err := projfile.ReadFile(f, maxSubject)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		name := f
		if rel, err := filepath.Rel(root, f); err == nil && filepath.IsLocal(rel) {
			name = filepath.ToSlash(rel)
		}
		sum := sha256.Sum256(data)
		out = append(out, ResourceDescriptor{Name: name, Digest: map[string]string{"sha256": hex.EncodeToString(sum[:])}})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func startID(record int) string { return "process-start-" + strconv.Itoa(record) }

// Write writes the statement as indented JSON.
func (st *Statement) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(st)
}

// maxAttestation bounds what Read reads.
const maxAttestation = 1 << 30

// IsAttestation tells an attestation (a JSON object with _type,
// predicateType or payloadType) from envaudit's JSON-lines trace by the
// start of the file.
func IsAttestation(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n\ufeff")
	// envaudit's trace starts {"type":"header", ...
	if !bytes.HasPrefix(head, []byte("{")) || bytes.HasPrefix(head, []byte(`{"type":`)) {
		return false
	}
	for _, key := range []string{`"_type"`, `"predicateType"`, `"payloadType"`, `"payload"`} {
		if bytes.Contains(head, []byte(key)) {
			return true
		}
	}
	return false
}

// Read reads a runtime-trace attestation (a statement, a DSSE envelope
// of one, or a witness collection holding one) named name, and returns
// its trace. The trace is complete only in what the monitor recorded: its
// End holds no exit status (the predicate has none), and its Header names
// the monitor as the backend.
func Read(r io.Reader, name string) (*tracer.Trace, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxAttestation+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if len(data) > maxAttestation {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, maxAttestation)
	}
	pred, err := predicateOf(data, name, 0)
	if err != nil {
		return nil, err
	}
	return toTrace(pred, name)
}

// predicateOf finds the runtime-trace predicate in data.
func predicateOf(data []byte, name string, depth int) (*Predicate, error) {
	if depth > 2 {
		return nil, fmt.Errorf("%s: envelopes nested too deep", name)
	}
	var top struct {
		PayloadType   string          `json:"payloadType"`
		Payload       string          `json:"payload"`
		Type          string          `json:"_type"`
		PredicateType string          `json:"predicateType"`
		Predicate     json.RawMessage `json:"predicate"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("%s: not an in-toto attestation: %w", name, err)
	}
	switch {
	case top.Payload != "":
		if top.PayloadType != "" && top.PayloadType != PayloadType {
			return nil, fmt.Errorf("%s: DSSE payload type %q, want %q", name, top.PayloadType, PayloadType)
		}
		payload, err := base64.StdEncoding.DecodeString(top.Payload)
		if err != nil {
			if payload, err = base64.URLEncoding.DecodeString(top.Payload); err != nil {
				return nil, fmt.Errorf("%s: DSSE payload: %w", name, err)
			}
		}
		return predicateOf(payload, name+" (payload)", depth+1)
	case top.PredicateType == PredicateType || strings.HasPrefix(top.PredicateType, "https://in-toto.io/attestation/runtime-trace/v0."):
		return decodePredicate(top.Predicate, name)
	case top.PredicateType == collectionType:
		var coll struct {
			Attestations []struct {
				Type        string          `json:"type"`
				Attestation json.RawMessage `json:"attestation"`
			} `json:"attestations"`
		}
		if err := json.Unmarshal(top.Predicate, &coll); err != nil {
			return nil, fmt.Errorf("%s: witness collection: %w", name, err)
		}
		for _, a := range coll.Attestations {
			if strings.HasPrefix(a.Type, "https://in-toto.io/attestation/runtime-trace/v0.") {
				return decodePredicate(a.Attestation, name)
			}
		}
		return nil, fmt.Errorf("%s: the witness collection holds no runtime-trace attestation (run witness with --trace)", name)
	case top.PredicateType != "":
		return nil, fmt.Errorf("%s: predicate type %q, not a runtime trace (%s)", name, top.PredicateType, PredicateType)
	}
	return nil, fmt.Errorf("%s: not an in-toto statement or DSSE envelope", name)
}

func decodePredicate(raw json.RawMessage, name string) (*Predicate, error) {
	var p Predicate
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, fmt.Errorf("%s: runtime-trace predicate: %w", name, err)
	}
	return &p, nil
}

// maxEvents bounds the events a trace read from an attestation may hold.
const maxEvents = 10_000_000

// toTrace builds envaudit's trace from the predicate's events. Processes
// are told apart by their start events (a pid reused is two records),
// each the child of the process its parentEventID names, else of the
// latest one started with its parentPID; a file event belongs to the process its parentEventID names, else to
// the latest process of its processID, else to the run's root.
func toTrace(p *Predicate, name string) (*tracer.Trace, error) {
	log := p.MonitorLog
	if len(log.Process)+len(log.FileAccess) > maxEvents {
		return nil, fmt.Errorf("%s: more than %d events", name, maxEvents)
	}
	tr := &tracer.Trace{}
	tr.Header.Version = tracer.FormatVersion
	tr.Header.Backend = "in-toto runtime-trace: " + p.Monitor.Type
	tr.Header.Command = p.MonitoredProcess.Cmd
	if p.Metadata != nil && p.Metadata.BuildStartedOn != nil {
		tr.Header.Start = *p.Metadata.BuildStartedOn
		if p.Metadata.BuildFinishedOn != nil {
			tr.End.DurationMs = p.Metadata.BuildFinishedOn.Sub(*p.Metadata.BuildStartedOn).Milliseconds()
		}
	}
	byEvent := map[string]int{} // start event ID → record
	byPID := map[int]int{}      // pid → its latest record
	for _, ev := range log.Process {
		if ev.EventType != "start" && ev.EventType != "" && ev.EventType != "process" {
			continue
		}
		id := len(tr.Processes) + 1
		argv := ev.Arguments
		if len(argv) == 0 && ev.CommandLine != "" {
			argv = strings.Fields(ev.CommandLine)
		}
		pr := tracer.Process{ID: id, PID: ev.ProcessID, Exe: ev.ProcessBinary, Argv: argv, Cwd: ev.Cwd}
		// A parent starts before its children: only a process already
		// read can be one, so the records form a tree.
		if rec, ok := byEvent[ev.ParentEventID]; ok && ev.ParentEventID != "" {
			pr.Parent = rec
		} else if rec, ok := byPID[ev.ParentPID]; ok && ev.ParentPID != 0 {
			pr.Parent = rec
		}
		tr.Processes = append(tr.Processes, pr)
		if ev.EventID != "" {
			byEvent[ev.EventID] = id
		}
		byPID[ev.ProcessID] = id
	}
	root := 0
	for _, pr := range tr.Processes {
		if pr.Parent == 0 {
			root = pr.ID
			// The command ran in the project's directory: the trace is
			// moved onto another checkout by it, as envaudit's own
			// header's dir is (witness records no working directory).
			tr.Header.Dir = pr.Cwd
			break
		}
	}
	for _, ev := range log.FileAccess {
		if ev.Path == "" || !strings.HasPrefix(ev.Path, "/") || (ev.EventType != "" && ev.EventType != "open" && ev.EventType != "exec") {
			continue
		}
		if ev.Successful != nil && !*ev.Successful {
			// An open that failed opened nothing.
			continue
		}
		proc, ok := byEvent[ev.ParentEventID]
		if !ok || ev.ParentEventID == "" {
			proc, ok = byPID[ev.ProcessID]
		}
		if !ok {
			if root == 0 {
				tr.Processes = append(tr.Processes, tracer.Process{ID: len(tr.Processes) + 1, PID: ev.ProcessID})
				root = len(tr.Processes)
			}
			proc = root
		}
		op := tracer.OpRead
		switch {
		case ev.EventType == "exec" || ev.Mode == "exec":
			op = tracer.OpExec
		case strings.Contains(ev.Mode, "write"):
			op = tracer.OpWrite
		}
		tr.Accesses = append(tr.Accesses, tracer.Access{Proc: proc, Op: op, Path: ev.Path, Real: ev.Real, Count: max(ev.Count, 1)})
	}
	tr.End.Processes = len(tr.Processes)
	tr.End.Events = int64(len(tr.Accesses))
	if len(tr.Processes) == 0 {
		return nil, errors.New(name + ": the runtime trace records no process and no file")
	}
	tr.End.Warnings = append(tr.End.Warnings, "read from an in-toto runtime-trace attestation ("+p.Monitor.Type+"): the command's exit status is not recorded there")
	return tr, nil
}

// Recognize reports whether r, the start of a file, is a runtime-trace
// statement this package wrote (or any other): a file `envaudit trace
// --attestation` may replace without losing a file of the user's.
func Recognize(r io.Reader) bool {
	head := make([]byte, 4096)
	n, _ := io.ReadFull(r, head)
	head = head[:n]
	return IsAttestation(head) && bytes.Contains(head, []byte(`"`+StatementType+`"`)) && bytes.Contains(head, []byte("runtime-trace"))
}

// HostOf says where a run is traced from the environment: a GitHub
// Actions job by its run's URI, else the machine by its host name.
func HostOf(getenv func(string) string, hostname string) Host {
	if server, repo, run := getenv("GITHUB_SERVER_URL"), getenv("GITHUB_REPOSITORY"), getenv("GITHUB_RUN_ID"); getenv("GITHUB_ACTIONS") == "true" && server != "" && repo != "" && run != "" {
		event := server + "/" + repo + "/actions/runs/" + run
		if a := getenv("GITHUB_RUN_ATTEMPT"); a != "" {
			event += "/attempts/" + a
		}
		return Host{HostID: server, Type: "https://actions.github.io/buildtypes/workflow/v1", Event: event}
	}
	return Host{HostID: "urn:envaudit:host:" + hostname, Type: MonitorType}
}
