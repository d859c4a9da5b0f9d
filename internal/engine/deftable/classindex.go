package deftable

import (
	"context"
	"crypto/sha256"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"time"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/engine/symindex"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/internal/model/puzzle"
)

// searchClassIndex builds a table keyed by an index of the classes
// (symindex, table.SymClassIndex) by a search over that index, two bits a
// class and nothing a state: the search's levels are the table's bytes.
func searchClassIndex(ctx context.Context, p *ksolve.Puzzle, x *permindex.Index, goal uint64, sy *symmetric, opt BuildOptions) (*Table, error) {
	ci, err := symindex.New(p, sy.syms, nil)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cgoal, ok := ci.Index(p.Def.Solved)
	if !ok {
		return nil, fmt.Errorf("%s: the solved state has no class index", p.Def.Name)
	}
	sy.ci = ci
	id := classIndexID(p, x, sy)
	so := symindex.SearchOptions{Workers: opt.Workers, Checkpoint: opt.Checkpoint, CheckpointAfter: opt.CheckpointAfter, ID: id}
	if opt.Progress != nil {
		// Told at the end of each distance: the indices reached are its
		// classes, one index each.
		start, found := time.Now(), uint64(1)
		so.Progress = func(d int, classes, _ uint64) {
			found += classes
			opt.Progress(bfs.Progress{Level: d + 1, Found: found, Size: ci.Size(), Elapsed: time.Since(start)})
		}
	}
	lv, err := ci.Search(ctx, cgoal, so)
	if err != nil {
		return nil, err
	}
	reached, err := checkReached(p, lv.StateCounts, false)
	if err != nil {
		return nil, err
	}
	def := walkDef(p, x, goal, id, sy)
	packed := lv.Packed()
	h, err := table.ClassIndexHeader(def, packed, lv.StateCounts, lv.ClassCounts)
	if err != nil {
		return nil, err
	}
	cl := table.ClassIndexLevels(def, h, packed)
	if opt.Facts != "" {
		cl.Facts = fmt.Sprintf("%sreachable=%d\nindexed=%d\nclasses=%d\nsymmetries=%d\nclass-index=%d\nparity-ties=%d\n",
			opt.Facts, reached, x.Size(), cl.Classes, len(sy.syms), ci.Size(), ci.ParityTies())
	}
	runtime.GC()
	t := newTable(p, x, id, def, cl, sy)
	t.Resumed = lv.Resumed
	return t, nil
}

// classIndexID is the ID of a table keyed by a class index: a table of
// classes' ID, and the index's numbering (symindex's, as New chooses its
// split), so that it is never taken for a table of states or of classes
// by their least state.
func classIndexID(p *ksolve.Puzzle, x *permindex.Index, sy *symmetric) [32]byte {
	numbering, err := symindex.Numbering(p)
	if err != nil {
		numbering = "none"
	}
	return classIndexIDOf(p, x, sy, numbering)
}

// classIndexIDOf is classIndexID with symindex's numbering given: "1"
// is what every class index was numbered by before an index within a set
// was numbered compactly.
func classIndexIDOf(p *ksolve.Puzzle, x *permindex.Index, sy *symmetric, numbering string) [32]byte {
	h := sha256.New()
	id := classID(p, x, sy)
	h.Write(id[:])
	fmt.Fprintf(h, "class index 1")
	if numbering != "1" {
		// The first numbering's fingerprint stays what it was, so that
		// its tables still read.
		fmt.Fprintf(h, ", numbering %s", numbering)
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// classEntry is the class index of the state of index r, or
// puzzle.NoEntry where it has none.
func (sy *symmetric) classEntry(r uint64) uint64 {
	e, ok := sy.ci.Index(sy.x.State(r))
	if !ok {
		return puzzle.NoEntry
	}
	return e
}

// ClassIndexed says whether the table is keyed by an index of its
// classes (gen --class-index) rather than by their least states.
func (t *Table) ClassIndexed() bool { return t.sym != nil && t.sym.ci != nil }

// classIndexAntipodes is AntipodesProgress for a table keyed by a class
// index: its entries at the largest distance's level, each with no
// neighbour (from the index's tables alone) at the next level and a walk
// as long, each class taken whole. The entries are in no order of the
// states', so every one is looked at unless all the antipodes are found
// first.
func (t *Table) classIndexAntipodes(n, most int, progress func(done, total uint64)) ([]uint64, error) {
	ci := t.sym.ci
	size := ci.Size()
	span := antipodeChunkWords * 32
	chunks := int((size + span - 1) / span)
	v, up := uint8(most%3), uint8(most+1)%3
	all := t.lv.Counts[most]
	found, err := inChunks(chunks, progressIn(progress, size, span),
		func() func(c int) ([]uint64, error) {
			return func(c int) ([]uint64, error) {
				var far []uint64
				for e := uint64(c) * span; e < min(size, uint64(c+1)*span); e++ {
					if t.lv.AtEntry(e) != v || !ci.Canonical(e) {
						continue
					}
					ok, err := t.entryPeak(e, up, most)
					if err != nil {
						return nil, err
					}
					if ok {
						st, _ := ci.State(e)
						r, _ := t.Index.Index(st)
						far = append(far, t.sym.orbit(r)...)
					}
				}
				return far, checked(t.lv, nil)
			}
		},
		func(found []uint64, _ int) bool { return uint64(len(found)) == all })
	if err != nil {
		return nil, err
	}
	slices.Sort(found)
	settled(progress, size)
	return found[:min(n, len(found))], nil
}

// entryPeak says whether the class of entry e, at the largest distance's
// level, is at the largest distance most: no neighbour at level up, and
// its walk as long.
func (t *Table) entryPeak(e uint64, up uint8, most int) (bool, error) {
	ci := t.sym.ci
	for g := range t.Index.Degree() {
		if nb, ok := ci.Neighbor(e, g); ok && t.lv.AtEntry(nb) == up {
			return false, nil
		}
	}
	st, ok := ci.State(e)
	if !ok {
		return false, nil
	}
	r, ok := t.Index.Index(st)
	if !ok {
		return false, fmt.Errorf("%s: class index %d's state has no index", t.Puzzle.Def.Name, e)
	}
	return t.farthest(r, most)
}

// checkClassIndex is DeepCheck for a table keyed by a class index: the
// search over the index again, its levels compared with the table's, and
// its counts.
func (t *Table) checkClassIndex(ctx context.Context, opt CheckOptions) error {
	fresh, err := Build(ctx, t.Puzzle, BuildOptions{Workers: opt.Workers, ClassIndex: true})
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		return fmt.Errorf("the search that checks it: %v", err)
	}
	if !fresh.ClassIndexed() || fresh.ID != t.ID {
		return fmt.Errorf("%s: the search that checks it made no table of the same class index", t.Puzzle.Def.Name)
	}
	a, b := fresh.lv.Packed(), t.lv.Packed()
	if len(a) != len(b) {
		return &DeepError{Detail: fmt.Sprintf("the search makes %d bytes of class indices, the table has %d", len(a), len(b))}
	}
	for i := range a {
		x := a[i] ^ b[i]
		if x == 0 {
			continue
		}
		e := 4*uint64(i) + uint64(bits.TrailingZeros8(x))/2
		u := t.lv.AtEntry(e)
		st, ok := fresh.sym.ci.State(e)
		if fresh.lv.AtEntry(e) == 3 || !ok {
			return &DeepError{Index: e, Detail: fmt.Sprintf("class index %d stands for no reachable class, the table gives it level %d", e, u)}
		}
		r, _ := t.Index.Index(st)
		d, err := fresh.distance(r)
		if err != nil {
			return err
		}
		return &DeepError{Index: e, Detail: fmt.Sprintf("the class of class index %d is %s from the goal, the table says %s", e, moves(d), says(u, d))}
	}
	if err := compareCounts("classes", fresh.lv.ClassCounts, t.lv.ClassCounts); err != nil {
		return err
	}
	return compareCounts("states", fresh.lv.Counts, t.lv.Counts)
}

// PlanClassIndex returns the size of p's class index and the memory a
// build over it takes (BuildOptions.ClassIndex): the index's two bits an
// index, which become the table, its own tables, and the state index's
// move tables, which the table's walk reads. It makes the class index's
// tables to know them: a few seconds at most.
func PlanClassIndex(p *ksolve.Puzzle) (indices, memory uint64, err error) {
	sy := symmetriesOf(p, nil)
	if sy == nil {
		return 0, 0, fmt.Errorf("%s: a class index needs symmetries of the search, and this one keeps every state", p.Def.Name)
	}
	_, tables, err := permindex.Plan(p)
	if err != nil {
		return 0, 0, err
	}
	ci, err := symindex.New(p, sy.syms, nil)
	if err != nil {
		return 0, 0, err
	}
	return ci.Size(), (ci.Size()+31)/32*8 + ci.TableBytes() + tables, nil
}

// An IndexChoice is the index a build of a puzzle searches by default,
// and why: ChooseClassIndex's answer.
type IndexChoice struct {
	// ClassIndex says that the build searches an index of the classes
	// (BuildOptions.ClassIndex).
	ClassIndex bool
	// Why says why, in a phrase: what the class index saves, or why it
	// is not searched.
	Why string
	// Indices and Memory are the chosen index's size and the memory its
	// build takes, as Plan or, for a class index, an estimate of
	// PlanClassIndex made without its tables.
	Indices, Memory uint64
}

// ChooseClassIndex says whether a build of p, with its symmetries
// (BuildOptions.NoSymmetry false), searches an index of its classes by
// default: where p has symmetries, its state index has at least
// searchClassesFrom states (below, the search of the states and its
// reduction take a few megabytes over the runtime's own, and the class
// index's tables as much, for no time: docs/MEASUREMENTS.md, "Which index
// gen searches"), a set of at most symindex.MaxA states splits it
// into A and a B of more than one state (one set alone is numbered by a
// table of five bytes a state of A), and the class index's two bits an
// index and its tables come to less than the default build's memory.
// It works out sizes alone, and makes no table.
func ChooseClassIndex(p *ksolve.Puzzle) (IndexChoice, error) {
	size, memory, err := Plan(p, false)
	if err != nil {
		return IndexChoice{}, err
	}
	states := IndexChoice{Indices: size, Memory: memory}
	n := Symmetries(p)
	if n < 2 {
		states.Why = "no symmetries"
		return states, nil
	}
	if size < searchClassesFrom {
		states.Why = fmt.Sprintf("%d states indexed, under %d, where a search of the states takes about the memory and time of the class index's", size, searchClassesFrom)
		return states, nil
	}
	indices, tableBytes, statesB, err := symindex.Estimate(p, n)
	if err != nil {
		states.Why = fmt.Sprintf("it has none: %v", err)
		return states, nil
	}
	if statesB < 2 {
		states.Why = "one set, which a class index numbers by a table of five bytes a state"
		return states, nil
	}
	_, tables, err := permindex.Plan(p)
	if err != nil {
		return IndexChoice{}, err
	}
	need := (indices+31)/32*8 + tableBytes + tables
	if need >= memory {
		states.Why = fmt.Sprintf("its class index would take about %.1f MB, the states' search %.1f MB", megabytes(need), megabytes(memory))
		return states, nil
	}
	return IndexChoice{ClassIndex: true, Indices: indices, Memory: need,
		Why: fmt.Sprintf("about %d indices of two bits and %.1f MB of tables, where the states' search takes %.1f MB", indices, megabytes(tableBytes+tables), megabytes(memory))}, nil
}

// megabytes is n bytes in MB (2^20 bytes).
func megabytes(n uint64) float64 { return float64(n) / (1 << 20) }
