package lookup

import (
	"strings"

	"github.com/godtable/godtable/internal/views"
)

// Views are the top, front and side (from the right) views of blocks in a
// 4x4x4 grid. Unlike the other puzzles it is answered by an exact search,
// not a table: impossible views are found with a few bit operations, and
// the fewest blocks by a branch and bound (microseconds; the hardest case of
// the million-case battery takes well under a millisecond).
type Views = views.Views

// Blocks is a set of blocks: bit i is block 16*layer + 4*row + column
// (layer from the top, row from the back, column from the left). Its Hex
// method writes the 16 hex digits of SPEC, block 0 as the first digit's most
// significant bit.
type Blocks = views.Blocks

// ViewsVerdict is the outcome of VerifyViews.
type ViewsVerdict = views.Verdict

// ParseViews reads views as 12 hex digits (the top, front and side views,
// 16 bits each, left to right then top to bottom, the first digit's most
// significant bit first) or, if the text spans several lines or starts with
// a "Top:" header, as the three views drawn with x and . side by side.
// Invalid input gives a one-line error naming the problem.
func ParseViews(s string) (Views, error) {
	t := strings.TrimSpace(s)
	if strings.Contains(t, "\n") || strings.HasPrefix(strings.ToLower(t), "top") {
		return views.ParseDrawing(s)
	}
	return views.ParseHex(s)
}

// ParseBlocks reads a block set written as 16 hex digits.
func ParseBlocks(s string) (Blocks, error) { return views.ParseBlocks(s) }

// SolveViews returns a block set with exactly the views and the fewest
// blocks, or ok false if no block set has them. Among several smallest sets
// it returns the one whose 16 hex digits are smallest.
func SolveViews(v Views) (b Blocks, ok bool) { return views.Solve(v) }

// VerifyViews checks a proposed block set: whether it has exactly the views,
// and whether it has the fewest blocks of any set that does.
func VerifyViews(v Views, b Blocks) ViewsVerdict { return views.Verify(v, b) }

// ViewsBattery runs the first n cases of the published battery (case k: the
// first 12 hex digits of the MD5 of the decimal k, six digits with leading
// zeros) on workers goroutines (< 1: one per CPU), and returns how many
// cases it ran, how many are solvable, and the blocks their answers use in
// all. The full battery gives 1000000, 5360 and 69519.
func ViewsBattery(n, workers int) (cases, solvable, blocks int) {
	return views.Battery(n, workers)
}

// ViewsBatteryCase returns the views of case k of the battery.
func ViewsBatteryCase(k int) Views { return views.BatteryCase(k) }
