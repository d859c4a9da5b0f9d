package deftable

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/engine/walk"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/puzzle"
	"github.com/godtable/godtable/internal/support/answer"
)

// A table's checksums say its bytes are the ones written; they cannot say
// the distances written were right. A search resumed from a damaged
// checkpoint or work directory writes a table whose every checksum
// matches, whose counts even add up to the right total, and whose answers
// are not optimal. DeepCheck proves the distances themselves.
//
// A table keeps each distance mod 3, and mod 3 a state's neighbours are
// always within one of it: no check of each state against its neighbours
// alone can prove such a table exact (around a cycle of six states, levels
// 0 1 2 0 1 2 have every state but the goal one step above a neighbour,
// yet the sixth state is the goal's neighbour). What makes it exact is
// what a breadth-first search establishes one distance at a time: the goal
// alone at 0; every unseen neighbour of a state at d at d+1, so that no
// neighbour is more than one apart; every state at d+1 with a neighbour at
// d, one nearer; and the states never reached unreachable. So the check is
// that search, over the table's own graph (its generators: in QTM the
// quarter turns, of which a move of cost k is k), from its own definition,
// in memory on every core, and at each distance every state it reaches
// must hold that distance in the table: it costs what the build's search
// costs, and stops at the first state that differs. A table of classes is
// searched again by classes, as it was built, and compared whole: its
// representatives, their levels and its counts.

// CheckOptions tune DeepCheck.
type CheckOptions struct {
	// Workers is the number of goroutines (0: one a core).
	Workers int
	// Progress, if set, is told how the search goes about every
	// ReportEvery.
	Progress    func(bfs.Progress)
	ReportEvery time.Duration
}

// ErrNotExact is the class of DeepCheck's error for a table whose
// distances are not the puzzle's.
var ErrNotExact = errors.New("the table's distances are wrong")

// DeepError is a table DeepCheck found wrong.
type DeepError struct {
	// Index is the first index found wrong (a class's representative in
	// a table of classes; 0 when a count is what is wrong).
	Index uint64
	// Detail says what the search found there and what the table says.
	Detail string
}

func (e *DeepError) Error() string { return fmt.Sprintf("%v: %s", ErrNotExact, e.Detail) }

// Unwrap gives ErrNotExact.
func (e *DeepError) Unwrap() error { return ErrNotExact }

// CheckMemory is the memory DeepCheck takes besides the table's own: the
// search's (see Plan) for a table of states; for a table of classes, its
// build's, with the table it makes (a table keyed by a class index: the
// search over the index, whose levels are that table).
func (t *Table) CheckMemory() uint64 {
	if t.ClassIndexed() {
		_, need, err := PlanClassIndex(t.Puzzle)
		if err != nil {
			return 0
		}
		return need
	}
	_, need, err := Plan(t.Puzzle, t.sym == nil)
	if err != nil {
		return 0
	}
	if t.sym != nil {
		need += uint64(len(t.lv.Packed()))
	}
	return need
}

// DeepCheck proves the table's distances are its puzzle's (see above), or
// returns a *DeepError naming the first index that differs, or the
// context's error. The table must be held, not read in place.
func (t *Table) DeepCheck(ctx context.Context, opt CheckOptions) error {
	if t.lv.Paged() != nil {
		return fmt.Errorf("%s: a table read in place is not checked deep: open it whole", t.Puzzle.Def.Name)
	}
	if t.lv.Encoding != table.Mod3 {
		return fmt.Errorf("%s: a table of encoding %v is not checked deep", t.Puzzle.Def.Name, t.lv.Encoding)
	}
	for _, m := range t.Puzzle.Gens {
		if !slices.Contains(t.Puzzle.Gens, t.Puzzle.InverseMove(m)) {
			return fmt.Errorf("%s: move %s's inverse is no move: the search that checks a table goes both ways", t.Puzzle.Def.Name, t.Puzzle.Moves[m].Name)
		}
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if t.ClassIndexed() {
		return t.checkClassIndex(ctx, opt)
	}
	if t.sym != nil {
		return t.checkClasses(ctx, opt)
	}
	return t.checkStates(ctx, opt)
}

// packedWords reads a mod-3 table's packed entries as a search's words
// (bfs.Levels.Words: the same bits, little-endian).
type packedWords []byte

func (p packedWords) word(w uint64) uint64 {
	if b := p[min(8*w, uint64(len(p))):]; len(b) >= 8 {
		return binary.LittleEndian.Uint64(b)
	} else {
		var buf [8]byte
		copy(buf[:], b)
		return binary.LittleEndian.Uint64(buf[:])
	}
}

// fields has bit 2k set for each 2-bit field k of w that is v.
func fields(w uint64, v uint8) uint64 {
	y := w ^ uint64(v)*0x5555555555555555
	return ^(y | y>>1) & 0x5555555555555555
}

// differing has bit 2k set for each field k where a and b differ.
func differing(a, b uint64) uint64 {
	y := a ^ b
	return (y | y>>1) & 0x5555555555555555
}

// mismatch returns the first index, among words [0, n), whose field in
// the search's words (search) differs from the table's (tbl), where the
// search has reached it (or everywhere, with all), on workers goroutines;
// ok is false if there is none.
func mismatch(search []uint64, tbl packedWords, size uint64, all bool, workers int) (i uint64, ok bool) {
	n := uint64(len(search))
	per := max((n+uint64(workers)-1)/uint64(workers), 1)
	first := make([]uint64, (n+per-1)/per)
	var wg sync.WaitGroup
	for k := range first {
		first[k] = ^uint64(0)
		wg.Go(func() {
			for w := uint64(k) * per; w < min(uint64(k+1)*per, n); w++ {
				s := search[w]
				bad := differing(s, tbl.word(w))
				if !all {
					bad &^= fields(s, bfs.Unseen)
				}
				if w == size/32 {
					bad &= 1<<(2*(size%32)) - 1 // no indices past the last
				}
				if bad != 0 {
					first[k] = 32*w + uint64(bits.TrailingZeros64(bad))/2
					return
				}
			}
		})
	}
	wg.Wait()
	for _, f := range first {
		if f != ^uint64(0) {
			return f, true
		}
	}
	return 0, false
}

// says is what the table's level v says of a state the search found d
// moves from the goal.
func says(v uint8, d int) string {
	switch {
	case v == bfs.Unseen:
		return "unreachable"
	case int(v) == (d+1)%3:
		return fmt.Sprintf("%d (mod 3)", d+1)
	case d > 0:
		return fmt.Sprintf("%d (mod 3)", d-1)
	}
	return fmt.Sprintf("%d (mod 3)", d+2)
}

// moves says d moves.
func moves(d int) string {
	if d == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", d)
}

// checkStates is DeepCheck for a table of states: the search, each
// distance compared with the table as it is found.
func (t *Table) checkStates(ctx context.Context, opt CheckOptions) error {
	tbl := packedWords(t.lv.Packed())
	size := t.Index.Size()
	if t.lv.Entries != size || uint64(len(tbl)) != (size+3)/4 {
		return fmt.Errorf("%s: %d entries for %d states", t.Puzzle.Def.Name, t.lv.Entries, size)
	}
	at := func(i uint64) uint8 { return table.Mod3At(tbl, uint32(i)) }
	if size > 1<<32 {
		at = func(i uint64) uint8 { return tbl[i>>2] >> (i & 3 * 2) & 3 }
	}
	if v := at(t.goal); v != 0 {
		return &DeepError{Index: t.goal, Detail: fmt.Sprintf("index %d is the goal, the table says %s", t.goal, says(v, 0))}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var found *DeepError
	g, err := searchGraph(ctx, t.Puzzle, t.Index, opt.Workers)
	if err != nil {
		return err
	}
	lv, err := bfs.Search(ctx, g, t.goal, bfs.Options{
		Workers: opt.Workers, Progress: opt.Progress, ReportEvery: opt.ReportEvery,
		AfterLevel: func(d int, lv *bfs.Levels) {
			// The indices seen before d were compared at their own
			// distance: a difference now is at d.
			if i, bad := mismatch(lv.Words, tbl, size, false, opt.Workers); bad && found == nil {
				found = &DeepError{Index: i, Detail: fmt.Sprintf("index %d is %s from the goal, the table says %s", i, moves(d), says(at(i), d))}
				cancel()
			}
		},
	})
	if found != nil {
		return found
	}
	if err != nil {
		return err
	}
	if i, bad := mismatch(lv.Words, tbl, size, true, opt.Workers); bad {
		return &DeepError{Index: i, Detail: fmt.Sprintf("index %d is unreachable, the table says %d (mod 3)", i, at(i))}
	}
	return compareCounts("states", lv.Counts, t.lv.Counts)
}

// compareCounts compares a search's counts of what (states or classes)
// at each distance with the table's header.
func compareCounts(what string, search, header []uint64) error {
	for d := range max(len(search), len(header)) {
		var s, h uint64
		if d < len(search) {
			s = search[d]
		}
		if d < len(header) {
			h = header[d]
		}
		if s != h {
			return &DeepError{Detail: fmt.Sprintf("distance %d: the search finds %d %s, the table's header says %d", d, s, what, h)}
		}
	}
	return nil
}

// checkClasses is DeepCheck for a table of classes: its build again, by
// the same way (Build), compared whole with the table.
func (t *Table) checkClasses(ctx context.Context, opt CheckOptions) error {
	fresh, err := Build(ctx, t.Puzzle, BuildOptions{Workers: opt.Workers, Progress: opt.Progress, ReportEvery: opt.ReportEvery})
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		return fmt.Errorf("the search that checks it: %v", err)
	}
	if fresh.sym == nil || fresh.ID != t.ID {
		return fmt.Errorf("%s: the search that checks it made no table of the same classes", t.Puzzle.Def.Name)
	}
	want, got := fresh.lv, t.lv
	if want.Classes != got.Classes {
		return &DeepError{Detail: fmt.Sprintf("the search finds %d classes, the table has %d", want.Classes, got.Classes)}
	}
	levels, _ := table.ClassLayout(want.Size, want.Classes)
	a, b := want.Packed(), got.Packed()
	if len(a) != len(b) {
		return &DeepError{Detail: fmt.Sprintf("the search makes %d bytes of classes, the table has %d", len(a), len(b))}
	}
	// The representatives first: a level is only an entry's once both
	// mark the same.
	for i := levels; i < uint64(len(a)); i++ {
		if x := a[i] ^ b[i]; x != 0 {
			r := 8*(i-levels) + uint64(bits.TrailingZeros8(x))
			if a[i]&(x&-x) != 0 {
				return &DeepError{Index: r, Detail: fmt.Sprintf("index %d stands for a reachable class (the least of its conjugates), the table does not mark it", r)}
			}
			return &DeepError{Index: r, Detail: fmt.Sprintf("index %d stands for no reachable class, the table marks it", r)}
		}
	}
	for e, rep := range want.ClassMap().All() {
		v, u := table.Mod3At(a, uint32(e)), table.Mod3At(b, uint32(e))
		if e >= 1<<32 {
			v, u = a[e>>2]>>(e&3*2)&3, b[e>>2]>>(e&3*2)&3
		}
		if v == u {
			continue
		}
		d, err := fresh.distance(rep)
		if err != nil {
			return err
		}
		return &DeepError{Index: rep, Detail: fmt.Sprintf("the class of index %d is %s from the goal, the table says %s", rep, moves(d), says(u, d))}
	}
	if err := compareCounts("classes", want.ClassCounts, got.ClassCounts); err != nil {
		return err
	}
	return compareCounts("states", want.Counts, got.Counts)
}

// distance is index i's distance, by its walk.
func (t *Table) distance(i uint64) (int, error) {
	var buf [walk.MaxSteps]uint8
	lv, w := t.answering()
	steps, err := w.Solve(puzzle.State(i), buf[:0])
	if err := checked(lv, err); err != nil {
		return 0, err
	}
	return answer.New(t.nt, steps).Cost(), nil
}
