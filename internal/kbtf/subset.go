package kbtf

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cilium/ebpf/btf"
	"golang.org/x/sys/unix"
)

// maxDepth bounds how deep types held by value nest (the kernel's deepest
// is a handful); past it the BTF is taken as malformed.
const maxDepth = 64

// Module is one file of raw BTF: vmlinux's, or a kernel module's (split
// BTF on top of vmlinux's). Name names it in errors.
type Module struct {
	Name string
	Data []byte
}

// Subset returns a BTF spec holding every type named one of names in
// vmlinux and, for the names vmlinux lacks, in the modules modules gives
// (called only then; nil for none). Errors name the file. A name matches as the
// relocations match it: without a ___flavour suffix. Each type holds what
// a CO-RE field or type relocation looks at: members with their names,
// offsets and bitfield sizes, and the types held by value (nested
// structs, arrays, typedefs, qualifiers, enums with their values, ints);
// a pointer points to void. Type IDs are the spec's own, not the
// kernel's.
func Subset(vmlinux Module, modules func() ([]Module, error), names []string) (*btf.Spec, error) {
	want := make(map[string]bool, len(names))
	for _, n := range names {
		if n = essential(n); n != "" {
			want[n] = true
		}
	}
	base, err := parse(vmlinux.Name, vmlinux.Data, nil)
	if err != nil {
		return nil, err
	}
	found := map[string]bool{}
	var roots []btf.Type
	add := func(f *file) error {
		d := &decoder{f: f, memo: map[uint32]btf.Type{}}
		ids, err := f.named(want)
		if err != nil {
			return err
		}
		for _, id := range ids {
			t, err := d.typ(id, 0)
			if err != nil {
				return err
			}
			roots = append(roots, t)
			found[essential(t.TypeName())] = true
		}
		return nil
	}
	if err := add(base); err != nil {
		return nil, err
	}
	if len(found) < len(want) && modules != nil {
		mods, err := modules()
		if err != nil {
			return nil, err
		}
		for n := range found {
			delete(want, n)
		}
		for _, m := range mods {
			f, err := parse(m.Name, m.Data, base)
			if err != nil {
				return nil, err
			}
			if err := add(f); err != nil {
				return nil, err
			}
		}
	}
	b, err := btf.NewBuilder(roots, nil)
	if err != nil {
		return nil, fmt.Errorf("kbtf: %w", err)
	}
	raw, err := b.Marshal(nil, nil)
	if err != nil {
		return nil, fmt.Errorf("kbtf: %w", err)
	}
	return btf.LoadSpecFromReader(bytes.NewReader(raw))
}

// Kernel is Subset of this kernel's BTF (/sys/kernel/btf/vmlinux, and the
// loaded modules' beside it).
func Kernel(names []string) (*btf.Spec, error) {
	const dir = "/sys/kernel/btf"
	path := filepath.Join(dir, "vmlinux")
	vmlinux, release, err := mapFile(path)
	if err != nil {
		return nil, err
	}
	defer release()
	return Subset(Module{path, vmlinux}, func() ([]Module, error) {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		var mods []Module
		for _, e := range ents {
			if e.Name() == "vmlinux" {
				continue
			}
			path := filepath.Join(dir, e.Name())
			b, err := os.ReadFile(path)
			if errors.Is(err, os.ErrNotExist) {
				continue // unloaded since the listing
			}
			if err != nil {
				return nil, err
			}
			mods = append(mods, Module{path, b})
		}
		return mods, nil
	}, names)
}

// mapFile maps path read-only where the file allows it (the kernel's BTF
// does since Linux 6.16), else reads it.
func mapFile(path string) ([]byte, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if st.Size() > 0 && st.Size() < 1<<31 {
		if b, err := unix.Mmap(int(f.Fd()), 0, int(st.Size()), unix.PROT_READ, unix.MAP_PRIVATE); err == nil {
			return b, func() { unix.Munmap(b) }, nil
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return b, func() {}, nil
}

// essential strips a ___flavour suffix, as CO-RE matching does.
func essential(name string) string {
	for i := len(name) - 3; i > 0; i-- {
		if name[i:i+3] == "___" {
			return name[:i]
		}
	}
	return name
}

// named returns the IDs of f's own types (not its base's) whose essential
// names want holds, of the kinds a relocation can be rooted at.
func (f *file) named(want map[string]bool) ([]uint32, error) {
	var ids []uint32
	for i, off := range f.offs {
		h := f.types[off:]
		switch kind(le.Uint32(h[4:])) {
		case kindInt, kindStruct, kindUnion, kindEnum, kindEnum64, kindFwd, kindTypedef, kindFloat:
		default:
			continue
		}
		nameOff := le.Uint32(h)
		if nameOff == 0 {
			continue
		}
		name, err := f.strBytes(nameOff)
		if err != nil {
			return nil, err
		}
		if want[string(name)] || bytes.Contains(name, []byte("___")) && want[essential(string(name))] {
			ids = append(ids, f.first+uint32(i))
		}
	}
	return ids, nil
}

// voidPtr is every pointer: nothing a relocation looks at lies behind one.
var voidPtr = &btf.Pointer{Target: &btf.Void{}}

// decoder turns types of one file (and its base) into btf.Types.
type decoder struct {
	f    *file
	memo map[uint32]btf.Type
}

// typ decodes type id and what it holds by value.
func (d *decoder) typ(id uint32, depth int) (btf.Type, error) {
	if id == 0 {
		return &btf.Void{}, nil
	}
	if t, ok := d.memo[id]; ok {
		return t, nil
	}
	if depth > maxDepth {
		return nil, fmt.Errorf("%s: type %d: types held by value nest deeper than %d", d.f.name, id, maxDepth)
	}
	f, b, ok := d.f.at(id)
	if !ok {
		return nil, fmt.Errorf("%s: type %d does not exist", d.f.name, id)
	}
	name, err := f.str(le.Uint32(b))
	if err != nil {
		return nil, err
	}
	info := le.Uint32(b[4:])
	vlen, flag := int(info&0xffff), info>>31 == 1
	sizeOrType := le.Uint32(b[8:])
	data := b[typeHeader:]
	errAt := func(format string, args ...any) error {
		return fmt.Errorf("%s: type %d: %s", f.name, id, fmt.Sprintf(format, args...))
	}
	// Each type is in memo before what it holds is decoded, so a cycle
	// (which valid C cannot write by value, but bad BTF can) ends.
	switch kind(info) {
	case kindInt:
		v := le.Uint32(data)
		t := &btf.Int{Name: name, Size: sizeOrType, Encoding: btf.IntEncoding(v >> 24 & 0xf)}
		d.memo[id] = t
		return t, nil
	case kindFloat:
		t := &btf.Float{Name: name, Size: sizeOrType}
		d.memo[id] = t
		return t, nil
	case kindPtr:
		d.memo[id] = voidPtr
		return voidPtr, nil
	case kindArray:
		t := &btf.Array{Nelems: le.Uint32(data[8:])}
		d.memo[id] = t
		if t.Type, err = d.typ(le.Uint32(data), depth+1); err != nil {
			return nil, err
		}
		if t.Index, err = d.typ(le.Uint32(data[4:]), depth+1); err != nil {
			return nil, err
		}
		return t, nil
	case kindStruct, kindUnion:
		members := make([]btf.Member, vlen)
		var t btf.Type
		if kind(info) == kindStruct {
			t = &btf.Struct{Name: name, Size: sizeOrType, Members: members}
		} else {
			t = &btf.Union{Name: name, Size: sizeOrType, Members: members}
		}
		d.memo[id] = t
		for i := range members {
			m := data[12*i:]
			mname, err := f.str(le.Uint32(m))
			if err != nil {
				return nil, err
			}
			mt, err := d.typ(le.Uint32(m[4:]), depth+1)
			if err != nil {
				return nil, err
			}
			off := le.Uint32(m[8:])
			members[i] = btf.Member{Name: mname, Type: mt, Offset: btf.Bits(off)}
			if flag {
				members[i].Offset = btf.Bits(off & 0xffffff)
				members[i].BitfieldSize = btf.Bits(off >> 24)
			} else if bits, shift, ok := f.legacyBitfield(le.Uint32(m[4:])); ok {
				// An int member narrower than its type, in BTF
				// from before kind_flag: the int says where.
				members[i].Offset += btf.Bits(shift)
				members[i].BitfieldSize = btf.Bits(bits)
			}
		}
		return t, nil
	case kindEnum, kindEnum64:
		t := &btf.Enum{Name: name, Size: sizeOrType, Signed: flag, Values: make([]btf.EnumValue, vlen)}
		d.memo[id] = t
		step := 8
		if kind(info) == kindEnum64 {
			step = 12
		}
		for i := range t.Values {
			v := data[step*i:]
			vname, err := f.str(le.Uint32(v))
			if err != nil {
				return nil, err
			}
			val := uint64(le.Uint32(v[4:]))
			switch {
			case step == 12:
				val |= uint64(le.Uint32(v[8:])) << 32
			case flag:
				val = uint64(int64(int32(val)))
			}
			t.Values[i] = btf.EnumValue{Name: vname, Value: val}
		}
		return t, nil
	case kindFwd:
		t := &btf.Fwd{Name: name, Kind: btf.FwdStruct}
		if flag {
			t.Kind = btf.FwdUnion
		}
		d.memo[id] = t
		return t, nil
	case kindTypedef, kindVolatile, kindConst, kindRestrict, kindTypeTag:
		// A name (or tag) and the one type it stands for.
		var t btf.Type
		var inner *btf.Type
		switch kind(info) {
		case kindTypedef:
			x := &btf.Typedef{Name: name}
			t, inner = x, &x.Type
		case kindVolatile:
			x := &btf.Volatile{}
			t, inner = x, &x.Type
		case kindConst:
			x := &btf.Const{}
			t, inner = x, &x.Type
		case kindRestrict:
			x := &btf.Restrict{}
			t, inner = x, &x.Type
		default:
			x := &btf.TypeTag{Value: name}
			t, inner = x, &x.Type
		}
		d.memo[id] = t
		*inner, err = d.typ(sizeOrType, depth+1)
		return t, err
	case kindFuncProto:
		t := &btf.FuncProto{Params: make([]btf.FuncParam, vlen)}
		d.memo[id] = t
		if t.Return, err = d.typ(sizeOrType, depth+1); err != nil {
			return nil, err
		}
		for i := range t.Params {
			p := data[8*i:]
			pname, err := f.str(le.Uint32(p))
			if err != nil {
				return nil, err
			}
			pt, err := d.typ(le.Uint32(p[4:]), depth+1)
			if err != nil {
				return nil, err
			}
			t.Params[i] = btf.FuncParam{Name: pname, Type: pt}
		}
		return t, nil
	}
	return nil, errAt("a %s is not a type a relocation reaches", kindName(kind(info)))
}

// legacyBitfield reports, for an int type narrower than its size or
// shifted within it, its width and shift in bits.
func (f *file) legacyBitfield(id uint32) (bits, shift uint32, ok bool) {
	_, b, found := f.at(id)
	if !found || kind(le.Uint32(b[4:])) != kindInt {
		return 0, 0, false
	}
	v := le.Uint32(b[typeHeader:])
	bits, shift = v&0xff, v>>16&0xff
	if shift == 0 && bits == le.Uint32(b[8:])*8 {
		return 0, 0, false
	}
	return bits, shift, true
}

func kindName(k int) string {
	switch k {
	case kindFunc:
		return "function"
	case kindVar:
		return "variable"
	case kindDatasec:
		return "data section"
	case kindDeclTag:
		return "decl tag"
	}
	return fmt.Sprintf("kind %d", k)
}
