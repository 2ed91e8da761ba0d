//go:build ignore

// gen prints a fresh identifier: a program run on its own with go run,
// never part of package roles.
package main

import (
	"fmt"

	"github.com/google/uuid"
)

func main() { fmt.Println(uuid.NewString()) }
