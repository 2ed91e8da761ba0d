package posdoc

import "bytes"

// A cursor turns increasing byte offsets of a document into positions. It
// only moves forward, so a walk that asks for each token's offset in turn
// counts every byte once.
type cursor struct {
	data      []byte
	off       int // bytes before off are counted
	line      int // line of data[off]
	lineStart int // offset of the first byte of line
}

func newCursor(data []byte) *cursor {
	return &cursor{data: data, line: 1}
}

// pos returns the position of the byte at off, which must not be before
// the previous call's offset.
func (c *cursor) pos(off int) Pos {
	off = min(max(off, c.off), len(c.data))
	for {
		i := bytes.IndexByte(c.data[c.off:off], '\n')
		if i < 0 {
			break
		}
		c.off += i + 1
		c.line++
		c.lineStart = c.off
	}
	c.off = off
	return Pos{Line: c.line, Col: off - c.lineStart + 1}
}

// PosAt returns the position of the byte at offset off of data; an offset
// past the end is the end. It counts from the start: for one position, not
// for a walk.
func PosAt(data []byte, off int) Pos {
	return newCursor(data).pos(max(off, 0))
}
