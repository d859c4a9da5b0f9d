package ida

import (
	"strings"

	"github.com/godtable/godtable/internal/engine/prune"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// A look is one of a node's lower bounds: a table read at the node's
// projection, or, where the definition gives symmetries, at the projection
// of the node's conjugate by one of them. A conjugate is as far from solved
// as the node (a symmetry takes the moves to moves of the same cost), so a
// conjugate's projection's distance bounds the node's too; and it tells
// other pieces than the node's own projection, as the table seen from
// another side of the puzzle. The search moves a conjugate by the
// conjugates of the node's generators (Symmetry.Gen), so that it never
// works out a conjugate but at the start.
type look struct {
	table int // into Searcher.tables
	// sym is the symmetry the node is conjugated by, nil for the node
	// itself; gen[g] the generator conjugate g is, nil for the node itself.
	sym *ksolve.Symmetry
	gen []int
}

// looksPerTable is the most looks a table gets: the node's own and those
// of conjugates that tell other pieces. A look costs a read a child, most
// often a cache miss; 4 was about the fastest of 1, 2, 3, 4 and 6 on the
// samples with symmetries (docs/PRUNING.md, "Looks at the conjugates").
var looksPerTable = 4

// conjugateShare bounds the tables whose conjugates are looked at: those
// of at least 1/conjugateShare of the largest table's entries. A small
// table's bound is most often below a large one's, and a look costs a
// read a child whatever it tells.
var conjugateShare uint64 = 4

// chooseLooks returns the tables' looks: each table's own, then, for each
// table of at least 1/conjugateShare of the largest's entries, up to
// looksPerTable-1 conjugates whose projections tell sets of pieces that no
// table and no conjugate taken tells yet, those whose pieces the looks
// taken tell least often first (the first in the symmetries' order among
// equals). A definition with Illegal lines gets no conjugates: its
// illegal states need not be symmetric, and a conjugate's distance could
// then be more than the node's.
func chooseLooks(p *ksolve.Puzzle, tables []*prune.Table) []look {
	var looks []look
	for j := range tables {
		looks = append(looks, look{table: j})
	}
	if p.Def.HasIllegal() || looksPerTable < 2 {
		return looks
	}
	syms := p.Symmetries()
	if len(syms) < 2 {
		return looks
	}
	// A conjugate's look is the look of a table of the pieces it tells
	// (the distance of a state is its conjugate's): one that tells what a
	// table or a look taken tells is left out, whichever table it is of.
	seen := map[string]bool{}
	covered := make([][]int, len(p.Def.Sets))
	for k := range covered {
		covered[k] = make([]int, p.Def.Labels[k])
	}
	for _, t := range tables {
		seen[told(t.Projection, nil)] = true
		addCover(covered, coverOf(t.Projection, nil))
	}
	largest := uint64(0)
	for _, t := range tables {
		largest = max(largest, t.Index().Size())
	}
	for j, t := range tables {
		if t.Index().Size()*conjugateShare < largest {
			continue
		}
		pr := t.Projection
		for taken := 1; taken < looksPerTable; taken++ {
			best, bestOverlap := -1, 0
			for k := 1; k < len(syms); k++ {
				if seen[told(pr, &syms[k])] {
					continue
				}
				if o := overlap(covered, coverOf(pr, &syms[k])); best < 0 || o < bestOverlap {
					best, bestOverlap = k, o
				}
			}
			if best < 0 {
				break
			}
			s := &syms[best]
			seen[told(pr, s)] = true
			addCover(covered, coverOf(pr, s))
			looks = append(looks, look{table: j, sym: s, gen: s.Gen})
		}
	}
	return looks
}

// coverOf says, for each set and each label of the node, whether the look
// at the node's conjugate by s (nil: the node itself) tells that piece:
// the conjugate's label of a piece of label l is s.Label(k, l), which the
// projection tells or not.
func coverOf(pr prune.Projection, s *ksolve.Symmetry) [][]int {
	out := make([][]int, len(pr))
	for k, v := range pr {
		out[k] = make([]int, len(v.Track))
		for l := range v.Track {
			if v.Track[label(s, k, l)] {
				out[k][l] = 1
			}
		}
	}
	return out
}

func label(s *ksolve.Symmetry, k, l int) int {
	if s == nil {
		return l
	}
	return s.Label(k, l)
}

// told names the pieces coverOf gives, to tell looks apart.
func told(pr prune.Projection, s *ksolve.Symmetry) string {
	var b strings.Builder
	for k, c := range coverOf(pr, s) {
		for _, on := range c {
			b.WriteByte(byte('0' + on))
		}
		if pr[k].Ori {
			b.WriteByte('o')
		}
		b.WriteByte('/')
	}
	return b.String()
}

// addCover counts the pieces c tells in covered.
func addCover(covered, c [][]int) {
	for k := range c {
		for l, on := range c[k] {
			covered[k][l] += on
		}
	}
}

// overlap is how often the pieces of c are told by the looks counted in
// covered.
func overlap(covered, c [][]int) int {
	n := 0
	for k := range c {
		for l, on := range c[k] {
			n += on * covered[k][l]
		}
	}
	return n
}

// lookGen is the generator look k moves its state by when the node moves
// by generator g.
func (s *Searcher) lookGen(k, g int) int {
	if gen := s.looks[k].gen; gen != nil {
		return gen[g]
	}
	return g
}

// Looks is how many lower bounds the search reads a node: each table's
// own, and those of the conjugates it chose (looks.go).
func (s *Searcher) Looks() int { return len(s.looks) }
