package action

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/inert"
)

// TestChildReportRoundTrip: whatever errors the audit child records —
// positioned or not, joined, with control characters, invalid UTF-8, a
// file outside the working directory, more and longer than the caps —
// the report it sends is one its holder reads, and says them as the
// holder's annotations would.
func TestChildReportRoundTrip(t *testing.T) {
	long := strings.Repeat("é", maxChildMessage)
	tests := []struct {
		name string
		errs []error
		want []childError
	}{
		{"none", nil, nil},
		{"plain", []error{errors.New("working-directory: stat app: no such file or directory")},
			[]childError{{Message: "working-directory: stat app: no such file or directory"}}},
		{"positioned", []error{fmt.Errorf("fake: %w", ecosystems.Errorf("app/fake.txt", 3, "invalid name %q", "a b"))},
			[]childError{{File: "app/fake.txt", Line: 3, Message: `invalid name "a b"`}}},
		{"joined", []error{errors.Join(errors.New("one"), ecosystems.Errorf("app/fake.txt", 0, "two"))},
			[]childError{{Message: "one"}, {File: "app/fake.txt", Message: "two"}}},
		{"outside", []error{ecosystems.Errorf("../etc/passwd", 1, "no")},
			[]childError{{Message: "../etc/passwd:1: no"}}},
		{"controls", []error{errors.New("a\x1b[2J\u2028b\nc\xff")},
			[]childError{{Message: "a␛[2J<U+2028>b\nc\uFFFD"}}},
		{"controlInFile", []error{ecosystems.Errorf("app/a\nb.txt", 1, "bad")},
			[]childError{{Message: "app/a\nb.txt:1: bad"}}},
		{"long", []error{errors.New(long)}, []childError{{Message: truncate(long, maxChildMessage)}}},
		{"empty", []error{errors.New("")}, []childError{{Message: "error"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c childReport
			for _, err := range tt.errs {
				c.add(err)
			}
			c.Bundle = strings.Repeat("ab", 32)
			var buf bytes.Buffer
			if err := c.encode(&buf); err != nil {
				t.Fatal(err)
			}
			got, err := parseChildReport(buf.Bytes())
			if err != nil {
				t.Fatalf("the holder refuses what the child sent: %v\n%s", err, buf.String())
			}
			if diff := cmp.Diff(tt.want, got.Errors); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("caps", func(t *testing.T) {
		var c childReport
		for i := 0; i < 3*maxChildErrors; i++ {
			c.add(errors.New(long))
		}
		var buf bytes.Buffer
		if err := c.encode(&buf); err != nil {
			t.Fatal(err)
		}
		if got, err := parseChildReport(buf.Bytes()); err != nil || len(got.Errors) != maxChildErrors {
			t.Errorf("%d errors, error %v; want %d and none", len(got.Errors), err, maxChildErrors)
		}
	})
}

// TestChildReportErr: the holder fails with the child's errors, a
// positioned one annotated where the child's was.
func TestChildReportErr(t *testing.T) {
	c := childReport{Errors: []childError{{File: "app/fake.txt", Line: 2, Message: "bad"}}}
	var pe *ecosystems.PosError
	if err := c.err(); !errors.As(err, &pe) || pe.Pos.File != "app/fake.txt" || pe.Pos.Line != 2 || err.Error() != "app/fake.txt:2: bad" {
		t.Errorf("err() = %v, want app/fake.txt:2: bad, positioned", err)
	}
	c.Errors = append(c.Errors, childError{Message: "worse"})
	if got := len(leafErrors(c.err())); got != 2 {
		t.Errorf("err() joins %d errors, want 2", got)
	}
	if err := (&childReport{}).err(); err != nil {
		t.Errorf("no errors gave %v", err)
	}
}

// TestParseChildReport checks what the holder refuses of what comes on
// its child's pipe.
func TestParseChildReport(t *testing.T) {
	sum := strings.Repeat("0", 64)
	tests := []struct {
		name string
		data string
		want *childReport
		err  string
	}{
		{"nothing", "", nil, ""},
		{"blank", " \n", nil, ""},
		{"bundle", `{"bundle":"` + sum + `"}`, &childReport{Bundle: sum}, ""},
		{"unknownField", `{"verdict":"pass"}`, nil, `json: unknown field "verdict"`},
		{"twoReports", `{} {}`, nil, "data after the report"},
		{"notSHA", `{"bundle":"` + strings.Repeat("G", 64) + `"}`, nil, "is no SHA-256"},
		{"upperSHA", `{"bundle":"` + strings.Repeat("A", 64) + `"}`, nil, "is no SHA-256"},
		{"emptyMessage", `{"errors":[{"message":""}]}`, nil, "errors[0]: a message of 0 bytes"},
		{"lineWithoutFile", `{"errors":[{"line":3,"message":"x"}]}`, nil, `errors[0]: line 3 of file ""`},
		{"negativeLine", `{"errors":[{"file":"a","line":-1,"message":"x"}]}`, nil, `errors[0]: line -1 of file "a"`},
		{"absoluteFile", `{"errors":[{"file":"/etc/passwd","message":"x"}]}`, nil, "is no clean path inside the working directory"},
		{"escapingFile", `{"errors":[{"file":"a/../../b","message":"x"}]}`, nil, "is no clean path inside the working directory"},
		{"backslashFile", `{"errors":[{"file":"a\\b","message":"x"}]}`, nil, "is no clean path inside the working directory"},
		{"newlineInFile", `{"errors":[{"file":"a\nb","message":"x"}]}`, nil, "is no clean path inside the working directory"},
		{"bidiInFile", `{"errors":[{"file":"a\u202eb","message":"x"}]}`, nil, "is no clean path inside the working directory"},
		{"controlsInMessage", `{"errors":[{"message":"fatal: a\nfatal: \u001b[31mb\u202e"}]}`, &childReport{Errors: []childError{{Message: "fatal: a\nfatal: ␛[31mb<U+202E>"}}}, ""},
		{"tooMany", `{"errors":[` + strings.Repeat(`{"message":"x"},`, maxChildErrors) + `{"message":"x"}]}`, nil, "more than 16 errors"},
		{"tooLong", strings.Repeat(" ", maxChildReport) + "{}", nil, "longer than 65536 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseChildReport([]byte(tt.data))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one saying %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzParseChildReport: whatever comes on the pipe, the holder either
// refuses it or gets errors it can show as they are: short, inert,
// positioned inside the working directory.
func FuzzParseChildReport(f *testing.F) {
	for _, s := range []string{"", "{}", `{"errors":[{"file":"app/fake.txt","line":2,"message":"bad\nworse"}],"bundle":"` + strings.Repeat("0", 64) + `"}`, `{"errors":[{"message":"x"}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := parseChildReport(data)
		if err != nil || c == nil {
			return
		}
		for _, e := range c.Errors {
			if !utf8.ValidString(e.Message) || !inert.Is(e.Message, true) || len(e.Message) > maxChildMessage || e.Message == "" {
				t.Errorf("message %q passed", e.Message)
			}
			if e.File != "" && (!isLocalPath(e.File) || !inert.Is(e.File, false)) || e.Line < 0 {
				t.Errorf("position %q:%d passed", e.File, e.Line)
			}
		}
		if c.Bundle != "" && !isSHA256(c.Bundle) {
			t.Errorf("bundle %q passed", c.Bundle)
		}
	})
}

// FuzzChildReportAdd: whatever error text the child records, what it
// sends is a report its holder reads.
func FuzzChildReportAdd(f *testing.F) {
	for _, s := range []string{"", "plain", "a\x00b", "\xff\xfe", "x\u2028y", strings.Repeat("z", 5000)} {
		f.Add(s, "app/fake.txt", 3)
	}
	f.Fuzz(func(t *testing.T, msg, file string, line int) {
		var c childReport
		c.add(errors.New(msg))
		c.add(ecosystems.Errorf(file, line, "%s", msg))
		var buf bytes.Buffer
		if err := c.encode(&buf); err != nil {
			t.Fatal(err)
		}
		if _, err := parseChildReport(buf.Bytes()); err != nil {
			t.Errorf("the holder refuses what the child sent for %q at %q:%d: %v", msg, file, line, err)
		}
	})
}
