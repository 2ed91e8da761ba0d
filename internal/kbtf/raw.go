// Package kbtf reads, out of the kernel's BTF, the few types a BPF
// object's CO-RE relocations are resolved against, without decoding the
// rest.
//
// The kernel describes its types in /sys/kernel/btf/vmlinux (and each
// loaded module's in /sys/kernel/btf/<module>, as split BTF on top of
// vmlinux): about 5 MB and a hundred thousand types. A loader that decodes
// it whole to relocate a program against task_struct, file and dentry
// spends most of a program load's time there: a named struct pulls in,
// through its members and their pointers, most of the kernel. A field
// relocation needs much less (see github.com/cilium/ebpf/btf's CO-RE
// rules, which follow libbpf's): the named root type, its members' names
// and offsets, and the types it holds by value, since an accessor such as
// file.f_path.dentry descends through them; a pointer is compatible with
// any pointer, so what it points to is never looked at. Subset keeps
// exactly that and gives each pointer a void target.
//
// # The format
//
// Raw BTF (Documentation/bpf/btf.rst in the kernel) is a header, a type
// section and a string section. The header gives magic 0xeB9F, version 1,
// flags, its own length and the offset and length of both sections from
// its end. Types are numbered from 1 in the order they appear (0 is void;
// split BTF continues the numbering of its base, and string offsets past
// the base's string section are its own). Each type is 12 bytes — name
// offset, info (vlen in bits 0–15, kind in 24–28, kind_flag in 31), size
// or type — followed by data that depends on the kind: a u32 for an int,
// 12 bytes for an array, 12 per member for a struct or union, 8 per value
// for an enum, 12 per value for an enum64, 8 per parameter for a function
// prototype, 4 for a variable or decl tag, 12 per variable for a datasec.
package kbtf

import (
	"encoding/binary"
	"fmt"
)

// The kinds of BTF types.
const (
	kindInt       = 1
	kindPtr       = 2
	kindArray     = 3
	kindStruct    = 4
	kindUnion     = 5
	kindEnum      = 6
	kindFwd       = 7
	kindTypedef   = 8
	kindVolatile  = 9
	kindConst     = 10
	kindRestrict  = 11
	kindFunc      = 12
	kindFuncProto = 13
	kindVar       = 14
	kindDatasec   = 15
	kindFloat     = 16
	kindDeclTag   = 17
	kindTypeTag   = 18
	kindEnum64    = 19
)

const (
	btfMagic   = 0xeB9F
	headerLen  = 24
	typeHeader = 12
	// maxTypes bounds what one file may number: the kernel's own limit
	// on type IDs (BTF_MAX_TYPE).
	maxTypes = 0x000fffff
)

var le = binary.LittleEndian

// file is one parsed raw BTF: its sections and where each type starts.
type file struct {
	name  string
	base  *file // the file split BTF continues, or nil
	types []byte
	strs  []byte
	// first is the ID of offs[0]: 1, or one past the base's last.
	first uint32
	// strFirst is the string offset of strs[0]: 0, or the base's
	// string section's length.
	strFirst uint32
	offs     []uint32 // where each type starts in types
}

// parse reads the header and indexes the types of b, which continues base
// when base is not nil. name is for errors.
func parse(name string, b []byte, base *file) (*file, error) {
	if len(b) < headerLen {
		return nil, fmt.Errorf("%s: %d bytes, shorter than a BTF header", name, len(b))
	}
	switch m := le.Uint16(b); m {
	case btfMagic:
	case 0x9FeB:
		return nil, fmt.Errorf("%s: big-endian BTF, which this reader does not decode", name)
	default:
		return nil, fmt.Errorf("%s: not BTF (magic %#04x)", name, m)
	}
	if v := b[2]; v != 1 {
		return nil, fmt.Errorf("%s: BTF version %d (want 1)", name, v)
	}
	hdr := uint64(le.Uint32(b[4:]))
	typeOff, typeLen := uint64(le.Uint32(b[8:])), uint64(le.Uint32(b[12:]))
	strOff, strLen := uint64(le.Uint32(b[16:])), uint64(le.Uint32(b[20:]))
	if hdr < headerLen || hdr > uint64(len(b)) {
		return nil, fmt.Errorf("%s: header length %d out of the file's %d bytes", name, hdr, len(b))
	}
	body := uint64(len(b)) - hdr
	if typeOff+typeLen > body || strOff+strLen > body {
		return nil, fmt.Errorf("%s: sections (types %d+%d, strings %d+%d) past the file's %d bytes", name, typeOff, typeLen, strOff, strLen, body)
	}
	f := &file{
		name:  name,
		base:  base,
		types: b[hdr+typeOff : hdr+typeOff+typeLen],
		strs:  b[hdr+strOff : hdr+strOff+strLen],
		first: 1,
	}
	if base != nil {
		f.first = base.first + uint32(len(base.offs))
		f.strFirst = base.strFirst + uint32(len(base.strs))
	}
	if err := f.index(); err != nil {
		return nil, err
	}
	return f, nil
}

// index records where each type starts.
func (f *file) index() error {
	// A type takes at least 12 bytes: a first guess at the count saves
	// the slice's regrowth.
	f.offs = make([]uint32, 0, len(f.types)/32)
	for off := 0; off < len(f.types); {
		if len(f.offs) >= maxTypes {
			return fmt.Errorf("%s: more than %d types", f.name, maxTypes)
		}
		n, err := f.size(off)
		if err != nil {
			return err
		}
		f.offs = append(f.offs, uint32(off))
		off += n
	}
	return nil
}

// size returns the length of the type at off, header and data.
func (f *file) size(off int) (int, error) {
	if len(f.types)-off < typeHeader {
		return 0, fmt.Errorf("%s: type %d: truncated header at byte %d of the type section", f.name, f.first+uint32(len(f.offs)), off)
	}
	info := le.Uint32(f.types[off+4:])
	vlen := int(info & 0xffff)
	var data int
	switch kind(info) {
	case kindInt, kindVar, kindDeclTag:
		data = 4
	case kindArray:
		data = 12
	case kindStruct, kindUnion, kindEnum64, kindDatasec:
		data = 12 * vlen
	case kindEnum, kindFuncProto:
		data = 8 * vlen
	case kindPtr, kindFwd, kindTypedef, kindVolatile, kindConst, kindRestrict, kindFunc, kindFloat, kindTypeTag:
	default:
		return 0, fmt.Errorf("%s: type %d: unknown kind %d", f.name, f.first+uint32(len(f.offs)), kind(info))
	}
	if len(f.types)-off-typeHeader < data {
		return 0, fmt.Errorf("%s: type %d: data past the end of the type section", f.name, f.first+uint32(len(f.offs)))
	}
	return typeHeader + data, nil
}

func kind(info uint32) int { return int(info>>24) & 0x1f }

// at returns the file holding type id and the type's bytes there (the
// 12-byte header and its data), or false when id is out of range.
func (f *file) at(id uint32) (*file, []byte, bool) {
	for g := f; g != nil; g = g.base {
		if id >= g.first {
			i := id - g.first
			if i >= uint32(len(g.offs)) {
				return nil, nil, false
			}
			start := g.offs[i]
			end := uint32(len(g.types))
			if i+1 < uint32(len(g.offs)) {
				end = g.offs[i+1]
			}
			return g, g.types[start:end], true
		}
	}
	return nil, nil, false
}

// str returns the NUL-terminated string at off, looked up in the base's
// strings below strFirst.
func (f *file) str(off uint32) (string, error) {
	b, err := f.strBytes(off)
	return string(b), err
}

func (f *file) strBytes(off uint32) ([]byte, error) {
	for g := f; g != nil; g = g.base {
		if off < g.strFirst {
			continue
		}
		rel := off - g.strFirst
		if rel >= uint32(len(g.strs)) {
			break
		}
		s := g.strs[rel:]
		for i, c := range s {
			if c == 0 {
				return s[:i], nil
			}
		}
		return nil, fmt.Errorf("%s: string at %d is not terminated", f.name, off)
	}
	return nil, fmt.Errorf("%s: string offset %d out of the string section", f.name, off)
}
