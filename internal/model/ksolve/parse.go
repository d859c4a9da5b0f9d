package ksolve

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrDefinition is the class of every error Parse returns.
var ErrDefinition = errors.New("bad definition")

// Error is a problem with a definition: the file, the line (0 when it is
// the definition as a whole) and what is wrong, written on one line.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Unwrap returns ErrDefinition.
func (e *Error) Unwrap() error { return ErrDefinition }

// MaxMoves is the most moves (powers of base moves, sequences and aliases
// included) a definition may give. The search takes at most MaxSearchMoves
// of them (see NewPuzzle).
const MaxMoves = 1024

// MaxSize is the longest definition Parse reads, in bytes.
const MaxSize = 4 << 20

type line struct {
	n    int
	toks []string
}

type parser struct {
	file  string
	lines []line
	i     int
	def   *Def
	// names holds every name the definition gives (sets, moves, their
	// powers, sequences and aliases): one namespace, so that no name
	// can stand for two things.
	names map[string]nameUse
	// moveAt finds a move by name, and setAt a set, so that reading is
	// linear in the definition however many there are.
	moveAt map[string]int
	setAt  map[string]int
	// stage is how far the definition has come: 0 the name, 1 the sets,
	// 2 the moves (after Solved).
	stage int
	// seqs are the sequences and aliases, resolved once every move is
	// read.
	seqs []pending
	// illegalLine is the line giving each illegal pair, as IllegalAt
	// names it, for the error of an illegal Solved.
	illegalLine map[string]int
}

// nameUse is where a name was given and what it names, for the error on
// a second use.
type nameUse struct {
	line int
	what string
}

func (p *parser) errAt(n int, format string, args ...any) error {
	return &Error{File: p.file, Line: n, Msg: fmt.Sprintf(format, args...)}
}

// Parse reads a definition. file names it in errors ("skewb.tws"). Every
// error is an *Error naming the line and the problem.
func Parse(file string, src []byte) (*Def, error) {
	p := &parser{file: file, names: map[string]nameUse{}, moveAt: map[string]int{}, setAt: map[string]int{}}
	if len(src) > MaxSize {
		return nil, p.errAt(0, "definition too long (%d bytes; at most %d)", len(src), MaxSize)
	}
	text := src
	// A byte-order mark, as some editors write, is not part of the first
	// word.
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	n := 0
	for len(src) > 0 || n == 0 {
		n++
		ln, rest, _ := bytes.Cut(src, []byte{'\n'})
		src = rest
		if bytes.IndexByte(ln, 0) >= 0 || !utf8.Valid(ln) {
			return nil, p.errAt(n, "binary data: not a definition file")
		}
		toks := strings.FieldsFunc(string(ln), func(r rune) bool { return r <= ' ' })
		if len(toks) > 0 && !strings.HasPrefix(toks[0], "#") {
			p.lines = append(p.lines, line{n, toks})
		}
		if len(rest) == 0 {
			break
		}
	}
	p.def = &Def{File: file, Text: string(text), setAt: p.setAt}
	if err := p.parse(); err != nil {
		return nil, err
	}
	return p.def, nil
}

func (p *parser) next() (line, bool) {
	if p.i >= len(p.lines) {
		return line{}, false
	}
	l := p.lines[p.i]
	p.i++
	return l, true
}

type pending struct {
	name string
	seq  []string
	kind BaseKind
	line int
}

func (p *parser) parse() error {
	d := p.def
	for {
		l, ok := p.next()
		if !ok {
			break
		}
		if err := p.keyword(l); err != nil {
			return err
		}
	}
	switch {
	case len(d.Sets) == 0:
		return p.errAt(0, "no Set: a definition needs at least one")
	case d.Solved == nil:
		return p.errAt(0, "no Solved block")
	}
	if err := p.resolve(p.seqs); err != nil {
		return err
	}
	if len(d.Moves) == 0 {
		return p.errAt(0, "no moves: a definition needs at least one Move")
	}
	if at := d.IllegalAt(d.Solved); at != "" {
		return p.errAt(p.illegalLine[at], "Solved is illegal: %s", at)
	}
	if d.Name == "" {
		d.Name = "Unnamed"
	}
	return nil
}

// keyword reads the line l starts, and the block it opens.
func (p *parser) keyword(l line) error {
	d := p.def
	t := l.toks
	switch t[0] {
	case "Name":
		if p.stage != 0 || d.Name != "" {
			return p.errAt(l.n, "Name must come first, once")
		}
		if len(t) != 2 {
			return p.errAt(l.n, "want \"Name NAME\"")
		}
		if msg := printable(t[1]); msg != "" {
			return p.errAt(l.n, "name %q %s", t[1], msg)
		}
		d.Name = t[1]
	case "Set":
		if p.stage > 1 {
			return p.errAt(l.n, "Set after Solved: every Set comes before Solved")
		}
		p.stage = 1
		return p.set(l)
	case "Solved":
		return p.solved(l)
	case "Move":
		return p.move(l)
	case "MoveSequence", "MoveAlias":
		return p.sequence(l)
	case "Illegal":
		return p.illegal(l)
	case "End":
		return p.errAt(l.n, "End with no block to end")
	case "StartState", "MoveTransformation":
		return p.errAt(l.n, "%s is not supported (godtable reads Name, Set, Solved, Move, MoveSequence, MoveAlias, Illegal)", t[0])
	default:
		if isNumber(t[0]) || t[0] == "?" {
			return p.errAt(l.n, "a row of numbers outside a block")
		}
		return p.errAt(l.n, "unknown keyword %q (want Name, Set, Solved, Move, MoveSequence, MoveAlias or Illegal)", t[0])
	}
	return nil
}

// solved reads the Solved block.
func (p *parser) solved(l line) error {
	d := p.def
	if p.stage == 2 || d.Solved != nil {
		return p.errAt(l.n, "a second Solved block")
	}
	if len(d.Sets) == 0 {
		return p.errAt(l.n, "Solved before any Set")
	}
	if len(l.toks) != 1 {
		return p.errAt(l.n, "want \"Solved\" alone on its line")
	}
	p.stage = 2
	s, err := p.block(l, true)
	if err != nil {
		return err
	}
	d.Solved = s
	return nil
}

// move reads a Move block.
func (p *parser) move(l line) error {
	t := l.toks
	if p.stage != 2 {
		return p.errAt(l.n, "Move before Solved")
	}
	if len(t) != 2 {
		return p.errAt(l.n, "want \"Move NAME\"")
	}
	if err := p.checkName(t[1], l.n, "move"); err != nil {
		return err
	}
	m, err := p.block(l, false)
	if err != nil {
		return err
	}
	kind := Plain
	if isRotation(t[1]) {
		kind = Rotation
	}
	return p.addBase(t[1], m, kind, l.n)
}

// sequence reads a MoveSequence or MoveAlias line, which resolves once
// every move is read.
func (p *parser) sequence(l line) error {
	t := l.toks
	if p.stage != 2 {
		return p.errAt(l.n, "%s before Solved", t[0])
	}
	kind := Sequence
	if t[0] == "MoveAlias" {
		kind = Alias
		if len(t) != 3 {
			return p.errAt(l.n, "want \"MoveAlias NAME MOVES\" (the moves with no spaces, commas between)")
		}
	} else if len(t) < 3 {
		return p.errAt(l.n, "want \"MoveSequence NAME MOVE ...\"")
	}
	if err := p.checkName(t[1], l.n, t[0]); err != nil {
		return err
	}
	// The name is taken now, not when the sequence resolves: a later
	// Move of the same name is the error, not this.
	p.names[t[1]] = nameUse{l.n, t[0]}
	var seq []string
	for _, tok := range t[2:] {
		for _, m := range strings.Split(tok, ",") {
			if m != "" {
				seq = append(seq, m)
			}
		}
	}
	if len(seq) == 0 {
		return p.errAt(l.n, "%s %s has no moves", t[0], t[1])
	}
	// Each sequence is one move or more: refuse here, not after
	// resolving a file of them.
	if len(p.def.Moves)+len(p.seqs)+1 > MaxMoves {
		return p.errAt(l.n, "too many moves (more than %d, powers included)", MaxMoves)
	}
	p.seqs = append(p.seqs, pending{t[1], seq, kind, l.n})
	return nil
}

// illegal reads an Illegal line: "Illegal SET POSITION VALUE ...", each
// value a piece number as Solved writes it.
func (p *parser) illegal(l line) error {
	d := p.def
	t := l.toks
	if p.stage != 2 {
		return p.errAt(l.n, "Illegal before Solved")
	}
	if len(t) < 4 {
		return p.errAt(l.n, "want \"Illegal SET POSITION VALUE ...\"")
	}
	k := d.setIndex(t[1])
	if k < 0 {
		return p.errAt(l.n, "Illegal: unknown set %q (want %s)", t[1], d.setNames())
	}
	set := d.Sets[k]
	pos, err := strconv.Atoi(t[2])
	if err != nil || pos < 1 || pos > set.Size {
		return p.errAt(l.n, "Illegal: position %q of set %s: want a number from 1 to %d", t[2], set.Name, set.Size)
	}
	var bad [4]uint64
	for _, tok := range t[3:] {
		v, err := strconv.Atoi(tok)
		l8 := -1
		if err == nil {
			l8 = slices.Index(d.Numbers[k], v)
		}
		if l8 < 0 {
			return p.errAt(l.n, "Illegal: value %q is not a piece of set %s (want %s)", tok, set.Name, d.pieceList(k))
		}
		bad[l8/64] |= 1 << (l8 % 64)
	}
	d.addIllegal(set.Off+pos-1, bad)
	if p.illegalLine == nil {
		p.illegalLine = map[string]int{}
	}
	for lb := range d.Labels[k] {
		if bad[lb/64]>>(lb%64)&1 != 0 {
			at := illegalPair(set, pos-1, d.Numbers[k][lb])
			if _, ok := p.illegalLine[at]; !ok {
				p.illegalLine[at] = l.n
			}
		}
	}
	return nil
}

func (p *parser) set(l line) error {
	d := p.def
	if len(l.toks) != 4 {
		return p.errAt(l.n, "want \"Set NAME PIECES ORIENTATIONS\"")
	}
	name := l.toks[1]
	switch {
	case isNumber(name) || name == "?":
		return p.errAt(l.n, "set name %q: a set's name cannot start with a digit (rows of numbers follow it)", name)
	case name == "End" || name == "Solved" || name == "State":
		return p.errAt(l.n, "set name %q: a keyword, not a name", name)
	}
	if err := p.checkName(name, l.n, "set"); err != nil {
		return err
	}
	p.names[name] = nameUse{l.n, "set"}
	p.setAt[name] = len(d.Sets)
	size, err := strconv.Atoi(l.toks[2])
	if err != nil || size < 1 || size > MaxPieces {
		if err == nil && size < 1 {
			return p.errAt(l.n, "set %s has no pieces", name)
		}
		return p.errAt(l.n, "set %s: pieces %q: want a number from 1 to %d", name, l.toks[2], MaxPieces)
	}
	mod, err := strconv.Atoi(l.toks[3])
	if err != nil || mod < 1 || mod > MaxMod {
		return p.errAt(l.n, "set %s: orientations %q: want a number from 1 to %d", name, l.toks[3], MaxMod)
	}
	d.Sets = append(d.Sets, Set{Name: name, Size: size, Mod: mod, Off: d.Width})
	d.Width += 2 * size
	return nil
}

// block reads a Solved or Move block after its first line l, up to End.
func (p *parser) block(head line, solved bool) (State, error) {
	d := p.def
	s := d.Identity()
	seen := make([]bool, len(d.Sets))
	cur := -1
	rows := 0
	what := "Solved"
	if !solved {
		what = "move " + head.toks[1]
	}
	endSet := func(n int) error {
		if cur >= 0 && rows == 0 {
			return p.errAt(n, "%s: set %s has no permutation row", what, d.Sets[cur].Name)
		}
		return nil
	}
	var labelsAt []int
	if solved {
		labelsAt = make([]int, len(d.Sets))
	}
	for {
		l, ok := p.next()
		if !ok {
			return nil, p.errAt(head.n, "%s: no End", what)
		}
		t := l.toks
		if t[0] == "End" {
			if len(t) != 1 {
				return nil, p.errAt(l.n, "want \"End\" alone on its line")
			}
			if err := endSet(l.n); err != nil {
				return nil, err
			}
			break
		}
		if isNumber(t[0]) || t[0] == "?" {
			if cur < 0 {
				return nil, p.errAt(l.n, "%s: a row of numbers before a set name", what)
			}
			set := d.Sets[cur]
			if rows == 2 {
				return nil, p.errAt(l.n, "%s: set %s has a third row (want a permutation row and an orientation row)", what, set.Name)
			}
			if len(t) != set.Size {
				return nil, p.errAt(l.n, "%s: set %s: row of %d numbers, want %d", what, set.Name, len(t), set.Size)
			}
			var err error
			if rows == 0 {
				err = p.permRow(l, s, set, solved, what)
				if solved {
					labelsAt[cur] = l.n
				}
			} else {
				err = p.oriRow(l, s, set, solved, what)
			}
			if err != nil {
				return nil, err
			}
			rows++
			continue
		}
		if len(t) != 1 {
			return nil, p.errAt(l.n, "%s: want a set name or End, not %q", what, strings.Join(t, " "))
		}
		if err := endSet(l.n); err != nil {
			return nil, err
		}
		cur = -1
		if i, ok := p.setAt[t[0]]; ok {
			cur = i
		}
		if cur < 0 {
			return nil, p.errAt(l.n, "%s: unknown set %q", what, t[0])
		}
		if seen[cur] {
			return nil, p.errAt(l.n, "%s: set %s given twice", what, t[0])
		}
		seen[cur] = true
		rows = 0
	}
	if solved {
		if err := p.finishSolved(s, labelsAt); err != nil {
			return nil, err
		}
		return s, nil
	}
	// The file gives a move's orientations per piece; a state's are per
	// slot: the orientation added at slot i is the one of the piece that
	// lands there.
	for _, set := range d.Sets {
		n, off := set.Size, set.Off
		perPiece := append([]uint8(nil), s[off+n:off+2*n]...)
		for i := 0; i < n; i++ {
			s[off+n+i] = perPiece[s[off+i]]
		}
	}
	return s, nil
}

func (p *parser) permRow(l line, s State, set Set, solved bool, what string) error {
	n := set.Size
	used := make([]bool, n)
	for i, tok := range l.toks {
		v, err := strconv.Atoi(tok)
		if tok == "?" || err != nil || v < 1 {
			return p.errAt(l.n, "%s: set %s: %q is not a piece number (want 1 to %d)", what, set.Name, tok, n)
		}
		if solved {
			if v > 255 {
				return p.errAt(l.n, "%s: set %s: piece number %d over 255", what, set.Name, v)
			}
			s[set.Off+i] = uint8(v) // packed in finishSolved
			continue
		}
		if v > n {
			return p.errAt(l.n, "%s: set %s: piece %d is not one of 1..%d", what, set.Name, v, n)
		}
		if used[v-1] {
			return p.errAt(l.n, "%s: set %s: not a permutation (%d stands twice)", what, set.Name, v)
		}
		used[v-1] = true
		s[set.Off+i] = uint8(v - 1)
	}
	return nil
}

func (p *parser) oriRow(l line, s State, set Set, solved bool, what string) error {
	n := set.Size
	for i, tok := range l.toks {
		if tok == "?" {
			if !solved {
				return p.errAt(l.n, "%s: set %s: \"?\" is for the Solved block only", what, set.Name)
			}
			if set.Mod == 1 {
				s[set.Off+n+i] = 0
			} else {
				s[set.Off+n+i] = Wild
			}
			continue
		}
		v, err := strconv.Atoi(tok)
		if err != nil || v < 0 {
			return p.errAt(l.n, "%s: set %s: %q is not an orientation", what, set.Name, tok)
		}
		if v >= set.Mod {
			return p.errAt(l.n, "%s: set %s: orientation %d is not below the set's %d", what, set.Name, v, set.Mod)
		}
		s[set.Off+n+i] = uint8(v)
	}
	return nil
}

// finishSolved packs each set's labels to 0..L-1 (in the order of their
// numbers) and checks that identical pieces agree on their wildcards.
func (p *parser) finishSolved(s State, labelsAt []int) error {
	d := p.def
	d.Labels = make([]int, len(d.Sets))
	d.Numbers = make([][]int, len(d.Sets))
	for k, set := range d.Sets {
		n, off := set.Size, set.Off
		if labelsAt[k] == 0 {
			d.Labels[k] = n
			for i := 0; i < n; i++ {
				d.Numbers[k] = append(d.Numbers[k], i+1)
			}
			continue
		}
		var present [256]bool
		for i := 0; i < n; i++ {
			present[s[off+i]] = true
		}
		var pack [256]uint8
		next := uint8(0)
		for v := range present {
			if present[v] {
				pack[v] = next
				next++
				d.Numbers[k] = append(d.Numbers[k], v)
			}
		}
		for i := 0; i < n; i++ {
			s[off+i] = pack[s[off+i]]
		}
		d.Labels[k] = int(next)
		wild := make([]int, next) // 0 unknown, 1 wild, 2 not
		for i := 0; i < n; i++ {
			w := 2
			if s[off+n+i] == Wild {
				w = 1
			}
			if lb := s[off+i]; wild[lb] == 0 {
				wild[lb] = w
			} else if wild[lb] != w {
				return p.errAt(labelsAt[k], "Solved: set %s: identical pieces must all have \"?\" orientations or none", set.Name)
			}
		}
	}
	return nil
}

// checkName refuses a name already given, or one that could not be read
// back: what says what the name is for ("set", "move", "MoveSequence").
func (p *parser) checkName(name string, n int, what string) error {
	if at, ok := p.names[name]; ok {
		return p.errAt(n, "%s", redefined(what, name, at))
	}
	if msg := readable(name); msg != "" {
		return p.errAt(n, "%s name %q %s", what, name, msg)
	}
	return nil
}

// redefined is the error for a second use of name, as what ("set",
// "move", "MoveSequence", "MoveAlias"), where at gave it first.
func redefined(what, name string, at nameUse) string {
	kind := "move"
	if what == "set" {
		kind = "set"
	}
	switch {
	case what == "set" && at.what == "set":
		return fmt.Sprintf("set %s defined twice", name)
	case what == at.what || what == "Move" && at.what == "move":
		return fmt.Sprintf("%s %s already defined (line %d)", kind, name, at.line)
	}
	return fmt.Sprintf("%s %s already defined (line %d, as %s): each name is given once", kind, name, at.line, article(at.what))
}

// article writes what with its article ("a set", "an alias").
func article(what string) string {
	if strings.IndexByte("aeiouAEIOU", what[0]) >= 0 {
		return "an " + what
	}
	return "a " + what
}

// readable says why a name could not be read back where the program
// writes it ("" if it can): a move name must be one token of the move
// notation (which reads brackets, commas, colons and "//" as its own), a
// set name one word of a state block, and no name may hold white space
// the file's reader keeps in a word (a no-break space), a control
// character (which a terminal would obey), or start with "#" (a comment).
func readable(name string) string {
	if msg := printable(name); msg != "" {
		return msg
	}
	switch {
	case strings.HasPrefix(name, "#"):
		return "starts with #, which starts a comment"
	case strings.Contains(name, "//"):
		return "holds //, which starts a comment in move sequences"
	}
	if i := strings.IndexAny(name, "()[],:"); i >= 0 {
		return fmt.Sprintf("holds %q, which move sequences read as a bracket or separator", name[i])
	}
	return ""
}

// printable says why a name cannot be written as it is ("" if it can): a
// control character or white space in it.
func printable(name string) string {
	for _, r := range name {
		switch {
		case r == utf8.RuneError:
			return "is not valid UTF-8"
		case unicode.IsControl(r):
			return fmt.Sprintf("holds the control character %U", r)
		case unicode.IsSpace(r):
			return fmt.Sprintf("holds the white space %U", r)
		}
	}
	return ""
}

// addBase adds a base move and its powers.
func (p *parser) addBase(name string, m State, kind BaseKind, n int) error {
	d := p.def
	id := d.Identity()
	if bytes.Equal(m, id) {
		return p.errAt(n, "move %s does nothing", name)
	}
	powers := []State{m}
	for cur := m; ; {
		next := d.Compose(cur, m)
		if bytes.Equal(next, id) {
			break
		}
		if len(powers)+1 >= MaxOrder {
			return p.errAt(n, "move %s has order over %d", name, MaxOrder)
		}
		powers = append(powers, next)
		cur = next
	}
	order := len(powers) + 1
	if len(d.Moves)+len(powers) > MaxMoves {
		return p.errAt(n, "too many moves (more than %d, powers included)", MaxMoves)
	}
	base := len(d.Bases)
	d.Bases = append(d.Bases, Base{Name: name, Order: order, Line: n, Kind: kind})
	if kind != Sequence && kind != Alias { // those took their name on their line
		p.names[name] = nameUse{n, "move"}
	}
	for i, pw := range powers {
		tw := signedTurn(i+1, order)
		pn := powerName(name, tw)
		if at, ok := p.names[pn]; ok && pn != name {
			return p.errAt(n, "move %s's power %s is already defined (line %d, as %s): each name is given once", name, pn, at.line, article(at.what))
		}
		if pn != name {
			p.names[pn] = nameUse{n, "power of " + name}
		}
		p.moveAt[pn] = len(d.Moves)
		d.Moves = append(d.Moves, Move{Name: pn, Base: base, Power: i + 1, Turn: tw, Perm: pw})
	}
	return nil
}

// resolve makes the sequences and aliases into moves, each once the moves it
// names are known, in the order the file gives them where it can.
func (p *parser) resolve(seqs []pending) error {
	done := make([]bool, len(seqs))
	for left := len(seqs); left > 0; {
		progress := false
		for i, sq := range seqs {
			if done[i] {
				continue
			}
			m, ok := p.compose(sq.seq)
			if !ok {
				continue
			}
			if err := p.addBase(sq.name, m, sq.kind, sq.line); err != nil {
				return err
			}
			done[i] = true
			left--
			progress = true
		}
		if !progress {
			for i, sq := range seqs {
				if !done[i] {
					for _, tok := range sq.seq {
						if p.find(tok) < 0 && !p.pendingName(seqs, done, tok) {
							return p.errAt(sq.line, "%s: unknown move %q", sq.name, tok)
						}
					}
					return p.errAt(sq.line, "%s: its moves refer to each other in a circle", sq.name)
				}
			}
		}
	}
	return nil
}

func (p *parser) pendingName(seqs []pending, done []bool, tok string) bool {
	for i, sq := range seqs {
		if !done[i] && (tok == sq.name || strings.HasPrefix(tok, sq.name)) {
			return true
		}
	}
	return false
}

func (p *parser) find(name string) int {
	if i, ok := p.moveAt[name]; ok {
		return i
	}
	return -1
}

func (p *parser) compose(seq []string) (State, bool) {
	d := p.def
	s := d.Identity()
	for _, tok := range seq {
		i := p.find(tok)
		if i < 0 {
			return nil, false
		}
		s = d.Compose(s, d.Moves[i].Perm)
	}
	return s, true
}

func isNumber(s string) bool {
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// isRotation says whether twsearch takes a move of this name for a
// whole-puzzle rotation: x, y or z (with an optional 2 or '), or capitals
// (and underscores) followed by a v.
func isRotation(name string) bool {
	if name == "" {
		return false
	}
	if c := name[0]; c == 'x' || c == 'y' || c == 'z' {
		if len(name) == 1 || len(name) == 2 && (name[1] == '2' || name[1] == '\'') {
			return true
		}
	}
	i := 0
	for i < len(name) && (name[i] == '_' || name[i] >= 'A' && name[i] <= 'Z') {
		i++
	}
	return i > 0 && i+1 == len(name) && name[i] == 'v'
}
