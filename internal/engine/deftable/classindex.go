package deftable

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/engine/symindex"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// searchClassIndex builds a table of classes by a search over an index of
// the classes themselves (symindex), two bits a class and nothing a
// state, then writes the table a search of the classes writes: each
// class's least index among its states' (its representative), marked in
// the table's bits, and its level at its entry.
func searchClassIndex(ctx context.Context, p *ksolve.Puzzle, x *permindex.Index, goal uint64, sy *symmetric, opt BuildOptions) (*Table, error) {
	ci, err := symindex.New(p, sy.syms, nil)
	if err != nil {
		return nil, err
	}
	cgoal, ok := ci.Index(p.Def.Solved)
	if !ok {
		return nil, fmt.Errorf("%s: the solved state has no class index", p.Def.Name)
	}
	lv, err := ci.Search(cgoal, nil)
	if err != nil {
		return nil, err
	}
	reached, err := checkReached(p, lv.StateCounts)
	if err != nil {
		return nil, err
	}
	classes := uint64(0)
	for _, c := range lv.ClassCounts {
		classes += c
	}
	levelBytes, repBytes := table.ClassLayout(x.Size(), classes)
	packed := make([]byte, levelBytes+repBytes)
	bitmap := packed[levelBytes:]
	// Two passes over the classes: the first marks the representatives,
	// the second puts each level at its entry, the representatives before
	// it counted.
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	marked := uint64(0)
	err = sy.eachClass(ctx, ci, lv, workers, func(rep uint64, _ uint8) {
		bitmap[rep/8] |= 1 << (rep % 8)
		marked++
	})
	if err != nil {
		return nil, err
	}
	if marked != classes {
		return nil, fmt.Errorf("%s: %d representatives for %d classes", p.Def.Name, marked, classes)
	}
	m := table.NewClassMap(bitmap)
	err = sy.eachClass(ctx, ci, lv, workers, func(rep uint64, v uint8) {
		e, _ := m.Entry(rep)
		packed[e>>2] |= v << (e & 3 * 2)
	})
	if err != nil {
		return nil, err
	}
	runtime.GC()
	id := classID(p, x, sy)
	def := walkDef(p, x, goal, id, sy)
	h, err := table.ClassHeader(def, packed, lv.StateCounts, lv.ClassCounts)
	if err != nil {
		return nil, err
	}
	cl := table.ClassLevels(def, h, packed)
	if opt.Facts != "" {
		cl.Facts = fmt.Sprintf("%sreachable=%d\nindexed=%d\nclasses=%d\nsymmetries=%d\nclass-index=%d\n", opt.Facts, reached, x.Size(), cl.Classes, len(sy.syms), ci.Size())
	}
	return newTable(p, x, id, def, cl, sy), nil
}

// eachClass calls f with the representative and level of each class the
// search over ci reached, on one goroutine; the representatives, each
// worked out from a state and its conjugates, are found by workers, a
// chunk of indices at a time.
func (sy *symmetric) eachClass(ctx context.Context, ci *symindex.Index, lv *symindex.Levels, workers int, f func(rep uint64, v uint8)) error {
	const chunk = 1 << 14
	type found struct {
		reps []uint64
		lvs  []uint8
		err  error
	}
	chunks := (ci.Size() + chunk - 1) / chunk
	next := make(chan uint64)
	out := make(chan found, workers)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		defer close(next)
		for c := range chunks {
			select {
			case next <- c:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var conj ksolve.State
			for c := range next {
				var r found
				for i := c * chunk; i < min(ci.Size(), (c+1)*chunk); i++ {
					v := lv.Level(i)
					if v == 3 {
						continue
					}
					st, ok := ci.State(i)
					if !ok {
						r.err = fmt.Errorf("%s: class index %d reached stands for no state", sy.p.Def.Name, i)
						break
					}
					rep, err := sy.representative(st, &conj)
					if err != nil {
						r.err = err
						break
					}
					r.reps, r.lvs = append(r.reps, rep), append(r.lvs, v)
				}
				select {
				case out <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(out) }()
	for r := range out {
		if r.err != nil {
			return r.err
		}
		for k, rep := range r.reps {
			f(rep, r.lvs[k])
		}
	}
	return ctx.Err()
}

// representative is the least index of state st's conjugates; conj is
// scratch.
func (sy *symmetric) representative(st ksolve.State, conj *ksolve.State) (uint64, error) {
	rep, ok := sy.x.Index(st)
	if !ok {
		return 0, fmt.Errorf("%s: a class index's state has no index", sy.p.Def.Name)
	}
	for s := 1; s < len(sy.syms); s++ {
		*conj = sy.p.Conjugate(*conj, st, &sy.syms[s])
		if r, ok := sy.x.Index(*conj); ok {
			rep = min(rep, r)
		}
	}
	return rep, nil
}
