package kbtf

import (
	"bytes"
	"encoding/binary"
	"os"
	"strings"
	"testing"

	"github.com/cilium/ebpf/btf"
	"github.com/google/go-cmp/cmp"
)

// enc writes raw BTF, for fixtures no kernel has: a base, or split BTF on
// top of one (base set).
type enc struct {
	base  *enc
	types []byte
	strs  []byte
	n     uint32 // types written
}

func newEnc(base *enc) *enc {
	e := &enc{base: base}
	if base == nil {
		e.strs = []byte{0}
	}
	return e
}

func (e *enc) first() uint32 {
	if e.base == nil {
		return 1
	}
	return e.base.first() + e.base.n
}

func (e *enc) str(s string) uint32 {
	if s == "" {
		return 0
	}
	off := uint32(len(e.strs))
	if e.base != nil {
		off += uint32(len(e.base.strs))
	}
	e.strs = append(append(e.strs, s...), 0)
	return off
}

// add writes a type and returns its ID; data are its u32s after the
// header.
func (e *enc) add(name string, kind, vlen int, flag bool, sizeOrType uint32, data ...uint32) uint32 {
	info := uint32(kind)<<24 | uint32(vlen)
	if flag {
		info |= 1 << 31
	}
	for _, v := range append([]uint32{e.str(name), info, sizeOrType}, data...) {
		e.types = binary.LittleEndian.AppendUint32(e.types, v)
	}
	e.n++
	return e.first() + e.n - 1
}

// member is a struct or union member's three u32s.
func (e *enc) member(name string, typ, off uint32) []uint32 {
	return []uint32{e.str(name), typ, off}
}

func (e *enc) bytes() []byte {
	h := make([]byte, headerLen)
	binary.LittleEndian.PutUint16(h, btfMagic)
	h[2] = 1
	binary.LittleEndian.PutUint32(h[4:], headerLen)
	binary.LittleEndian.PutUint32(h[8:], 0)
	binary.LittleEndian.PutUint32(h[12:], uint32(len(e.types)))
	binary.LittleEndian.PutUint32(h[16:], uint32(len(e.types)))
	binary.LittleEndian.PutUint32(h[20:], uint32(len(e.strs)))
	return append(append(h, e.types...), e.strs...)
}

func cat(parts ...[]uint32) []uint32 {
	var out []uint32
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// sample is a base with what the kernel's types use: nested and
// anonymous composites, bitfields in both encodings, arrays, typedefs,
// qualifiers, enums, a flavoured name, a forward declaration and a
// pointer cycle.
func sample() *enc {
	e := newEnc(nil)
	i32 := e.add("int", kindInt, 0, false, 4, 1<<24|32)
	u64 := e.add("long unsigned int", kindInt, 0, false, 8, 64)
	bits := e.add("unsigned int", kindInt, 0, false, 4, 2<<16|3) // legacy: 3 bits at bit 2
	ptrAt := len(e.types)
	ptr := e.add("", kindPtr, 0, false, 0) // to the dentry, set below
	qstr := e.add("qstr", kindStruct, 2, false, 16, cat(e.member("len", i32, 0), e.member("name", ptr, 64))...)
	arr := e.add("", kindArray, 0, false, 0, i32, u64, 4)
	en := e.add("d_flags", kindEnum, 2, true, 4, e.str("A"), 0xffffffff, e.str("B"), 7)
	en64 := e.add("big", kindEnum64, 1, false, 8, e.str("HUGE"), 1, 2)
	td := e.add("qstr_t", kindTypedef, 0, false, qstr)
	cst := e.add("", kindConst, 0, false, td)
	anon := e.add("", kindUnion, 2, false, 8, cat(e.member("u_a", i32, 0), e.member("u_b", u64, 0))...)
	dentry := e.add("dentry", kindStruct, 7, true, 96, cat(
		e.member("d_flags", en, 0),
		e.member("d_lo", i32, 3<<24|32),
		e.member("", anon, 64),
		e.member("d_name", cst, 128),
		e.member("d_parent", ptr, 256),
		e.member("d_iname", arr, 320),
		e.member("d_big", en64, 448),
	)...)
	binary.LittleEndian.PutUint32(e.types[ptrAt+8:], dentry)
	e.add("legacy", kindStruct, 2, false, 8, cat(e.member("lo", bits, 0), e.member("x", i32, 32))...)
	e.add("dentry___v2", kindStruct, 1, false, 4, e.member("d_flags", i32, 0)...)
	e.add("dentry", kindFwd, 0, false, 0)
	proto := e.add("", kindFuncProto, 1, false, i32, e.str("a"), i32)
	e.add("f", kindFunc, 0, false, proto)
	return e
}

func TestSubsetAgreesWithDecodingAll(t *testing.T) {
	e := sample()
	raw := e.bytes()
	whole, err := btf.LoadSpecFromReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("the fixture is not BTF cilium/ebpf reads: %v", err)
	}
	sub, err := Subset(Module{"sample", raw}, nil, []string{"dentry", "legacy", "qstr", "big", "absent"})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"dentry", "legacy", "qstr", "big"} {
		w, err := whole.AnyTypesByName(name)
		if err != nil {
			t.Fatal(err)
		}
		g, err := sub.AnyTypesByName(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var wl, gl []string
		for _, x := range w {
			wl = append(wl, layout(x, 0)...)
		}
		for _, x := range g {
			gl = append(gl, layout(x, 0)...)
		}
		if diff := cmp.Diff(wl, gl); diff != "" {
			t.Errorf("%s (-whole +subset):\n%s", name, diff)
		}
	}
	// The flavoured one (which AnyTypesByName does not strip) and the
	// forward declaration are candidates too.
	for _, name := range []string{"dentry___v2", "dentry"} {
		g, err := sub.AnyTypesByName(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if name == "dentry" && len(g) != 2 {
			t.Errorf("dentry: %v, want the struct and the forward declaration", g)
		}
	}
}

func TestSubsetModules(t *testing.T) {
	base := newEnc(nil)
	i32 := base.add("int", kindInt, 0, false, 4, 1<<24|32)
	base.add("task_struct", kindStruct, 1, false, 4, base.member("pid", i32, 0)...)
	mod := newEnc(base)
	mod.add("btrfs_inode", kindStruct, 2, false, 8, cat(mod.member("ino", i32, 0), mod.member("gen", i32, 32))...)
	calls := 0
	modules := func() ([]Module, error) {
		calls++
		return []Module{{"btrfs", mod.bytes()}}, nil
	}
	sub, err := Subset(Module{"vmlinux", base.bytes()}, modules, []string{"task_struct"})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 0 {
		t.Errorf("the modules were read although vmlinux had every name")
	}
	if _, err := sub.AnyTypesByName("task_struct"); err != nil {
		t.Error(err)
	}
	sub, err = Subset(Module{"vmlinux", base.bytes()}, modules, []string{"task_struct", "btrfs_inode"})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 1 {
		t.Errorf("the modules were read %d times, want once", calls)
	}
	bi, err := sub.AnyTypesByName("btrfs_inode")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"*btf.Struct btrfs_inode 8", ".ino @0:0", "  *btf.Int int 4", ".gen @32:0", "  *btf.Int int 4"}
	if diff := cmp.Diff(want, layout(bi[0], 0)); diff != "" {
		t.Errorf("btrfs_inode (-want +got):\n%s", diff)
	}
}

func TestSubsetErrors(t *testing.T) {
	good := func() *enc {
		e := newEnc(nil)
		e.add("int", kindInt, 0, false, 4, 32)
		return e
	}
	header := func(mutate func([]byte)) []byte {
		b := good().bytes()
		mutate(b)
		return b
	}
	deep := newEnc(nil)
	deep.add("int", kindInt, 0, false, 4, 32)
	for i := 0; i < maxDepth+2; i++ {
		deep.add("", kindTypedef, 0, false, deep.first()+deep.n-1)
	}
	deep.add("deep", kindTypedef, 0, false, deep.first()+deep.n-1)
	cases := []struct {
		name string
		raw  []byte
		want string
	}{
		{"short", []byte{0x9f, 0xeb, 1}, "shorter than a BTF header"},
		{"magic", header(func(b []byte) { b[0] = 0 }), "not BTF"},
		{"bigEndian", header(func(b []byte) { b[0], b[1] = 0xeb, 0x9f }), "big-endian"},
		{"version", header(func(b []byte) { b[2] = 2 }), "version 2"},
		{"headerLen", header(func(b []byte) { binary.LittleEndian.PutUint32(b[4:], 1<<20) }), "header length"},
		{"sections", header(func(b []byte) { binary.LittleEndian.PutUint32(b[20:], 1<<20) }), "past the file's"},
		{"truncatedType", header(func(b []byte) { binary.LittleEndian.PutUint32(b[12:], 10); binary.LittleEndian.PutUint32(b[16:], 10) }), "truncated header"},
		{"unknownKind", func() []byte {
			e := good()
			e.add("x", 31, 0, false, 0)
			return e.bytes()
		}(), "unknown kind 31"},
		{"dataPastEnd", func() []byte {
			e := good()
			e.add("x", kindStruct, 5, false, 4)
			return e.bytes()
		}(), "data past the end"},
		{"missingMember", func() []byte {
			e := good()
			e.add("x", kindStruct, 1, false, 4, e.member("m", 99, 0)...)
			return e.bytes()
		}(), "type 99 does not exist"},
		{"badName", func() []byte {
			e := good()
			e.add("x", kindStruct, 1, false, 4, 1<<20, 1, 0)
			return e.bytes()
		}(), "string offset 1048576"},
		{"unterminated", func() []byte {
			e := good()
			e.add("x", kindStruct, 0, false, 4)
			b := e.bytes()
			binary.LittleEndian.PutUint32(b[20:], binary.LittleEndian.Uint32(b[20:])-1)
			return b[:len(b)-1]
		}(), "not terminated"},
		{"tooDeep", deep.bytes(), "nest deeper than 64"},
		{"variableByValue", func() []byte {
			e := good()
			v := e.add("v", kindVar, 0, false, 1, 0)
			e.add("x", kindStruct, 1, false, 4, e.member("m", v, 0)...)
			return e.bytes()
		}(), "a variable is not a type a relocation reaches"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Subset(Module{"vmlinux", c.raw}, nil, []string{"x", "deep", "int"})
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "vmlinux: ") {
				t.Errorf("err = %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestRelocatedErrors(t *testing.T) {
	obj, err := os.ReadFile(tracerObject)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Relocated([]byte("not an object")); err == nil || !strings.Contains(err.Error(), "the BPF object") {
		t.Errorf("not ELF: err = %v", err)
	}
	// The object without its .BTF.ext: the name of the section, in the
	// section header string table, spelled otherwise.
	i := bytes.Index(obj, []byte(".BTF.ext\x00"))
	if i < 0 {
		t.Fatal("the object has no .BTF.ext")
	}
	renamed := bytes.Clone(obj)
	copy(renamed[i:], ".BTF.xxx")
	if _, err := Relocated(renamed); err == nil || !strings.Contains(err.Error(), "no .BTF.ext section") {
		t.Errorf("no .BTF.ext: err = %v", err)
	}
}

func FuzzSubset(f *testing.F) {
	f.Add(sample().bytes())
	base := newEnc(nil)
	base.add("int", kindInt, 0, false, 4, 32)
	base.add("x", kindTypedef, 0, false, 2) // a cycle
	f.Add(base.bytes())
	f.Fuzz(func(t *testing.T, raw []byte) {
		// Whatever the bytes, an error or a spec, never a panic or a
		// hang; the half of them taken as a module too.
		mods := func() ([]Module, error) { return []Module{{"m", raw[len(raw)/2:]}}, nil }
		Subset(Module{"vmlinux", raw}, mods, []string{"dentry", "qstr", "legacy", "x", "big", "int"})
	})
}

// FuzzRelocated fuzzes the reading of the two BTF sections (the ELF
// around them is debug/elf's).
func FuzzRelocated(f *testing.F) {
	local := newEnc(nil)
	i32 := local.add("int", kindInt, 0, false, 4, 32)
	local.add("task_struct", kindStruct, 1, false, 4, local.member("pid", i32, 0)...)
	ext := make([]byte, 32)
	binary.LittleEndian.PutUint16(ext, btfMagic)
	ext[2] = 1
	binary.LittleEndian.PutUint32(ext[4:], 32)
	relos := binary.LittleEndian.AppendUint32(nil, 16)
	for _, v := range []uint32{1, 2, 0, 2, 0, 0, 8, 1, 0, coreTypeIDLocal} {
		relos = binary.LittleEndian.AppendUint32(relos, v)
	}
	binary.LittleEndian.PutUint32(ext[28:], uint32(len(relos)))
	ext = append(ext, relos...)
	if names, err := relocated(local.bytes(), ext); err != nil || !cmp.Equal(names, []string{"task_struct"}) {
		f.Fatalf("the seed: %v, %v", names, err)
	}
	f.Add(local.bytes(), ext)
	f.Fuzz(func(t *testing.T, raw, ext []byte) {
		relocated(raw, ext)
	})
}
