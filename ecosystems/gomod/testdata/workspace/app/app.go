// Package app is an envaudit fixture: a workspace module that uses its
// sibling workspace module lib (project code) and uuid (a dependency).
package app

import (
	"github.com/google/uuid"

	"example.com/envaudit-fixture/ws/lib"
)

// ID names s.
func ID(s string) string { return lib.Upper(uuid.NewSHA1(uuid.NameSpaceDNS, []byte(s)).String()) }
