package ksolve

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"sync"
)

// Metric says what a move costs.
type Metric uint8

const (
	// HTM counts every move 1 (twsearch's default).
	HTM Metric = iota
	// QTM counts a power its exponent's size: X2 costs 2 (twsearch's -q).
	QTM
)

// ParseMetric reads "htm" or "qtm" in either case ("" is htm).
func ParseMetric(s string) (Metric, error) {
	switch strings.ToLower(s) {
	case "", "htm":
		return HTM, nil
	case "qtm":
		return QTM, nil
	}
	return 0, fmt.Errorf("unknown metric %q (want htm or qtm)", s)
}

func (m Metric) String() string {
	if m == QTM {
		return "qtm"
	}
	return "htm"
}

// Puzzle is a definition with the moves a search makes: the metric and an
// optional restriction of the moves.
type Puzzle struct {
	Def    *Def
	Metric Metric
	// Restrict is the move restriction, as normalised by NewPuzzle ("" for
	// none).
	Restrict string
	// Moves are the moves answers are written in, in the definition's order.
	Moves []Move
	// Cost is each move's cost in the metric.
	Cost []int
	// Turn is each move's signed exponent in terms of its (possibly
	// restricted) base: a move of Turn ±1 is a generator.
	Turn []int
	// Order is each move's base's order, as restricted.
	Order []int
	// Gens are the moves of the table's graph (indices into Moves), in
	// name order: every move in HTM; in QTM the moves of cost 1, of which
	// the others are made.
	Gens []int
	// reach keeps Reachable's count, worked out once: the index's
	// planning, gen and the build's check each ask for it.
	reach struct {
		once  sync.Once
		n     *big.Int
		exact bool
	}
	// member decides Contains, its chain made on first use.
	member members
}

// MaxSearchMoves is the most moves a puzzle's search and answers take,
// every power counted: a solution numbers its moves in a byte.
const MaxSearchMoves = 256

// NewPuzzle returns the puzzle of d in the metric, its moves restricted to
// the listed ones (names separated by commas or spaces; "" for every move)
// as twsearch's --moves restricts them: a listed power X^k keeps the powers
// of X that are multiples of k, and k must divide X's order.
func NewPuzzle(d *Def, metric Metric, restrict string) (*Puzzle, error) {
	if metric == QTM && d.HasIllegal() {
		// A power costs its quarter turns, and the table's graph makes it
		// of them, but they may pass states the power itself skips.
		return nil, fmt.Errorf("%s: the qtm metric is not supported with Illegal lines (a power's quarter turns may pass illegal states): use htm", d.Name)
	}
	p := &Puzzle{Def: d, Metric: metric}
	inc := make([]int, len(d.Bases)) // 0: base left out
	if strings.TrimSpace(restrict) == "" {
		for b, base := range d.Bases {
			if base.Kind == Plain || base.Kind == Sequence {
				inc[b] = 1
			}
		}
	} else {
		names := strings.FieldsFunc(restrict, func(r rune) bool { return r == ',' || r <= ' ' })
		for _, name := range names {
			mi := -1
			for i, m := range d.Moves {
				if m.Name == name {
					mi = i
				}
			}
			if mi < 0 {
				return nil, fmt.Errorf("--moves: %q is not a move of %s", name, d.Name)
			}
			m := d.Moves[mi]
			base := d.Bases[m.Base]
			switch {
			case base.Kind == Alias:
				return nil, fmt.Errorf("--moves: %s is an alias, not a move the search makes", name)
			case inc[m.Base] != 0:
				return nil, fmt.Errorf("--moves: %s lists a second power of %s (list each base move once)", name, base.Name)
			case base.Order%m.Power != 0:
				return nil, fmt.Errorf("--moves: %s is not a simplest power of %s (its exponent must divide %d)", name, base.Name, base.Order)
			}
			inc[m.Base] = m.Power
		}
		p.Restrict = strings.Join(names, ",")
	}
	for _, m := range d.Moves {
		k := inc[m.Base]
		if k == 0 || m.Power%k != 0 {
			continue
		}
		order := d.Bases[m.Base].Order / k
		tw := signedTurn(m.Power/k, order)
		cost := 1
		if metric == QTM {
			cost = max(tw, -tw)
		}
		if cost == 1 {
			p.Gens = append(p.Gens, len(p.Moves))
		}
		p.Moves = append(p.Moves, m)
		p.Cost = append(p.Cost, cost)
		p.Turn = append(p.Turn, tw)
		p.Order = append(p.Order, order)
	}
	if len(p.Moves) == 0 {
		return nil, fmt.Errorf("%s: no moves to search with", d.Name)
	}
	if len(p.Moves) > MaxSearchMoves {
		return nil, fmt.Errorf("%s: %d moves to search with, powers included (at most %d): restrict them with --moves", d.Name, len(p.Moves), MaxSearchMoves)
	}
	// The generators in name order, so that the table does not depend on
	// the order the file gives the moves in.
	slices.SortFunc(p.Gens, func(a, b int) int { return strings.Compare(p.Moves[a].Name, p.Moves[b].Name) })
	return p, nil
}

// Paths returns, for move i, the sequences of generators (indices into
// Gens) that make it at its cost: itself in HTM; in QTM |Turn| quarter
// turns one way, and also the other way for a half turn.
func (p *Puzzle) Paths(i int) [][]int {
	gi := func(move int) int {
		for k, g := range p.Gens {
			if g == move {
				return k
			}
		}
		return -1
	}
	if p.Cost[i] == 1 {
		return [][]int{{gi(i)}}
	}
	// The base's quarter turns: the moves of the same base with Turn ±1.
	plus, minus := -1, -1
	for k, m := range p.Moves {
		if m.Base == p.Moves[i].Base {
			switch p.Turn[k] {
			case 1:
				plus = gi(k)
			case -1:
				minus = gi(k)
			}
		}
	}
	tw := p.Turn[i]
	rep := func(g, n int) []int {
		path := make([]int, n)
		for k := range path {
			path[k] = g
		}
		return path
	}
	if tw > 0 {
		paths := [][]int{rep(plus, tw)}
		if 2*tw == p.Order[i] && minus >= 0 {
			paths = append(paths, rep(minus, tw))
		}
		return paths
	}
	return [][]int{rep(minus, -tw)}
}

// InverseMove returns the index of the move undoing move i.
func (p *Puzzle) InverseMove(i int) int {
	m := p.Moves[i]
	for k, o := range p.Moves {
		if o.Base == m.Base && (o.Power+m.Power)%p.Def.Bases[m.Base].Order == 0 {
			return k
		}
	}
	return -1
}
