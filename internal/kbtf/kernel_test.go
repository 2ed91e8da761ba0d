package kbtf

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"testing"

	"encoding/binary"
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"
	"github.com/google/go-cmp/cmp"
)

// tracerObject is the tracer's BPF object, whose relocations are the ones
// that matter.
const tracerObject = "../../tracer/ebpf_bpf_x86_bpfel.o"

func requireKernelBTF(t testing.TB) {
	t.Helper()
	if _, err := os.Stat("/sys/kernel/btf/vmlinux"); err != nil {
		t.Fatalf("this kernel exposes no BTF (the eBPF backend's tests need CONFIG_DEBUG_INFO_BTF): %v", err)
	}
}

// relocations returns every CO-RE relocation of obj's programs.
func relocations(t *testing.T, obj []byte) []*btf.CORERelocation {
	t.Helper()
	spec, err := ebpf.LoadCollectionSpecFromReader(bytes.NewReader(obj))
	if err != nil {
		t.Fatal(err)
	}
	var relos []*btf.CORERelocation
	for _, p := range spec.Programs {
		it := p.Instructions.Iterate()
		for it.Next() {
			if r := btf.CORERelocationMetadata(it.Ins); r != nil {
				relos = append(relos, r)
			}
		}
	}
	if len(relos) == 0 {
		t.Fatal("the object has no CO-RE relocations")
	}
	return relos
}

// kernelSpecs returns the tracer's object, the types its relocations
// name, Kernel's subset of them and this kernel's whole BTF.
func kernelSpecs(t *testing.T) (obj []byte, names []string, sub, whole *btf.Spec) {
	t.Helper()
	requireKernelBTF(t)
	obj, err := os.ReadFile(tracerObject)
	if err != nil {
		t.Fatal(err)
	}
	if names, err = Relocated(obj); err != nil {
		t.Fatal(err)
	}
	if sub, err = Kernel(names); err != nil {
		t.Fatal(err)
	}
	if whole, err = btf.LoadKernelSpec(); err != nil {
		t.Fatal(err)
	}
	return obj, names, sub, whole
}

// TestKernelRelocatesAsTheWholeBTF is the proof that the subset is enough:
// every relocation of the tracer's programs resolves against Kernel's
// subset exactly as against the whole of this kernel's BTF (what the
// loader used before), field by field.
func TestKernelRelocatesAsTheWholeBTF(t *testing.T) {
	obj, names, sub, whole := kernelSpecs(t)
	relos := relocations(t, obj)
	localID := func(btf.Type) (btf.TypeID, error) { return 0, nil }
	fix := func(target *btf.Spec) []string {
		t.Helper()
		fixups, err := btf.CORERelocate(relos, []*btf.Spec{target}, binary.LittleEndian, localID)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(fixups))
		for i := range fixups {
			out[i] = fmt.Sprintf("%v: %v", relos[i], fixups[i].String())
		}
		return out
	}
	want, got := fix(whole), fix(sub)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("fixups against the subset differ from the whole BTF's (-whole +subset):\n%s", diff)
	}
	t.Logf("%d relocations of %d types agree", len(relos), len(names))
}

// TestKernelKeepsLayouts compares every type the subset holds with the
// kernel's own, as the whole BTF decodes it: the same kind, name, size,
// and for composites the same members at the same offsets, down through
// what they hold by value; pointers are where the subset stops.
func TestKernelKeepsLayouts(t *testing.T) {
	_, names, sub, whole := kernelSpecs(t)
	lines := 0
	for _, name := range names {
		w, werr := whole.AnyTypesByName(name)
		g, gerr := sub.AnyTypesByName(name)
		if errors.Is(werr, btf.ErrNotFound) && errors.Is(gerr, btf.ErrNotFound) {
			continue // neither has it (a module's type, for a module not loaded)
		}
		if werr != nil || gerr != nil {
			t.Errorf("%s: whole BTF: %v, subset: %v", name, werr, gerr)
			continue
		}
		if len(w) != len(g) {
			t.Errorf("%s: %d types in the whole BTF, %d in the subset", name, len(w), len(g))
			continue
		}
		for i := range w {
			want := layout(w[i], 0)
			lines += len(want)
			if diff := cmp.Diff(want, layout(g[i], 0)); diff != "" {
				t.Errorf("%s (-whole +subset):\n%s", name, diff)
			}
		}
	}
	if lines < 1000 {
		t.Errorf("only %d members and types compared: the roots lost their members", lines)
	}
	t.Logf("%d members and types of %d roots agree", lines, len(names))
}

// layout renders what a relocation can see of t, one line per member.
func layout(t btf.Type, depth int) []string {
	var out []string
	var walk func(t btf.Type, indent string, depth int)
	walk = func(t btf.Type, indent string, depth int) {
		size, _ := btf.Sizeof(t)
		switch v := t.(type) {
		case *btf.Pointer:
			out = append(out, indent+"pointer")
			return
		case *btf.Typedef:
			out = append(out, indent+"typedef "+v.Name)
			walk(v.Type, indent, depth)
			return
		case *btf.Const, *btf.Volatile, *btf.Restrict, *btf.TypeTag:
			walk(btf.UnderlyingType(t), indent, depth)
			return
		case *btf.Array:
			out = append(out, fmt.Sprintf("%sarray %d", indent, v.Nelems))
			walk(v.Type, indent+"  ", depth+1)
			return
		case *btf.Enum:
			out = append(out, fmt.Sprintf("%senum %s %d %v %v", indent, v.Name, v.Size, v.Signed, v.Values))
			return
		}
		out = append(out, fmt.Sprintf("%s%T %s %d", indent, t, t.TypeName(), size))
		var members []btf.Member
		switch v := t.(type) {
		case *btf.Struct:
			members = v.Members
		case *btf.Union:
			members = v.Members
		}
		if depth < 6 {
			for _, m := range members {
				out = append(out, fmt.Sprintf("%s.%s @%d:%d", indent, m.Name, m.Offset, m.BitfieldSize))
				walk(m.Type, indent+"  ", depth+1)
			}
		}
	}
	walk(t, "", depth)
	return out
}

// BenchmarkKernelTypes sets the subset (the loader's way) beside the
// whole BTF decoded far enough to find the same types (the default
// loader's way), in one run: read both as a ratio.
func BenchmarkKernelTypes(b *testing.B) {
	requireKernelBTF(b)
	obj, err := os.ReadFile(tracerObject)
	if err != nil {
		b.Fatal(err)
	}
	names, err := Relocated(obj)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Subset", func(b *testing.B) {
		for b.Loop() {
			if _, err := Kernel(names); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Whole", func(b *testing.B) {
		for b.Loop() {
			s, err := btf.LoadKernelSpec()
			if err != nil {
				b.Fatal(err)
			}
			for _, n := range names {
				if _, err := s.AnyTypesByName(n); err != nil && !errors.Is(err, btf.ErrNotFound) {
					b.Fatal(err)
				}
			}
		}
	})
}
