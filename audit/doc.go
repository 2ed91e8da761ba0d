// Package audit owns combining the declared (D1), installed (D2) and traced
// (D3) layers of each ecosystem into findings and metrics, and the versioned
// report model with its text and Markdown renderings. It is pure: it starts
// no process and talks to no service.
package audit
