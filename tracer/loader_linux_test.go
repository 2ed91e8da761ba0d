//go:build linux && amd64

package tracer

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// readStream reads a loader stream as envaudit does, until its end.
func readStream(data []byte) (kinds string, payloads [][]byte, end error) {
	l := &sudoLoader{frames: make(chan loaderFrame, 64), free: make(chan []byte, 80)}
	go l.readFrames(io.NopCloser(bytes.NewReader(data)))
	for f := range l.frames {
		if f.err != nil {
			return kinds, payloads, f.err
		}
		kinds += string(f.kind)
		payloads = append(payloads, append([]byte(nil), f.data...))
	}
	return kinds, payloads, nil
}

// stream encodes frames as the loader writes them.
func stream(t testing.TB, frames ...loaderFrame) []byte {
	var b bytes.Buffer
	w := &loaderWriter{w: bufio.NewWriter(&b)}
	for _, f := range frames {
		if err := w.frame(f.kind, f.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.w.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestLoaderStream(t *testing.T) {
	good := stream(t,
		loaderFrame{kind: frameReady, data: []byte("tp_btf/sys_enter\ntp_btf/sys_exit")},
		loaderFrame{kind: frameAck},
		loaderFrame{kind: frameRecord, data: bytes.Repeat([]byte{7}, 4200)},
		loaderFrame{kind: frameDrops, data: make([]byte, 32)},
	)
	// The second frame taken out: what a reader of the pipe would do.
	hdr := loaderFrameHeader + len("tp_btf/sys_enter\ntp_btf/sys_exit")
	stolen := append(append([]byte(nil), good[:hdr]...), good[hdr+loaderFrameHeader:]...)
	huge := stream(t, loaderFrame{kind: frameReady})
	huge = append(huge, frameRecord, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f, 1, 0, 0, 0, 0, 0, 0, 0)
	tests := []struct {
		name  string
		data  []byte
		kinds string
		end   string
	}{
		{name: "whole", data: good, kinds: "RAVD", end: "the loader's stream ended"},
		{name: "stolenFrame", data: stolen, kinds: "R", end: "the loader's stream is corrupt at frame 1"},
		{name: "cutInFrame", data: good[:len(good)-5], kinds: "RAV", end: "the loader's stream ended in a frame"},
		{name: "cutInHeader", data: good[:3], kinds: "", end: "the loader's stream ended"},
		{name: "hugeLength", data: huge, kinds: "R", end: "the loader's stream is corrupt at frame 1"},
		{name: "empty", kinds: "", end: "the loader's stream ended"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kinds, payloads, err := readStream(tt.data)
			if diff := cmp.Diff(tt.kinds, kinds); diff != "" {
				t.Errorf("frames (-want +got):\n%s", diff)
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.end) {
				t.Errorf("end = %v, want %q", err, tt.end)
			}
			if tt.name == "whole" {
				if diff := cmp.Diff("tp_btf/sys_enter\ntp_btf/sys_exit", string(payloads[0])); diff != "" {
					t.Errorf("ready payload (-want +got):\n%s", diff)
				}
				if len(payloads[2]) != 4200 || len(payloads[3]) != 32 {
					t.Errorf("payload sizes %d, %d; want 4200, 32", len(payloads[2]), len(payloads[3]))
				}
			}
		})
	}
}

// FuzzLoaderStream: whatever the pipe holds, the reader ends with an
// error, never panics, and never takes a frame beyond maxLoaderFrame.
func FuzzLoaderStream(f *testing.F) {
	f.Add(stream(f, loaderFrame{kind: frameReady, data: []byte("tp_btf/sys_enter")}, loaderFrame{kind: frameAck}))
	f.Add(stream(f, loaderFrame{kind: frameRecord, data: make([]byte, 100)}, loaderFrame{kind: frameDrops, data: make([]byte, 16)}))
	f.Add([]byte{frameRecord, 0, 0, 0, 0xff, 0xff, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		_, payloads, err := readStream(data)
		if err == nil {
			t.Fatal("the stream ended without an error")
		}
		for _, p := range payloads {
			if len(p) > maxLoaderFrame {
				t.Fatalf("a frame of %d bytes", len(p))
			}
		}
	})
}

func TestOneLine(t *testing.T) {
	tests := []struct {
		name, in string
		max      int
		want     string
	}{
		{"plain", "sudo: a password is required\n", 500, "sudo: a password is required"},
		{"lecture", "\nWe trust you have received\tthe usual lecture.\n\nsudo: a password is required\n", 500, "We trust you have received the usual lecture.; sudo: a password is required"},
		{"cut", strings.Repeat("é", 20), 11, strings.Repeat("é", 5) + "..."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, oneLine(tt.in, tt.max)); diff != "" {
				t.Errorf("oneLine (-want +got):\n%s", diff)
			}
		})
	}
}
