// Package views answers the "top, front, side" puzzle on a 4x4x4 grid:
// given the top, front and side (from the right) views of a set of unit
// blocks, the fewest blocks with exactly those views, or that no block set
// has them.
//
// Unlike the other puzzles it is answered by an exact search, not a table:
// impossible views are found with a few bit operations, and the fewest
// blocks by a branch and bound (microseconds; the hardest case of the
// million-case battery takes well under a millisecond). Every Views value
// is a valid input; views that no block set has are reported by Solve and
// Verify, not refused.
//
// Views are read as 12 hex digits or as a drawing (see Parse); a block set
// is written as 16 hex digits (see Blocks).
package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/godtable/godtable/internal/model/views"
	"github.com/godtable/godtable/internal/support/inputerr"
	"github.com/godtable/godtable/lookup"
)

// Views are the top, front and side views. In each field bit k is cell k
// of the view in reading order (left to right, then top to bottom). The
// side view is seen from the right: its cell 4*layer+k shows row 3-k.
type Views views.Views

// Blocks is a set of blocks: bit i is block 16*layer + 4*row + column
// (layer from the top, row from the back, column from the left). Its Hex
// method writes the 16 hex digits of SPEC, block 0 as the first digit's
// most significant bit. Every Blocks value is valid; its Has and Layer
// methods give false and 0 for an index out of range (0..63, 0..3).
type Blocks views.Blocks

// Error is the error of Parse and ParseBlocks for an input that is not
// views or blocks: a one-line message naming the problem, with its class
// for errors.Is (ErrCharacter, ErrLength or ErrShape).
type Error = inputerr.Of[errorTag]

// errorTag makes Error this package's own type, so that errors.As tells
// an error of reading a set of views from another puzzle's.
type errorTag struct{}

// Classes of error in reading a set of views, for errors.Is.
var (
	// ErrCharacter: a character that is not a hex digit, or (in a
	// drawing) not x, X, . or a blank; the message says where.
	ErrCharacter = views.ErrCharacter
	// ErrLength: not 12 hex digits for views, or 16 for blocks.
	ErrLength = views.ErrLength
	// ErrShape: a drawing that is not four rows of 12 cells.
	ErrShape = views.ErrShape
)

// wrap gives an input error this package's type, so that errors.As tells a
// views error from another puzzle's.
func wrap(err error) error { return inputerr.As[errorTag](err) }

// Parse reads views as 12 hex digits (the top, front and side views, 16
// bits each, left to right then top to bottom, the first digit's most
// significant bit first) or, if the text spans several lines or starts with
// a "Top:" header, as the three views drawn with x and . side by side, as
// Draw writes them. Surrounding white space is ignored. Invalid input gives
// zero Views and a one-line *Error naming the problem: a bad character and
// where it is (ErrCharacter), the wrong number of hex digits (ErrLength),
// or the wrong number of rows or cells (ErrShape).
func Parse(s string) (Views, error) {
	t := strings.TrimSpace(s)
	var v views.Views
	var err error
	if strings.Contains(t, "\n") || strings.HasPrefix(strings.ToLower(t), "top") {
		v, err = views.ParseDrawing(s)
	} else {
		v, err = views.ParseHex(s)
	}
	if err != nil {
		return Views{}, wrap(err)
	}
	return Views(v), nil
}

// ParseBlocks reads a block set written as 16 hex digits (either case;
// surrounding white space is ignored), as Hex writes it. Invalid input
// gives 0 and a one-line *Error, as for Parse: a bad hex digit and its
// column (ErrCharacter), or the wrong number of digits (ErrLength).
func ParseBlocks(s string) (Blocks, error) {
	b, err := views.ParseBlocks(s)
	return inputerr.Read[errorTag](Blocks(b), err)
}

// Hex returns the views as 12 lower-case hex digits, which Parse reads
// back.
func (v Views) Hex() string { return views.Views(v).Hex() }

// String returns Hex, so that views print in their usual written form.
func (v Views) String() string { return v.Hex() }

// Bits48 returns the views as the 48-bit number their 12 hex digits write.
func (v Views) Bits48() uint64 { return views.Views(v).Bits48() }

// Draw draws the three views side by side as x/. grids under the header
// "Top: Front: Side:", in the form Parse reads. Lines carry no trailing
// blanks and end with a newline.
func (v Views) Draw() string { return views.Views(v).Draw() }

// Solve returns a block set with exactly the views and the fewest blocks,
// or 0 and ok false if no block set has them. Among several smallest sets
// it returns the one whose 16 hex digits are smallest. Every Views is a
// valid input (empty views give the empty set).
func (v Views) Solve() (b Blocks, ok bool) {
	x, ok := views.Solve(views.Views(v))
	return Blocks(x), ok
}

// BlocksVerdict is the outcome of VerifyBlocks.
type BlocksVerdict struct {
	Solvable bool  // some block set has the views
	Valid    bool  // the proposed blocks have exactly the views
	Minimal  bool  // valid, and no block set with the views has fewer blocks
	Min      int   // the fewest blocks with the views; 0 if not solvable
	Got      Views // the views the proposed blocks actually have
}

// VerifyBlocks checks a proposed block set: whether it has exactly the
// views, and whether it has the fewest blocks of any set that does. Every
// input is valid: for views that no block set has, Solvable, Valid and
// Minimal are false and Min is 0.
func (v Views) VerifyBlocks(b Blocks) BlocksVerdict {
	r := views.Verify(views.Views(v), views.Blocks(b))
	return BlocksVerdict{Solvable: r.Solvable, Valid: r.Valid, Minimal: r.Minimal, Min: r.Min, Got: Views(r.Got)}
}

// Verify checks a proposed answer written as Solve's answer is written by
// the command: "impossible", or the block count and the blocks' 16 hex
// digits (the count may be left out). The verdict's Optimal is the fewest
// blocks (Impossible set when no block set has the views) and its Length
// the proposed set's block count. A badly written answer is not an error
// (the input is the views, and every Views is valid): it gives a verdict
// that is not Legal, with the Problem named, as do blocks whose views
// differ (naming the views that differ, and what the blocks show), a
// count that is not the set's, "impossible" for solvable views, or blocks
// for views that no block set has.
func (v Views) Verify(solution string) lookup.Verdict {
	best, solvable := v.Solve()
	out := lookup.Verdict{Impossible: !solvable, Optimal: best.Count()}
	fields := strings.Fields(solution)
	if len(fields) == 1 && strings.EqualFold(fields[0], "impossible") {
		out.Legal = !solvable
		if solvable {
			out.Problem = fmt.Sprintf("the views are solvable, with %d blocks", best.Count())
		}
		return out
	}
	illegal := func(problem string) lookup.Verdict {
		out.Legal, out.Problem = false, problem
		return out
	}
	claimed := -1
	switch len(fields) {
	case 1:
	case 2:
		n, err := strconv.Atoi(fields[0])
		if err != nil || n < 0 {
			return illegal(fmt.Sprintf("bad block count %q: want impossible, or the block count and 16 hex digits", clip(fields[0], 20)))
		}
		claimed, fields = n, fields[1:]
	default:
		return illegal("want impossible, or the block count and 16 hex digits")
	}
	b, err := ParseBlocks(fields[0])
	if err != nil {
		return illegal(err.Error())
	}
	r := v.VerifyBlocks(b)
	out.Length = b.Count()
	out.Legal = r.Valid
	switch {
	case !solvable:
		out.Length = 0
		out.Problem = "no block set has these views"
	case !r.Valid:
		out.Problem = fmt.Sprintf("the blocks' %s (they show %s)", differing(r.Got, v), r.Got.Hex())
	case claimed >= 0 && claimed != b.Count():
		out.Legal = false
		out.Problem = fmt.Sprintf("says %d blocks, the set has %d", claimed, b.Count())
	}
	return out
}

// differing names the views in which got differs from want, for a
// verdict's problem: "side view differs", "top and side views differ",
// "top, front and side views differ".
func differing(got, want Views) string {
	var wrong []string
	for _, w := range []struct {
		name      string
		got, want uint16
	}{{"top", got.Top, want.Top}, {"front", got.Front, want.Front}, {"side", got.Side, want.Side}} {
		if w.got != w.want {
			wrong = append(wrong, w.name)
		}
	}
	if len(wrong) == 1 {
		return wrong[0] + " view differs"
	}
	return strings.Join(wrong[:len(wrong)-1], ", ") + " and " + wrong[len(wrong)-1] + " views differ"
}

// clip shortens s to at most n bytes, marking the cut, so that a message
// quoting a long field stays short.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// Hex returns the blocks as 16 lower-case hex digits: the first digit holds
// blocks 0..3, block 0 as its most significant bit. ParseBlocks reads it
// back.
func (b Blocks) Hex() string { return views.Blocks(b).Hex() }

// String returns Hex.
func (b Blocks) String() string { return b.Hex() }

// Count returns the number of blocks.
func (b Blocks) Count() int { return views.Blocks(b).Count() }

// Has reports whether block i (0..63) is in the set.
func (b Blocks) Has(i int) bool { return views.Blocks(b).Has(i) }

// Views returns the top, front and side views of the blocks.
func (b Blocks) Views() Views { return Views(views.Blocks(b).Views()) }

// Layer returns layer l (0 = top) as a 4x4 grid seen from above, in the
// same layout as the top view: bit 4*row+column, back row first.
func (b Blocks) Layer(l int) uint16 { return views.Blocks(b).Layer(l) }

// Draw draws the four layers side by side, top layer first, each seen from
// above like the top view (back row at the top), labelled "Layer 0:" to
// "Layer 3:".
func (b Blocks) Draw() string { return views.Blocks(b).Draw() }

// Battery runs the first n cases of the published battery (case k: the
// first 12 hex digits of the MD5 of the decimal k, six digits with leading
// zeros) on workers goroutines (< 1: one per CPU), and returns how many
// cases it ran, how many are solvable, and the blocks their answers use in
// all. The full battery gives 1000000, 5360 and 69519. n is capped at
// 1,000,000, the size of the battery; n <= 0 runs no case and gives 0, 0, 0.
func Battery(n, workers int) (cases, solvable, blocks int) {
	return views.Battery(n, workers)
}

// BatterySize is the number of cases in the battery: the six-digit
// decimals 000000 to 999999.
const BatterySize = views.BatterySize

// BatteryCase returns the views of case k of the battery. Any k is
// accepted: outside 0..999999 it gives the views from the MD5 of k written
// as for the battery ("%06d", so -1 is "-00001"), which is no case of the
// published battery.
func BatteryCase(k int) Views { return Views(views.BatteryCase(k)) }

var _ fmt.Stringer = Views{}
