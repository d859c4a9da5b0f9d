package app

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/godtable/godtable/internal/app/cli"
)

// normalName is a puzzle's name as Resolve compares it: in lower case,
// without spaces, hyphens or underscores ("Pocket Cube", "pocket-cube" and
// "pocketcube" are one name).
func normalName(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		return r
	}, strings.ToLower(s))
}

// namesOf are a puzzle's names: its own, then its aliases.
func namesOf(p cli.Puzzle) []string {
	names := []string{p.Name()}
	if a, ok := p.(cli.Aliaser); ok {
		names = append(names, a.Aliases()...)
	}
	return names
}

// Resolve returns the puzzle a name on the command line stands for: a
// puzzle's name or one of its aliases (the WCA event ID, "2x2", ...), in
// any case. For any other name it returns nil and a one-line error that
// names the puzzles and, for a near miss, the one probably meant.
func Resolve(name string) (cli.Puzzle, error) {
	want := normalName(name)
	for _, p := range puzzles() {
		for _, n := range namesOf(p) {
			if normalName(n) == want {
				return p, nil
			}
		}
	}
	list := strings.Join(PuzzleNames(), ", ")
	if p := nearest(want); p != nil {
		return nil, fmt.Errorf("unknown puzzle %q: did you mean %s? (puzzles: %s)", name, p.Name(), list)
	}
	return nil, fmt.Errorf("unknown puzzle %q (puzzles: %s)", name, list)
}

// nearest is the puzzle whose name or alias is nearest want, if one is near
// enough to be what was meant: at most two letters off (one for a name of
// four letters or fewer), or a part of the name ("cube", "pyramin").
func nearest(want string) cli.Puzzle {
	var best cli.Puzzle
	bestDist := 3
	for _, p := range puzzles() {
		for _, n := range namesOf(p) {
			n = normalName(n)
			d := editDistance(want, n)
			if len(want) >= 3 && (strings.Contains(n, want) || strings.HasPrefix(want, n)) {
				d = min(d, 1)
			}
			limit := 2
			if len(n) <= 4 {
				limit = 1
			}
			if d <= limit && d < bestDist {
				best, bestDist = p, d
			}
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Version is the command's version, from the build's own record: the
// module's version (a tag, or a pseudo-version of the commit it was built
// from), else the commit, marked "+dirty" for a tree with changes, and the
// Go release that built it.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if v == "" || v == "(devel)" {
		v = "(devel)"
		if rev != "" {
			v = rev[:min(12, len(rev))]
			if modified == "true" {
				v += "+dirty"
			}
		}
	}
	return v + " " + bi.GoVersion
}
