// Package notation reads move sequences in one grammar shared by every puzzle
// that has moves; each puzzle supplies its vocabulary (which tokens are moves,
// and each move's inverse) and gets back a flat sequence of its move indices.
//
// The grammar:
//
//	sequence  = { item }
//	item      = move | "(" sequence ")" suffix | "[" sequence ("," | ":") sequence "]" suffix
//	suffix    = [ count ] [ "'" | "’" ]
//
// A move is a token of the vocabulary, such as R, R', R2, R2', R3 or R’.
// (A)3 is A three times, (A)' its inverse and (A)2' the inverse twice;
// [A, B] is the commutator A B A' B' and [A: B] the conjugate A B A'; they nest
// freely, and a suffix applies to a bracket too ([A, B]' is B A B' A'). White
// space of any kind (spaces, tabs, newlines) may stand between tokens, and
// "//" starts a comment that runs to the end of the line.
//
// Moves are separated by white space or brackets: "R U" is two moves, "RU" is
// one token and, not being a move, an error. Reading "RU" as R U would make
// some inputs ambiguous (on the pocket cube "r" and "Rw" are moves, and "Rw"
// could be R then w), so it is refused, as cubing.js and twsearch write
// sequences with spaces anyway. A suffix on a bracket is written directly
// after it: in "(R U) 2" the 2 is a token of its own, and not a move.
//
// Positions in errors count characters (not bytes) from 1 at the start of
// the input, newlines and comments included.
//
// The expansion is bounded, so that hostile input costs little: at most
// MaxMoves moves come out of one input (and no part of it grows beyond that
// before a repetition of 0 could shrink it), and brackets nest at most
// MaxDepth deep.
package notation

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/godtable/godtable/internal/support/inputerr"
)

// Bounds of one parse.
const (
	// MaxMoves is the most moves one input may expand to.
	MaxMoves = 1 << 16
	// MaxDepth is how deep brackets may nest.
	MaxDepth = 32
)

// Classes of error, for errors.Is: every error Parse returns is of class
// ErrSequence, and also of exactly one of ErrMove, ErrSyntax and ErrTooLong.
var (
	// ErrSequence: the input is not a move sequence.
	ErrSequence = errors.New("bad move sequence")
	// ErrMove: a token that is not a move, or a bad suffix on a bracket.
	ErrMove = fmt.Errorf("bad move: %w", ErrSequence)
	// ErrSyntax: a bracket, comma or colon out of place.
	ErrSyntax = fmt.Errorf("bad brackets: %w", ErrSequence)
	// ErrTooLong: more than MaxMoves moves, or brackets nested deeper than
	// MaxDepth.
	ErrTooLong = fmt.Errorf("too long: %w", ErrSequence)
)

// Error is the error type of Parse: the message, the class, and the bad
// token with its position (Token, Pos).
type Error = inputerr.Error

// Vocabulary is a puzzle's moves as the grammar reads and writes them.
// Build it with New and Turns before the first Parse; after that it is only
// read, and safe for concurrent use.
type Vocabulary struct {
	names   []string
	inverse []int
	spell   map[string][]int
	want    string
}

// New returns a vocabulary of the moves names[i], each accepted as written;
// inverse[i] is the index of the move that undoes move i. want describes the
// accepted tokens in error messages ("want " + want).
func New(names []string, inverse []int, want string) *Vocabulary {
	if len(names) != len(inverse) {
		panic("notation: names and inverses differ in number")
	}
	v := &Vocabulary{names: names, inverse: inverse, spell: make(map[string][]int), want: want}
	for i, n := range names {
		if inverse[i] < 0 || inverse[i] >= len(names) {
			panic("notation: inverse of " + n + " out of range")
		}
		v.spell[n] = []int{i}
	}
	return v
}

// Spell adds a token that stands for the given moves (the same token given
// twice keeps the last).
func (v *Vocabulary) Spell(token string, moves ...int) {
	v.spell[token] = moves
}

// Turns adds the usual spellings of a turn named base: base is cw, base' and
// base’ and base3 are ccw, base2, base2' and base2’ are half. A nil half is cw
// twice, and base2' then ccw twice (the same position, written the other
// way round).
func (v *Vocabulary) Turns(base string, cw, ccw, half []int) {
	half2 := half
	if half == nil {
		half, half2 = append(cw[:len(cw):len(cw)], cw...), append(ccw[:len(ccw):len(ccw)], ccw...)
	}
	v.spell[base] = cw
	for _, p := range []string{"'", "’", "3"} {
		v.spell[base+p] = ccw
	}
	v.spell[base+"2"] = half
	v.spell[base+"2'"] = half2
	v.spell[base+"2’"] = half2
}

// Name returns move m's name, as Format writes it.
func (v *Vocabulary) Name(m int) string { return v.names[m] }

// Inverse returns the move that undoes m.
func (v *Vocabulary) Inverse(m int) int { return v.inverse[m] }

// Format writes moves by name, one space apart.
func (v *Vocabulary) Format(moves []int) string {
	var b strings.Builder
	for k, m := range moves {
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(v.names[m])
	}
	return b.String()
}

// Parse reads a move sequence and appends its expansion (move indices) to
// dst. A bad sequence gives dst unchanged and an *Error naming the first
// problem, with its token and position.
func (v *Vocabulary) Parse(s string, dst []int) ([]int, error) {
	p := parser{v: v, s: s, out: dst, base: len(dst)}
	if err := p.sequence(); err != nil {
		return dst, err
	}
	if p.i < len(s) {
		// sequence stops only at the end or at a closing character.
		c := s[p.i : p.i+1]
		detail := "no \"(\" or \"[\" to close"
		if c == "," || c == ":" {
			detail = "only inside [ ]"
		}
		return dst, p.fail(ErrSyntax, "unexpected", p.i, c, detail)
	}
	return p.out, nil
}

type parser struct {
	v     *Vocabulary
	s     string
	i     int // byte offset of the next character
	out   []int
	base  int // len(out) before this parse
	depth int
}

// fail returns the error for token tok at byte offset off.
func (p *parser) fail(kind error, what string, off int, tok, detail string) error {
	pos := utf8.RuneCountInString(p.s[:off]) + 1
	return &Error{
		Kind:  kind,
		Msg:   fmt.Sprintf("%s %s at character %d (%s)", what, quote(tok), pos, detail),
		Token: tok,
		Pos:   pos,
	}
}

// position describes the bracket at byte offset off, for messages.
func (p *parser) position(off int) string {
	return fmt.Sprintf("%q at character %d", p.s[off:off+1], utf8.RuneCountInString(p.s[:off])+1)
}

// quote quotes a token for a message, shortened if long.
func quote(tok string) string {
	const limit = 16
	if utf8.RuneCountInString(tok) > limit {
		n := 0
		for k := range tok {
			if n == limit {
				tok = tok[:k] + "..."
				break
			}
			n++
		}
	}
	return strconv.Quote(tok)
}

// skip passes white space and comments.
func (p *parser) skip() {
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			p.i++
		case c == '/' && strings.HasPrefix(p.s[p.i:], "//"):
			if k := strings.IndexByte(p.s[p.i:], '\n'); k >= 0 {
				p.i += k + 1
			} else {
				p.i = len(p.s)
			}
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(p.s[p.i:])
			if !unicode.IsSpace(r) {
				return
			}
			p.i += size
		default:
			return
		}
	}
}

// tokenEnd returns the byte offset where the token starting at from ends:
// at white space, a bracket, a comma or colon, a comment, or the end.
func (p *parser) tokenEnd(from int) int {
	k := from
	for k < len(p.s) {
		c := p.s[k]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f',
			c == '(' || c == ')' || c == '[' || c == ']' || c == ',' || c == ':':
			return k
		case c == '/' && strings.HasPrefix(p.s[k:], "//"):
			return k
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(p.s[k:])
			if unicode.IsSpace(r) {
				return k
			}
			k += size
		default:
			k++
		}
	}
	return k
}

// sequence reads items up to the end or a closing character ) ] , : (which
// it leaves for the caller).
func (p *parser) sequence() error {
	for {
		p.skip()
		if p.i >= len(p.s) {
			return nil
		}
		var err error
		switch p.s[p.i] {
		case ')', ']', ',', ':':
			return nil
		case '(':
			err = p.group()
		case '[':
			err = p.bracket()
		default:
			err = p.move()
		}
		if err != nil {
			return err
		}
	}
}

func (p *parser) move() error {
	end := p.tokenEnd(p.i)
	tok := p.s[p.i:end]
	moves, ok := p.v.spell[tok]
	if !ok {
		if parts := p.v.split(tok); len(parts) > 1 {
			// Moves written together ("RU"), as some timers print them:
			// say how to write them, which the list of moves would not.
			return p.fail(ErrMove, "bad move", p.i, tok, "separate moves with spaces: "+strconv.Quote(strings.Join(parts, " ")))
		}
		return p.fail(ErrMove, "bad move", p.i, tok, "want "+p.v.want)
	}
	if len(p.out)-p.base+len(moves) > MaxMoves {
		return p.tooLong(p.i, tok)
	}
	p.out = append(p.out, moves...)
	p.i = end
	return nil
}

// split returns tok read as moves written without spaces between them
// ("RU'F2" as R U' F2), nil if it cannot be. The longest spelling is tried
// first at each place, so that "R2'" stays one move; a place found not to
// start a reading is not tried again, so the work is linear in tok.
func (v *Vocabulary) split(tok string) []string {
	const longest = len("Rw2’") // the longest spelling, in bytes
	if len(tok) > 256 {
		return nil
	}
	dead := make([]bool, len(tok)+1)
	var from func(i int) []string
	from = func(i int) []string {
		if i == len(tok) {
			return []string{}
		}
		if dead[i] {
			return nil
		}
		for n := min(longest, len(tok)-i); n > 0; n-- {
			if _, ok := v.spell[tok[i:i+n]]; !ok {
				continue
			}
			if rest := from(i + n); rest != nil {
				return append([]string{tok[i : i+n]}, rest...)
			}
		}
		dead[i] = true
		return nil
	}
	return from(0)
}

func (p *parser) tooLong(off int, tok string) error {
	return p.fail(ErrTooLong, "too many moves at", off, tok, fmt.Sprintf("at most %d", MaxMoves))
}

// enter counts one more level of brackets, for the bracket at p.i.
func (p *parser) enter() error {
	if p.depth == MaxDepth {
		return p.fail(ErrTooLong, "too deeply nested", p.i, p.s[p.i:p.i+1], fmt.Sprintf("at most %d brackets deep", MaxDepth))
	}
	p.depth++
	return nil
}

// group reads "(" sequence ")" suffix.
func (p *parser) group() error {
	open := p.i
	if err := p.enter(); err != nil {
		return err
	}
	p.i++
	start := len(p.out)
	if err := p.sequence(); err != nil {
		return err
	}
	if p.i >= len(p.s) {
		return p.fail(ErrSyntax, "unclosed", open, "(", `want ")"`)
	}
	if c := p.s[p.i]; c != ')' {
		return p.fail(ErrSyntax, "unexpected", p.i, string(c), `want ")" for `+p.position(open))
	}
	p.i++
	p.depth--
	return p.suffix(start)
}

// bracket reads "[" A ("," | ":") B "]" suffix: the commutator A B A' B' or
// the conjugate A B A'.
func (p *parser) bracket() error {
	open := p.i
	if err := p.enter(); err != nil {
		return err
	}
	p.i++
	a := len(p.out)
	if err := p.sequence(); err != nil {
		return err
	}
	if p.i >= len(p.s) {
		return p.fail(ErrSyntax, "unclosed", open, "[", `want "," or ":", then "]"`)
	}
	sep := p.s[p.i]
	if sep != ',' && sep != ':' {
		return p.fail(ErrSyntax, "unexpected", p.i, string(sep), `want "," or ":" for `+p.position(open))
	}
	p.i++
	b := len(p.out)
	if err := p.sequence(); err != nil {
		return err
	}
	if p.i >= len(p.s) {
		return p.fail(ErrSyntax, "unclosed", open, "[", `want "]"`)
	}
	if c := p.s[p.i]; c != ']' {
		return p.fail(ErrSyntax, "unexpected", p.i, string(c), `want "]" for `+p.position(open))
	}
	end := len(p.out)
	add := b - a
	if sep == ',' {
		add = end - a
	}
	if len(p.out)-p.base+add > MaxMoves {
		return p.tooLong(p.i, "]")
	}
	p.out = p.appendInverse(p.out, a, b)
	if sep == ',' {
		p.out = p.appendInverse(p.out, b, end)
	}
	p.i++
	p.depth--
	return p.suffix(a)
}

// appendInverse appends the inverse of out[from:to].
func (p *parser) appendInverse(out []int, from, to int) []int {
	for k := to - 1; k >= from; k-- {
		out = append(out, p.v.inverse[out[k]])
	}
	return out
}

// suffix reads the count and prime written directly after a closing bracket
// and applies them to the bracket's expansion, p.out[start:].
func (p *parser) suffix(start int) error {
	end := p.tokenEnd(p.i)
	tok := p.s[p.i:end]
	if tok == "" {
		return nil
	}
	digits := tok
	prime := false
	if s, ok := strings.CutSuffix(digits, "'"); ok {
		digits, prime = s, true
	} else if s, ok := strings.CutSuffix(digits, "’"); ok {
		digits, prime = s, true
	}
	count := 1
	if digits != "" {
		n := 0
		for k := 0; k < len(digits); k++ {
			c := digits[k]
			if c < '0' || c > '9' {
				return p.fail(ErrMove, "bad suffix", p.i, tok, "want a repetition count, a prime or both")
			}
			// Past MaxMoves the count is too many whatever it is; stop
			// growing it so that it cannot overflow.
			if n <= MaxMoves {
				n = 10*n + int(c-'0')
			}
		}
		if n > MaxMoves {
			return p.tooLong(p.i, tok)
		}
		count = n
	}
	body := len(p.out) - start
	if len(p.out)-p.base+(count-1)*body > MaxMoves {
		return p.tooLong(p.i, tok)
	}
	if prime {
		seq := p.out[start:]
		for l, r := 0, len(seq)-1; l <= r; l, r = l+1, r-1 {
			seq[l], seq[r] = p.v.inverse[seq[r]], p.v.inverse[seq[l]]
		}
	}
	if count == 0 {
		p.out = p.out[:start]
	}
	for k := 1; k < count; k++ {
		p.out = append(p.out, p.out[start:start+body]...)
	}
	p.i = end
	return nil
}

// ParseAs is Parse for a puzzle whose moves are a type of its own: it reads
// s with v and returns the moves as M.
func ParseAs[M ~uint8](v *Vocabulary, s string) ([]M, error) {
	var buf [64]int
	moves, err := v.Parse(s, buf[:0])
	if err != nil {
		return nil, err
	}
	out := make([]M, len(moves))
	for k, m := range moves {
		out[k] = M(m)
	}
	return out, nil
}

// Move is a move of a puzzle whose moves are a type of its own, which
// knows its inverse and its cost in a metric (a quarter-turn metric or not).
type Move[T any] interface {
	~uint8
	Inverse() T
	Cost(qtm bool) int
}

// Inverses is New's table of inverses for the first n moves of type T.
func Inverses[T Move[T]](n int) []int {
	inv := make([]int, n)
	for t := range inv {
		inv[t] = int(T(t).Inverse())
	}
	return inv
}

// Cost is the length of tokens in a metric: the sum of their costs.
func Cost[T Move[T]](tokens []T, qtm bool) int {
	n := 0
	for _, t := range tokens {
		n += t.Cost(qtm)
	}
	return n
}
