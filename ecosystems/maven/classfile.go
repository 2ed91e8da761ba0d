package maven

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// A classFile is what envaudit reads of one compiled class (JVMS §4): its
// name, the source file it was compiled from, and every class it refers
// to, each at the first source line that refers to it.
type classFile struct {
	name   string // binary name, dotted: org.example.App$Inner
	source string // the SourceFile attribute ("App.java"); "" when absent
	refs   map[string]classRef
}

// A classRef is one class a class file refers to.
type classRef struct {
	// line is the first source line that refers to the class: the line
	// of the instruction that names it (LineNumberTable), the first line
	// of the method whose signature or annotations name it, or the
	// class's first line of code for what the class itself declares
	// (superclass, interfaces, field types, class annotations); 0 when the
	// class file records no lines.
	line int
	// runtime is false when the class is named only by annotations the
	// compiler keeps out of the runtime's view (RuntimeInvisible*, the
	// CLASS retention of jsr305's @Nonnull or Error Prone's annotations):
	// needed to compile, never loaded.
	runtime bool
}

// Bounds on hostile input: a class file is read whole by the caller, and
// these keep the work linear in its size.
const (
	maxClassFile = 64 << 20 // bytes; the JVM's own limit is the u4 sizes, javac never comes near this
	maxSigDepth  = 64       // nesting of type arguments and annotations
	// workFactor bounds the bytes of descriptors and signatures read, as a
	// multiple of the class file's size: many constants and attributes
	// may name one long descriptor, and reading it once for each would
	// make a small hostile file cost quadratic time.
	workFactor    = 16
	classMagic    = 0xCAFEBABE
	errClassShort = "unexpected end of class file"
)

// Constant pool tags (JVMS §4.4).
const (
	cpUtf8               = 1
	cpInteger            = 3
	cpFloat              = 4
	cpLong               = 5
	cpDouble             = 6
	cpClass              = 7
	cpString             = 8
	cpFieldref           = 9
	cpMethodref          = 10
	cpInterfaceMethodref = 11
	cpNameAndType        = 12
	cpMethodHandle       = 15
	cpMethodType         = 16
	cpDynamic            = 17
	cpInvokeDynamic      = 18
	cpModule             = 19
	cpPackage            = 20
)

type cpEntry struct {
	tag  byte
	a, b uint16 // indexes into the pool (meaning per tag)
	utf8 string
}

// A classReader reads one class file; every read is bounds-checked and a
// short read sets err once, after which reads return zero.
type classReader struct {
	data []byte
	off  int
	err  error
}

func (r *classReader) fail(msg string) {
	if r.err == nil {
		r.err = fmt.Errorf("offset %d: %s", r.off, msg)
	}
}

func (r *classReader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.data)-r.off {
		r.fail(errClassShort)
		r.off = len(r.data)
		return nil
	}
	b := r.data[r.off : r.off+n]
	r.off += n
	return b
}

func (r *classReader) u1() uint8 {
	if b := r.bytes(1); b != nil {
		return b[0]
	}
	return 0
}

func (r *classReader) u2() uint16 {
	if b := r.bytes(2); b != nil {
		return binary.BigEndian.Uint16(b)
	}
	return 0
}

func (r *classReader) u4() uint32 {
	if b := r.bytes(4); b != nil {
		return binary.BigEndian.Uint32(b)
	}
	return 0
}

// classParser holds the state of parsing one class file.
type classParser struct {
	r      classReader
	pool   []cpEntry
	cf     *classFile
	lines  []lineEntry // of the method being read
	first  int         // the class's first line of code, over all methods
	level  []pendingRef
	method []pendingRef // refs of the method being read that wait for its first line
	// budget is what is left of the descriptor and signature bytes this
	// class file may make the parser read (see workFactor), shared with
	// the parsers of its attributes.
	budget *int
	// consts caches the classes each constant an instruction uses names:
	// code names the same constants again and again.
	consts map[uint16][]pendingRef
}

// spend takes n bytes of descriptor or signature reading from the budget
// and reports whether it allowed them; past it, parsing fails.
func (p *classParser) spend(n int) bool {
	if *p.budget -= n; *p.budget < 0 {
		p.r.fail("class file names more descriptor data than its size allows")
		return false
	}
	return true
}

type lineEntry struct{ pc, line int }

// A pendingRef is a reference whose line is known only once the method (or
// the whole class) has been read.
type pendingRef struct {
	class   string
	runtime bool
}

// parseClass parses a class file. It never panics and does work linear in
// len(data) on any input; a malformed class file is an error naming the
// offset. Module descriptors (module-info.class) name no classes and parse
// to an empty list.
func parseClass(data []byte) (*classFile, error) {
	if len(data) > maxClassFile {
		return nil, fmt.Errorf("class file of %d bytes exceeds %d", len(data), maxClassFile)
	}
	budget := workFactor*len(data) + 4096
	p := &classParser{r: classReader{data: data}, cf: &classFile{refs: map[string]classRef{}}, budget: &budget}
	if err := p.parse(); err != nil {
		return nil, err
	}
	return p.cf, nil
}

func (p *classParser) parse() error {
	r := &p.r
	if r.u4() != classMagic {
		if r.err != nil {
			return r.err
		}
		return errors.New("not a class file: bad magic number")
	}
	r.u2() // minor version
	r.u2() // major version
	n := int(r.u2())
	if n == 0 {
		r.fail("empty constant pool")
	}
	p.pool = make([]cpEntry, 0, min(n, len(r.data)/3+1))
	p.pool = append(p.pool, cpEntry{})
	for i := 1; i < n && r.err == nil; i++ {
		e := cpEntry{tag: r.u1()}
		switch e.tag {
		case cpUtf8:
			e.utf8 = modifiedUTF8(r.bytes(int(r.u2())))
		case cpInteger, cpFloat:
			r.u4()
		case cpLong, cpDouble:
			r.u4()
			r.u4()
			// An 8-byte constant takes two slots (JVMS §4.4.5).
			p.pool = append(p.pool, e)
			i++
			e = cpEntry{}
		case cpClass, cpString, cpMethodType, cpModule, cpPackage:
			e.a = r.u2()
		case cpFieldref, cpMethodref, cpInterfaceMethodref, cpNameAndType, cpDynamic, cpInvokeDynamic:
			e.a, e.b = r.u2(), r.u2()
		case cpMethodHandle:
			r.u1() // reference kind
			e.a = r.u2()
		default:
			r.fail(fmt.Sprintf("unknown constant pool tag %d", e.tag))
		}
		p.pool = append(p.pool, e)
	}
	if r.err != nil {
		return r.err
	}
	r.u2() // access flags
	p.cf.name = dotted(p.className(r.u2()))
	if p.cf.name == "" && r.err == nil {
		return errors.New("this_class is not a class constant")
	}
	r.u2() // super_class: a class constant, read with the others
	// Every class constant is a reference, wherever it is used; the pass
	// over the code below gives the lines of those the code names.
	for i := range p.pool {
		if p.pool[i].tag == cpClass {
			p.addDescriptorOrName(&p.level, p.className(uint16(i)))
		}
	}
	// Descriptors of the methods and fields the code calls or reads, the
	// method types of lambdas and method handles.
	for _, e := range p.pool {
		switch e.tag {
		case cpNameAndType:
			p.addDescriptor(&p.level, p.utf8(e.b), true)
		case cpMethodType:
			p.addDescriptor(&p.level, p.utf8(e.a), true)
		}
	}
	for n := int(r.u2()); n > 0 && r.err == nil; n-- { // interfaces
		r.u2()
	}
	for n := int(r.u2()); n > 0 && r.err == nil; n-- { // fields
		r.u2()
		r.u2()
		p.addDescriptor(&p.level, p.utf8(r.u2()), true)
		p.attributes(&p.level, false)
	}
	for n := int(r.u2()); n > 0 && r.err == nil; n-- { // methods
		r.u2()
		r.u2()
		p.method, p.lines = p.method[:0], p.lines[:0]
		p.addDescriptor(&p.method, p.utf8(r.u2()), true)
		p.attributes(&p.method, true)
		line := 0
		for _, l := range p.lines {
			if line == 0 || l.line < line {
				line = l.line
			}
		}
		if line > 0 && (p.first == 0 || line < p.first) {
			p.first = line
		}
		for _, m := range p.method {
			p.ref(m.class, line, m.runtime)
		}
	}
	p.attributes(&p.level, false) // the class's own: SourceFile, Signature, annotations
	if r.err != nil {
		return r.err
	}
	// What the class declares has no line of its own: it takes the
	// class's first line of code, unless code already gave it a line.
	for _, l := range p.level {
		if old, ok := p.cf.refs[dotted(l.class)]; ok {
			old.runtime = old.runtime || l.runtime
			p.cf.refs[dotted(l.class)] = old
			continue
		}
		p.ref(l.class, p.first, l.runtime)
	}
	delete(p.cf.refs, p.cf.name)
	return nil
}

// ref records a reference to a class (an internal name, a descriptor's
// element type already taken out) at line.
func (p *classParser) ref(internal string, line int, runtime bool) {
	name := dotted(internal)
	if name == "" || strings.HasPrefix(internal, "[") {
		return
	}
	old, ok := p.cf.refs[name]
	switch {
	case !ok:
		p.cf.refs[name] = classRef{line: line, runtime: runtime}
	default:
		if line > 0 && (old.line == 0 || line < old.line) {
			old.line = line
		}
		old.runtime = old.runtime || runtime
		p.cf.refs[name] = old
	}
}

// attributes reads an attribute table. inMethod says the table is a
// method's, whose Code attribute gives lines to the classes its
// instructions name.
func (p *classParser) attributes(pending *[]pendingRef, inMethod bool) {
	r := &p.r
	for n := int(r.u2()); n > 0 && r.err == nil; n-- {
		name := p.utf8(r.u2())
		body := r.bytes(int(r.u4()))
		if r.err != nil {
			return
		}
		sub := classParser{r: classReader{data: body}, pool: p.pool, cf: p.cf, budget: p.budget}
		switch name {
		case "SourceFile":
			if s := p.utf8(sub.r.u2()); s != "" && p.cf.source == "" && pending == &p.level {
				p.cf.source = s
			}
		case "Signature":
			p.addSignature(pending, p.utf8(sub.r.u2()))
		case "RuntimeVisibleAnnotations", "RuntimeInvisibleAnnotations":
			sub.annotations(pending, name == "RuntimeVisibleAnnotations")
		case "RuntimeVisibleParameterAnnotations", "RuntimeInvisibleParameterAnnotations":
			for k := int(sub.r.u1()); k > 0 && sub.r.err == nil; k-- {
				sub.annotations(pending, name == "RuntimeVisibleParameterAnnotations")
			}
		case "RuntimeVisibleTypeAnnotations", "RuntimeInvisibleTypeAnnotations":
			sub.typeAnnotations(pending, name == "RuntimeVisibleTypeAnnotations")
		case "AnnotationDefault":
			sub.elementValue(pending, true, 0)
		case "Exceptions":
			if inMethod {
				for k := int(sub.r.u2()); k > 0 && sub.r.err == nil; k-- {
					p.addDescriptorOrName(pending, p.className(sub.r.u2()))
				}
			}
		case "Code":
			if inMethod {
				p.code(&sub)
			}
		}
	}
}

// code reads a Code attribute: the instructions that name constants give
// their classes the instruction's line, and the LineNumberTable the lines.
func (p *classParser) code(sub *classParser) {
	r := &sub.r
	r.u2() // max stack
	r.u2() // max locals
	code := r.bytes(int(r.u4()))
	type handler struct {
		pc    int
		class string
	}
	var handlers []handler
	for n := int(r.u2()); n > 0 && r.err == nil; n-- { // exception table
		r.u2()
		r.u2()
		pc := int(r.u2())
		handlers = append(handlers, handler{pc, p.className(r.u2())}) // a catch type
	}
	// The LineNumberTable comes after the code; read it first.
	for n := int(r.u2()); n > 0 && r.err == nil; n-- {
		name := p.utf8(r.u2())
		body := r.bytes(int(r.u4()))
		if name != "LineNumberTable" || r.err != nil {
			continue
		}
		lr := classReader{data: body}
		for k := int(lr.u2()); k > 0 && lr.err == nil; k-- {
			pc, line := int(lr.u2()), int(lr.u2())
			if lr.err == nil {
				p.lines = append(p.lines, lineEntry{pc, line})
			}
		}
	}
	sort.SliceStable(p.lines, func(i, j int) bool { return p.lines[i].pc < p.lines[j].pc })
	lineAt := func(pc int) int {
		i := sort.Search(len(p.lines), func(i int) bool { return p.lines[i].pc > pc })
		if i == 0 {
			return 0
		}
		return p.lines[i-1].line
	}
	for _, h := range handlers {
		p.ref(h.class, lineAt(h.pc), true)
	}
	for pc := 0; pc < len(code); {
		op := code[pc]
		n, cp := instructionSize(code, pc)
		if n <= 0 {
			return // an opcode the JVMS does not define: the rest is not code
		}
		if cp {
			idx := uint16(code[pc+1]) // ldc: a one-byte index
			if op != 0x12 {
				idx = binary.BigEndian.Uint16(code[pc+1 : pc+3])
			}
			line := lineAt(pc)
			refs, ok := p.consts[idx]
			if !ok {
				p.constantClasses(&refs, idx)
				if p.consts == nil {
					p.consts = map[uint16][]pendingRef{}
				}
				p.consts[idx] = refs
			}
			for _, c := range refs {
				p.ref(c.class, line, true)
			}
		}
		pc += n
	}
}

// constantClasses adds the classes a constant an instruction uses names:
// a class, the class and descriptor of a member, a method type.
func (p *classParser) constantClasses(out *[]pendingRef, idx uint16) {
	if int(idx) >= len(p.pool) {
		return
	}
	e := p.pool[idx]
	switch e.tag {
	case cpClass:
		p.addDescriptorOrName(out, p.utf8(e.a))
	case cpFieldref, cpMethodref, cpInterfaceMethodref:
		if int(e.a) < len(p.pool) && p.pool[e.a].tag == cpClass {
			p.addDescriptorOrName(out, p.utf8(p.pool[e.a].a))
		}
		if int(e.b) < len(p.pool) && p.pool[e.b].tag == cpNameAndType {
			p.addDescriptor(out, p.utf8(p.pool[e.b].b), true)
		}
	case cpInvokeDynamic, cpDynamic:
		if int(e.b) < len(p.pool) && p.pool[e.b].tag == cpNameAndType {
			p.addDescriptor(out, p.utf8(p.pool[e.b].b), true)
		}
	case cpMethodType:
		p.addDescriptor(out, p.utf8(e.a), true)
	}
}

// instructionSize returns the length of the instruction at pc and whether
// its first operand is a constant pool index that may name a class; 0 for
// an undefined opcode or an instruction that runs past the code.
func instructionSize(code []byte, pc int) (int, bool) {
	op := code[pc]
	n, cp := 1, false
	switch {
	case op <= 0x0f, op >= 0x1a && op <= 0x35, op >= 0x3b && op <= 0x83,
		op >= 0x85 && op <= 0x98, op >= 0xac && op <= 0xb1,
		op == 0xbe, op == 0xbf, op == 0xc2, op == 0xc3:
	case op == 0x10, op >= 0x15 && op <= 0x19, op >= 0x36 && op <= 0x3a, op == 0xa9, op == 0xbc:
		n = 2
	case op == 0x12: // ldc
		n, cp = 2, true
	case op == 0x13, op == 0x14: // ldc_w, ldc2_w
		n, cp = 3, true
	case op == 0x11, op == 0x84, op >= 0x99 && op <= 0xa8, op == 0xc6, op == 0xc7:
		n = 3
	case op >= 0xb2 && op <= 0xb8, op == 0xbb, op == 0xbd, op == 0xc0, op == 0xc1:
		n, cp = 3, true
	case op == 0xc5: // multianewarray
		n, cp = 4, true
	case op == 0xb9, op == 0xba: // invokeinterface, invokedynamic
		n, cp = 5, true
	case op == 0xc8, op == 0xc9:
		n = 5
	case op == 0xc4: // wide
		if pc+1 >= len(code) {
			return 0, false
		}
		n = 4
		if code[pc+1] == 0x84 {
			n = 6
		}
	case op == 0xaa, op == 0xab: // tableswitch, lookupswitch
		base := pc + 1 + (3-pc%4+4)%4 // operands start at a multiple of 4
		if base+12 > len(code) {
			return 0, false
		}
		a := int64(int32(binary.BigEndian.Uint32(code[base+4:])))
		b := int64(int32(binary.BigEndian.Uint32(code[base+8:])))
		var size int64
		if op == 0xaa {
			size = 12 + (b-a+1)*4
			if b < a {
				return 0, false
			}
		} else {
			size = 8 + a*8
			if a < 0 {
				return 0, false
			}
		}
		if size > int64(len(code)-base) {
			return 0, false
		}
		n = base - pc + int(size)
	default:
		return 0, false
	}
	if pc+n > len(code) {
		return 0, false
	}
	return n, cp
}

// annotations reads an annotations table (num_annotations, annotation...).
func (p *classParser) annotations(out *[]pendingRef, runtime bool) {
	for n := int(p.r.u2()); n > 0 && p.r.err == nil; n-- {
		p.annotation(out, runtime, 0)
	}
}

func (p *classParser) annotation(out *[]pendingRef, runtime bool, depth int) {
	if depth > maxSigDepth {
		p.r.fail("annotations nested too deep")
		return
	}
	p.addDescriptor(out, p.utf8(p.r.u2()), runtime)
	for n := int(p.r.u2()); n > 0 && p.r.err == nil; n-- {
		p.r.u2() // element name
		p.elementValue(out, runtime, depth+1)
	}
}

func (p *classParser) elementValue(out *[]pendingRef, runtime bool, depth int) {
	if depth > maxSigDepth {
		p.r.fail("annotation values nested too deep")
		return
	}
	switch tag := p.r.u1(); tag {
	case 'B', 'C', 'D', 'F', 'I', 'J', 'S', 'Z', 's':
		p.r.u2()
	case 'e':
		p.addDescriptor(out, p.utf8(p.r.u2()), runtime)
		p.r.u2()
	case 'c':
		p.addDescriptor(out, p.utf8(p.r.u2()), runtime)
	case '@':
		p.annotation(out, runtime, depth+1)
	case '[':
		for n := int(p.r.u2()); n > 0 && p.r.err == nil; n-- {
			p.elementValue(out, runtime, depth+1)
		}
	default:
		p.r.fail(fmt.Sprintf("unknown annotation element tag %d", tag))
	}
}

// typeAnnotations reads a type annotations table (JVMS §4.7.20): each
// entry's target and path, then an annotation.
func (p *classParser) typeAnnotations(out *[]pendingRef, runtime bool) {
	r := &p.r
	for n := int(r.u2()); n > 0 && r.err == nil; n-- {
		switch t := r.u1(); {
		case t == 0x00 || t == 0x01 || t == 0x16:
			r.u1()
		case t == 0x10 || t == 0x17 || (t >= 0x42 && t <= 0x46):
			r.u2()
		case t == 0x11 || t == 0x12:
			r.u2()
		case t >= 0x13 && t <= 0x15:
		case t == 0x40 || t == 0x41:
			r.bytes(6 * int(r.u2()))
		case t >= 0x47 && t <= 0x4b:
			r.bytes(3)
		default:
			r.fail(fmt.Sprintf("unknown type annotation target %#x", t))
			return
		}
		r.bytes(2 * int(r.u1())) // type path
		p.annotation(out, runtime, 0)
	}
}

func (p *classParser) utf8(idx uint16) string {
	if int(idx) < len(p.pool) && p.pool[idx].tag == cpUtf8 {
		return p.pool[idx].utf8
	}
	return ""
}

func (p *classParser) className(idx uint16) string {
	if int(idx) < len(p.pool) && p.pool[idx].tag == cpClass {
		return p.utf8(p.pool[idx].a)
	}
	return ""
}

// addDescriptorOrName adds a class constant's classes: an internal name
// (org/example/App), or an array descriptor ([Lorg/example/App;).
func (p *classParser) addDescriptorOrName(out *[]pendingRef, s string) {
	if !p.spend(len(s)) {
		return
	}
	if strings.HasPrefix(s, "[") {
		p.addDescriptor(out, s, true)
		return
	}
	if s != "" {
		*out = append(*out, pendingRef{s, true})
	}
}

// addDescriptor adds the classes a field or method descriptor names
// ("(Ljava/lang/String;[Lorg/x/Y;)V").
func (p *classParser) addDescriptor(out *[]pendingRef, s string, runtime bool) {
	if !p.spend(len(s)) {
		return
	}
	for i := 0; i < len(s); i++ {
		if s[i] != 'L' {
			continue
		}
		j := strings.IndexByte(s[i:], ';')
		if j < 0 {
			return
		}
		*out = append(*out, pendingRef{s[i+1 : i+j], runtime})
		i += j
	}
}

// addSignature adds the classes a generic signature (JVMS §4.7.9.1) names,
// type arguments included: a class used only as List<Foo> is named nowhere
// else. Type variables (TT;) and the names of type parameters are not
// classes; a malformed signature adds what was read before the fault.
func (p *classParser) addSignature(out *[]pendingRef, s string) {
	if !p.spend(len(s)) {
		return
	}
	sp := sigParser{s: s, out: out}
	sp.signature()
}

type sigParser struct {
	s   string
	i   int
	out *[]pendingRef
	bad bool
}

func (sp *sigParser) peek() byte {
	if sp.i < len(sp.s) {
		return sp.s[sp.i]
	}
	return 0
}

func (sp *sigParser) signature() {
	if sp.peek() == '<' { // formal type parameters: Name:bound:bound...
		sp.i++
		for !sp.bad && sp.peek() != '>' {
			j := strings.IndexByte(sp.s[sp.i:], ':')
			if j <= 0 {
				sp.bad = true
				return
			}
			sp.i += j
			for sp.peek() == ':' {
				sp.i++
				if c := sp.peek(); c == 'L' || c == 'T' || c == '[' {
					sp.typ(0)
				}
			}
		}
		sp.i++
	}
	if sp.peek() == '(' { // a method: parameters, result, throws
		sp.i++
		for !sp.bad && sp.peek() != ')' {
			sp.typ(0)
		}
		sp.i++
	}
	for !sp.bad && sp.i < len(sp.s) {
		if sp.peek() == '^' {
			sp.i++
		}
		sp.typ(0)
	}
}

func (sp *sigParser) typ(depth int) {
	if depth > maxSigDepth {
		sp.bad = true
		return
	}
	switch c := sp.peek(); c {
	case 'B', 'C', 'D', 'F', 'I', 'J', 'S', 'Z', 'V', '*':
		sp.i++
	case '[', '+', '-':
		sp.i++
		sp.typ(depth + 1)
	case 'T':
		j := strings.IndexByte(sp.s[sp.i:], ';')
		if j < 0 {
			sp.bad = true
			return
		}
		sp.i += j + 1
	case 'L':
		sp.i++
		start, first := sp.i, true
		for !sp.bad {
			j := strings.IndexAny(sp.s[sp.i:], ";<.")
			if j < 0 {
				sp.bad = true
				return
			}
			if first {
				*sp.out = append(*sp.out, pendingRef{sp.s[start : sp.i+j], true})
				first = false
			}
			sp.i += j
			if sp.peek() == '<' {
				sp.i++
				for !sp.bad && sp.peek() != '>' {
					sp.typ(depth + 1)
				}
				sp.i++
			}
			switch sp.peek() {
			case ';':
				sp.i++
				return
			case '.': // an inner class of the class already added
				sp.i++
			default:
				sp.bad = true
			}
		}
	default:
		sp.bad = true
	}
}

// dotted turns an internal name (org/example/App$Inner) into a binary name
// (org.example.App$Inner).
func dotted(internal string) string { return strings.ReplaceAll(internal, "/", ".") }

// modifiedUTF8 decodes the JVM's modified UTF-8 as far as class names need:
// ASCII is copied, anything else is kept as Go decodes it (the two-byte
// NUL and surrogate pairs come out as replacement characters, which no
// real class name contains).
func modifiedUTF8(b []byte) string { return string(b) }
