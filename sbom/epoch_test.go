package sbom

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestSourceDateEpoch(t *testing.T) {
	tests := []struct {
		name    string
		value   string
		want    time.Time
		wantErr string
	}{
		{name: "unset"},
		{name: "zero", value: "0", want: time.Unix(0, 0).UTC()},
		{name: "seconds", value: "1764493200", want: time.Date(2025, 11, 30, 9, 0, 0, 0, time.UTC)},
		{name: "lastSecond", value: "253402300799", want: time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)},
		{name: "pastYear9999", value: "253402300800", wantErr: `SOURCE_DATE_EPOCH: invalid value "253402300800" (want whole seconds since 1970-01-01 UTC)`},
		{name: "signed", value: "+5", wantErr: `SOURCE_DATE_EPOCH: invalid value "+5" (want whole seconds since 1970-01-01 UTC)`},
		{name: "negative", value: "-5", wantErr: `SOURCE_DATE_EPOCH: invalid value "-5" (want whole seconds since 1970-01-01 UTC)`},
		{name: "word", value: "soon", wantErr: `SOURCE_DATE_EPOCH: invalid value "soon" (want whole seconds since 1970-01-01 UTC)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SourceDateEpoch(func(k string) string {
				if k == "SOURCE_DATE_EPOCH" {
					return tt.value
				}
				return ""
			})
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if diff := cmp.Diff(tt.wantErr, gotErr); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if !got.Equal(tt.want) {
				t.Errorf("SourceDateEpoch = %v, want %v", got, tt.want)
			}
		})
	}
}
