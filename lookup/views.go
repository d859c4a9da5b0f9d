package lookup

import (
	"strings"

	"github.com/godtable/godtable/internal/views"
)

// Views are the top, front and side (from the right) views of blocks in a
// 4x4x4 grid. Unlike the other puzzles it is answered by an exact search,
// not a table: impossible views are found with a few bit operations, and
// the fewest blocks by a branch and bound (microseconds; the hardest case of
// the million-case battery takes well under a millisecond). Every Views
// value is a valid input; views that no block set has are reported by
// SolveViews and VerifyViews, not refused.
type Views = views.Views

// Blocks is a set of blocks: bit i is block 16*layer + 4*row + column
// (layer from the top, row from the back, column from the left). Its Hex
// method writes the 16 hex digits of SPEC, block 0 as the first digit's most
// significant bit. Every Blocks value is valid; its Has and Layer methods
// give false and 0 for an index out of range (0..63, 0..3).
type Blocks = views.Blocks

// ViewsVerdict is the outcome of VerifyViews.
type ViewsVerdict = views.Verdict

// ParseViews reads views as 12 hex digits (the top, front and side views,
// 16 bits each, left to right then top to bottom, the first digit's most
// significant bit first) or, if the text spans several lines or starts with
// a "Top:" header, as the three views drawn with x and . side by side.
// Surrounding white space is ignored. Invalid input gives zero Views and a
// one-line error naming the problem: a bad character and where it is, or the
// wrong number of hex digits, rows or cells. It is a plain error, with no type
// or class to test (unlike the other puzzles' parse errors).
func ParseViews(s string) (Views, error) {
	t := strings.TrimSpace(s)
	if strings.Contains(t, "\n") || strings.HasPrefix(strings.ToLower(t), "top") {
		return views.ParseDrawing(s)
	}
	return views.ParseHex(s)
}

// ParseBlocks reads a block set written as 16 hex digits (either case;
// surrounding white space is ignored). Invalid input gives 0 and a one-line
// plain error, as for ParseViews: a bad hex digit and its column, or the
// wrong number of digits.
func ParseBlocks(s string) (Blocks, error) { return views.ParseBlocks(s) }

// SolveViews returns a block set with exactly the views and the fewest
// blocks, or 0 and ok false if no block set has them. Among several smallest
// sets it returns the one whose 16 hex digits are smallest. Every Views is
// a valid input (empty views give the empty set).
func SolveViews(v Views) (b Blocks, ok bool) { return views.Solve(v) }

// VerifyViews checks a proposed block set: whether it has exactly the views,
// and whether it has the fewest blocks of any set that does. Every input is
// valid: for views that no block set has, Solvable, Valid and Minimal are
// false and Min is 0.
func VerifyViews(v Views, b Blocks) ViewsVerdict { return views.Verify(v, b) }

// ViewsBattery runs the first n cases of the published battery (case k: the
// first 12 hex digits of the MD5 of the decimal k, six digits with leading
// zeros) on workers goroutines (< 1: one per CPU), and returns how many
// cases it ran, how many are solvable, and the blocks their answers use in
// all. The full battery gives 1000000, 5360 and 69519. n is capped at
// 1,000,000, the size of the battery; n <= 0 runs no case and gives 0, 0, 0.
func ViewsBattery(n, workers int) (cases, solvable, blocks int) {
	return views.Battery(n, workers)
}

// ViewsBatterySize is the number of cases in the battery: the six-digit
// decimals 000000 to 999999.
const ViewsBatterySize = views.BatterySize

// ViewsBatteryCase returns the views of case k of the battery. Any k is
// accepted: outside 0..999999 it gives the views from the MD5 of k written
// as for the battery ("%06d", so -1 is "-00001"), which is no case of the
// published battery.
func ViewsBatteryCase(k int) Views { return views.BatteryCase(k) }
