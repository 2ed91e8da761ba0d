package ecosystems

import (
	"context"
	"errors"
)

// The Legacy functions implement the root-path methods of Ecosystem over an
// Opener, for the ecosystems already opened once while the front ends still
// call Detect, Declared and Installed. Each call opens the project anew.

// LegacyDetect returns the manifests and lockfiles of the project at root.
// A project whose files do not parse names the file at fault, so that
// LegacyDeclared reports the error, as Detect always did.
func LegacyDetect(o Opener, root string) ([]string, error) {
	p, err := o.Open(context.Background(), Dir(root))
	var pe *PosError
	if errors.As(err, &pe) {
		return []string{pe.Pos.File}, nil
	}
	if err != nil || p == nil {
		return nil, err
	}
	return Paths(p.Files(), KindManifest, KindLockfile), nil
}

// LegacyDeclared returns D1 of the project at root.
func LegacyDeclared(o Opener, root string) ([]Dependency, error) {
	p, err := o.Open(context.Background(), Dir(root))
	if err != nil || p == nil {
		return nil, err
	}
	return p.Declared(), nil
}

// LegacyInstalled returns the inventory of the project at root; an absent
// project has an empty one.
func LegacyInstalled(ctx context.Context, o Opener, root string, env Env) (*Inventory, error) {
	p, err := o.Open(ctx, Dir(root))
	if err != nil {
		return nil, err
	}
	if p == nil {
		return &Inventory{Index: NewPathIndex()}, nil
	}
	return p.Installed(ctx, env)
}

// LegacyTraceEnv returns the trace environment of the project at root.
func LegacyTraceEnv(o Opener, root, scratch string, environ []string) []string {
	p, err := o.Open(context.Background(), Dir(root))
	if err != nil || p == nil {
		return nil
	}
	if te, ok := p.(ProjectTraceEnvironer); ok {
		return te.TraceEnv(scratch, environ)
	}
	return nil
}

// LegacyTraceSkip returns the directories to skip for the project at root.
func LegacyTraceSkip(ctx context.Context, o Opener, root string, environ []string) []string {
	p, err := o.Open(ctx, Dir(root))
	if err != nil || p == nil {
		return nil
	}
	if ts, ok := p.(ProjectTraceSkipper); ok {
		return ts.TraceSkip(ctx, environ)
	}
	return nil
}
