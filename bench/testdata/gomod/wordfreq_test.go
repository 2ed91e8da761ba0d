package benchmod

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestTopWords(t *testing.T) {
	got := TopWords("the cat and the hat; The end", 2)
	want := []Count{{"the", 3}, {"and", 1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("TopWords = %v, want %v", got, want)
	}
}

func TestJSON(t *testing.T) {
	b, err := json.Marshal(TopWords("a b a", 5))
	if err != nil || string(b) != `[{"Word":"a","N":2},{"Word":"b","N":1}]` {
		t.Errorf("json %s, %v", b, err)
	}
}
