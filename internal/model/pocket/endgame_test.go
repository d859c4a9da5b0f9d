package pocket

import (
	"testing"

	"github.com/godtable/godtable/internal/model/puzzle"
)

// tableWalk walks through the table from the position of permutation p and
// twist halves t, at level v, after a turn of face last, with the walk's
// own steps and no endgame, for at most max steps: the moves, and whether
// every step found a move.
func tableWalk(data []byte, qtm bool, p, t uint32, v uint8, last, max int) (tail, bool) {
	w := theWalkTables()
	var moves tail
	var lv [9]uint8
	known := false
	for n := 0; p|t != 0; n++ {
		if n >= max {
			return moves, false
		}
		var m int
		if qtm {
			m, p, t, v, known = qtmWalk{w, nil}.step(data, p, t, v, last, &lv, known)
		} else {
			m, p, t, v = htmWalk{w, nil}.step(data, p, t, v, last)
		}
		if m < 0 {
			return moves, false
		}
		moves = moves.plus(Move(m))
		last = m / 3
	}
	return moves, true
}

// Every endgame entry holds what the walk through the table does from its
// position after a turn of each face (or none), and every position within
// its radius of the goal has one.
func TestEndgame(t *testing.T) {
	for _, def := range []*puzzle.Def{HTM(), QTM()} {
		t.Run(def.Name, func(t *testing.T) {
			qtm := def == QTM()
			lv := embeddedLevels(t, def)
			data := lv.Packed()
			rule := newEndgameRule(qtm)
			want := map[bool]int{false: 2232, true: 2944}[qtm]
			if len(rule.rank) != want {
				t.Errorf("%d positions within %d moves, want %d (SPEC.md's counts)", len(rule.rank), rule.radius, want)
			}
			end := newEndgame(qtm)
			for i, r := range rule.rank {
				p, tw := r/NTwist, halves(r%NTwist)
				v := lv.At(uint64(r))
				if d := rule.dist[i]; int(d)%3 != int(v) {
					t.Fatalf("rank %d: distance %d, the table's level %d", r, d, v)
				}
				first, _ := end.tail(p, tw, -1)
				for last := -1; last < 3; last++ {
					if !qtm && first.len() > 0 && last == int(first.first())/3 {
						// No half-turn walk arrives so: the turn that
						// led here and the first one would be one move
						// of the face that descends two.
						continue
					}
					got, found := end.tail(p, tw, last)
					walked, ok := tableWalk(data, qtm, p, tw, v, last, rule.radius)
					if last == -1 && (!found || !ok) {
						t.Fatalf("rank %d: in the endgame %v, walked %v", r, found, ok)
					}
					if found && (!ok || got != walked) {
						t.Fatalf("rank %d after face %d: endgame %d, the walk %d (%v)", r, last, got, walked, ok)
					}
				}
			}
			// Positions farther out are not in it.
			near := map[uint32]bool{}
			for _, r := range rule.rank {
				near[r] = true
			}
			for r := uint32(0); r < NStates; r += 997 {
				if _, in := end.tail(r/NTwist, halves(r%NTwist), -1); in != near[r] {
					t.Errorf("rank %d: in the endgame %v, within %d moves %v", r, in, rule.radius, near[r])
				}
			}
		})
	}
}

// The walk's guess of its start's distance is the likeliest of those its
// level (and in QTM its parity) allows, by the table's distance counts, and
// right for the share of positions docs/MEASUREMENTS.md gives; each endgame is 64 KB.
func TestEndgameGuesses(t *testing.T) {
	for _, def := range []*puzzle.Def{HTM(), QTM()} {
		t.Run(def.Name, func(t *testing.T) {
			qtm := def == QTM()
			counts := embeddedLevels(t, def).Counts
			end := newEndgame(qtm)
			if size := 8 * len(end.slots); size != 64<<10 {
				t.Errorf("endgame of %d bytes, want 64 KB", size)
			}
			parity := func(d int) int {
				if qtm {
					return d % 2
				}
				return 0
			}
			right, total := 0, 0
			for d, n := range counts {
				g := end.guess[d%3][parity(d)]
				if c := counts[g]; c < n {
					t.Errorf("distance %d: %d positions, more than the guess %d's %d", d, n, g, c)
				}
				if g == d {
					right += int(n)
				}
				total += int(n)
			}
			share := map[bool]float64{false: 0.92, true: 0.988}[qtm]
			if got := float64(right) / float64(total); got < share-0.0005 || got > share+0.005 {
				t.Errorf("the guess is right for %.4f of the positions, docs/MEASUREMENTS.md says %.3f", got, share)
			}
		})
	}
}
