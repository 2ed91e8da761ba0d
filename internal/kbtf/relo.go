package kbtf

import (
	"bytes"
	"debug/elf"
	"fmt"
	"sort"
)

// coreTypeIDLocal is the CO-RE relocation kind that asks for a type's ID in
// the object's own BTF: it needs no kernel type.
const coreTypeIDLocal = 7

// Relocated returns the names of the types the CO-RE relocations of the
// BPF object obj (an ELF file) are rooted at, sorted: what Subset needs
// from the kernel to relocate it. The relocations are in the .BTF.ext
// section (a header, then, from its core_relo_off, a record size and per
// ELF section its name's offset, a count and that many records of
// instruction offset, type ID, accessor and kind); the type IDs are the
// .BTF section's.
func Relocated(obj []byte) ([]string, error) {
	ef, err := elf.NewFile(bytes.NewReader(obj))
	if err != nil {
		return nil, fmt.Errorf("kbtf: the BPF object: %w", err)
	}
	defer ef.Close()
	section := func(name string) ([]byte, error) {
		s := ef.Section(name)
		if s == nil {
			return nil, fmt.Errorf("kbtf: the BPF object has no %s section", name)
		}
		return s.Data()
	}
	raw, err := section(".BTF")
	if err != nil {
		return nil, err
	}
	ext, err := section(".BTF.ext")
	if err != nil {
		return nil, err
	}
	return relocated(raw, ext)
}

// relocated is Relocated from the object's .BTF and .BTF.ext sections.
func relocated(raw, ext []byte) ([]string, error) {
	local, err := parse(".BTF", raw, nil)
	if err != nil {
		return nil, err
	}
	if len(ext) < 8 || le.Uint16(ext) != btfMagic {
		return nil, fmt.Errorf("kbtf: .BTF.ext: not a BTF.ext header")
	}
	hdr := uint64(le.Uint32(ext[4:]))
	if hdr > uint64(len(ext)) {
		return nil, fmt.Errorf("kbtf: .BTF.ext: header length %d past the section's %d bytes", hdr, len(ext))
	}
	if hdr < 32 {
		return nil, nil // no core_relo fields: no relocations
	}
	off, n := uint64(le.Uint32(ext[24:])), uint64(le.Uint32(ext[28:]))
	if hdr+off+n > uint64(len(ext)) {
		return nil, fmt.Errorf("kbtf: .BTF.ext: CO-RE relocations (%d+%d) past the section's %d bytes", off, n, len(ext)-int(hdr))
	}
	relos := ext[hdr+off : hdr+off+n]
	if len(relos) == 0 {
		return nil, nil
	}
	if len(relos) < 4 {
		return nil, fmt.Errorf("kbtf: .BTF.ext: truncated CO-RE relocations")
	}
	recSize := uint64(le.Uint32(relos))
	if recSize < 16 {
		return nil, fmt.Errorf("kbtf: .BTF.ext: CO-RE relocation records of %d bytes (want at least 16)", recSize)
	}
	seen := map[string]bool{}
	for p := uint64(4); p < uint64(len(relos)); {
		if uint64(len(relos))-p < 8 {
			return nil, fmt.Errorf("kbtf: .BTF.ext: truncated CO-RE relocation block at byte %d", p)
		}
		count := uint64(le.Uint32(relos[p+4:]))
		p += 8
		if count > (uint64(len(relos))-p)/recSize {
			return nil, fmt.Errorf("kbtf: .BTF.ext: %d CO-RE relocations past the section's end", count)
		}
		for i := uint64(0); i < count; i++ {
			r := relos[p+i*recSize:]
			if le.Uint32(r[12:]) == coreTypeIDLocal {
				continue
			}
			id := le.Uint32(r[4:])
			_, b, ok := local.at(id)
			if !ok {
				return nil, fmt.Errorf("kbtf: .BTF.ext: a CO-RE relocation names type %d, which .BTF lacks", id)
			}
			name, err := local.str(le.Uint32(b))
			if err != nil {
				return nil, err
			}
			if name = essential(name); name != "" {
				seen[name] = true
			}
		}
		p += count * recSize
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, nil
}
