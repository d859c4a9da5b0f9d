package walk

import (
	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/table"
)

// MaxCoords is the most coordinates a multi-coordinate walk takes.
const MaxCoords = 3

// A multi-coordinate position is solved when any one of its coordinates
// reaches the goal: the rotation game's board is solved when the centre holds
// eight 1s, or eight 2s, or eight 3s, and each number's placement is a
// coordinate in the same table. Its optimal solutions are the union of the
// coordinates' optimal solutions, over the coordinates nearest the goal.

type multi struct {
	n    int
	s    [MaxCoords]puzzle.State
	v    [MaxCoords]uint8
	mask uint8 // coordinates still on an optimal path
}

// start returns the position's candidates (the nearest coordinates) and their
// distance.
func (w *Walker) start(coords []puzzle.State) (multi, int, error) {
	var p multi
	if len(coords) == 0 || len(coords) > MaxCoords {
		panic("walk: bad number of coordinates")
	}
	p.n = len(coords)
	best := -1
	var dist [MaxCoords]int
	var firstErr error
	for k, s := range coords {
		p.s[k] = s
		p.v[k] = w.lv.At(w.def.Rank(s))
		d, err := w.Distance(s)
		if err != nil {
			dist[k] = -1
			firstErr = err
			continue
		}
		dist[k] = d
		if best < 0 || d < best {
			best = d
		}
	}
	if best < 0 {
		return p, 0, firstErr
	}
	for k := range coords {
		if dist[k] == best {
			p.mask |= 1 << k
		}
	}
	return p, best, nil
}

// next follows step i from every candidate; the result keeps the candidates
// that descended.
func (w *Walker) next(p multi, i int) multi {
	q := p
	q.mask = 0
	for k := 0; k < p.n; k++ {
		if p.mask&(1<<k) == 0 {
			continue
		}
		if t, tv, ok := w.descend(p.s[k], p.v[k], i); ok {
			q.s[k], q.v[k] = t, tv
			q.mask |= 1 << k
		}
	}
	return q
}

// SolveAny appends to dst the first optimal solution of a multi-coordinate
// position and returns which coordinate it brings to the goal.
func (w *Walker) SolveAny(coords []puzzle.State, dst []uint8) ([]uint8, int, error) {
	if w.simple != nil && w.def.LowerBound != nil && w.lv.Encoding == table.Mod3 {
		return w.solveAnyBounded(coords, dst)
	}
	p, d, err := w.start(coords)
	if err != nil {
		return dst, -1, err
	}
	last := -1
	for d > 0 {
		found := false
		for i := range w.steps {
			g := w.group(i)
			if g >= 0 && g == last {
				continue
			}
			if q := w.next(p, i); q.mask != 0 && w.continuesAny(q, g) {
				p, d, last, found = q, d-w.Cost(i), g, true
				dst = append(dst, uint8(i))
				break
			}
		}
		if !found || d < 0 {
			return dst, -1, ErrInconsistent
		}
	}
	for k := 0; k < p.n; k++ {
		if p.mask&(1<<k) != 0 && w.IsGoal(p.s[k]) {
			return dst, k, nil
		}
	}
	return dst, -1, ErrInconsistent
}

// solveAnyBounded is SolveAny for steps that are single table moves, with
// the puzzle's lower bound: the coordinates are walked one after another,
// the likeliest nearest first, each along its own first optimal path.
// Once one has reached the goal in D steps, another is given up as soon as
// it cannot do better: when its steps so far plus a lower bound on what is
// left exceed D, or equal D while its path already runs after the best one
// in step order. The lower bound is the puzzle's, raised to the table's
// distance mod 3.
func (w *Walker) solveAnyBounded(coords []puzzle.State, dst []uint8) ([]uint8, int, error) {
	if len(coords) == 0 || len(coords) > MaxCoords {
		panic("walk: bad number of coordinates")
	}
	rank, lv := w.def.Rank, w.lv
	bound := func(s puzzle.State, v uint8) int {
		b := w.def.LowerBound(s)
		for b%3 != int(v) {
			b++
		}
		return b
	}
	var (
		order [MaxCoords]int
		lb    [MaxCoords]int
		v     [MaxCoords]uint8
		n     int
	)
	for k, c := range coords {
		r := rank(c)
		if !lv.Reachable(r) {
			continue
		}
		v[k] = lv.At(r)
		lb[k] = bound(c, v[k])
		// Insertion by bound, stable on ties.
		i := n
		for i > 0 && lb[order[i-1]] > lb[k] {
			order[i] = order[i-1]
			i--
		}
		order[i] = k
		n++
	}
	if n == 0 {
		return dst, -1, ErrUnreachable
	}
	var best, path [MaxSteps]uint8
	bestK, bestD := -1, MaxSteps+1
	for _, k := range order[:n] {
		if lb[k] > bestD {
			continue
		}
		s, sv := coords[k], v[k]
		r := rank(s)
		cmp := 0 // path so far against best: -1 before it, 0 its prefix, 1 after
		last := -1
		for t := 0; ; t++ {
			if r == w.goal {
				if t < bestD || cmp < 0 {
					best, bestD, bestK = path, t, k
				}
				break
			}
			if t >= bestD || t == MaxSteps || t > lv.MaxDistance() {
				break
			}
			if bestK >= 0 {
				if b := t + bound(s, sv); b > bestD || b == bestD && cmp > 0 {
					break
				}
			}
			i, ns, nr, ok := w.firstDescent(s, sv, last)
			if !ok {
				return dst, -1, ErrInconsistent
			}
			s, r, sv, last = ns, nr, lv.Below(sv), i
			path[t] = uint8(i)
			if cmp == 0 && bestK >= 0 && t < bestD {
				switch {
				case path[t] < best[t]:
					cmp = -1
				case path[t] > best[t]:
					cmp = 1
				}
			}
		}
	}
	if bestK < 0 {
		return dst, -1, ErrInconsistent
	}
	return append(dst, best[:bestD]...), bestK, nil
}

// firstDescent returns the first step, in step order, that takes s (at level
// v) one nearer the goal, with the state and rank it reaches. The step that
// undoes the previous one (last) goes back one farther, so it is not tried.
func (w *Walker) firstDescent(s puzzle.State, v uint8, last int) (int, puzzle.State, uint32, bool) {
	apply, rank, lv := w.def.Apply, w.def.Rank, w.lv
	want := lv.Below(v)
	skip := -1
	if last >= 0 {
		skip = w.undo[last]
	}
	for i, m := range w.simple {
		if i == skip {
			continue
		}
		t := apply(s, m)
		tr := rank(t)
		if lv.At(tr) == want {
			return i, t, tr, true
		}
	}
	return -1, s, 0, false
}

type memoKey struct {
	r    [MaxCoords]uint32
	mask uint8
	last int16
}

// Count returns the number of distinct optimal solutions of a position of
// one or more coordinates (saturating at the largest uint64).
func (w *Walker) Count(coords []puzzle.State) (uint64, error) {
	p, d, err := w.start(coords)
	if err != nil {
		return 0, err
	}
	memo := make(map[memoKey]uint64)
	var count func(p multi, d, last int) uint64
	count = func(p multi, d, last int) uint64 {
		if d == 0 {
			return 1
		}
		key := memoKey{mask: p.mask, last: int16(last)}
		for k := 0; k < p.n; k++ {
			if p.mask&(1<<k) != 0 {
				key.r[k] = w.def.Rank(p.s[k])
			}
		}
		if c, ok := memo[key]; ok {
			return c
		}
		var total uint64
		for i := range w.steps {
			g := w.group(i)
			if g >= 0 && g == last {
				continue
			}
			if c := w.Cost(i); c > d {
				continue
			}
			if q := w.next(p, i); q.mask != 0 {
				c := count(q, d-w.Cost(i), g)
				if total+c < total {
					total = ^uint64(0)
				} else {
					total += c
				}
			}
		}
		memo[key] = total
		return total
	}
	return count(p, d, -1), nil
}

// All returns every optimal solution of a position, in step order, stopping
// after limit solutions; truncated says whether there were more.
func (w *Walker) All(coords []puzzle.State, limit int) (sols [][]uint8, truncated bool, err error) {
	p, d, err := w.start(coords)
	if err != nil {
		return nil, false, err
	}
	path := make([]uint8, 0, MaxSteps)
	var walk func(p multi, d, last int) bool
	walk = func(p multi, d, last int) bool {
		if d == 0 {
			if len(sols) == limit {
				truncated = true
				return false
			}
			sols = append(sols, append([]uint8(nil), path...))
			return true
		}
		for i := range w.steps {
			g := w.group(i)
			if g >= 0 && g == last {
				continue
			}
			if w.Cost(i) > d {
				continue
			}
			if q := w.next(p, i); q.mask != 0 {
				path = append(path, uint8(i))
				more := walk(q, d-w.Cost(i), g)
				path = path[:len(path)-1]
				if !more {
					return false
				}
			}
		}
		return true
	}
	walk(p, d, -1)
	return sols, truncated, nil
}

// continuesAny is continues for a multi-coordinate position.
func (w *Walker) continuesAny(p multi, g int) bool {
	for k := 0; k < p.n; k++ {
		if p.mask&(1<<k) != 0 && w.continues(p.s[k], p.v[k], g) {
			return true
		}
	}
	return false
}
