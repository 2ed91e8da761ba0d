// Command sloppy-madeup is an envaudit fixture of a module path a coding
// agent made up: go.mod requires github.com/fastjsonx/fastjsonx-turbo,
// which no one publishes, so no go.sum line and no module cache can hold
// it, and `go test ./...` fails before it compiles anything.
package main

import (
	"fmt"

	fastjson "github.com/fastjsonx/fastjsonx-turbo"
)

func encode(v any) string {
	b, err := fastjson.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

func main() { fmt.Println(encode(map[string]int{"answer": 42})) }
