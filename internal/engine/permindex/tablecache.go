package permindex

import (
	"fmt"
	"sync"
	"weak"
)

// The pruning tables of one definition are indices of projections of it,
// and several of them often have coordinates that are the same function
// of the same slots' moves: two projections that track as many pieces of
// one set, or keep its orientations alike. A move table depends only on
// what its rows are worked out from (the coordinate's kind and numbering,
// its parent's, and its part's moves), never on the solved state, so
// indices share one table where those agree. The cache holds the tables
// weakly: a table lives as long as an index reads it.

// sharedTable is one built move table.
type sharedTable struct {
	t16 []uint16
	t32 []uint32
}

var tableCache = struct {
	mu sync.Mutex
	m  map[string]weak.Pointer[sharedTable]
	// building holds, for each key being built, a channel closed when it
	// is done, so that indices opened together build it once.
	building map[string]chan struct{}
}{m: map[string]weak.Pointer[sharedTable]{}, building: map[string]chan struct{}{}}

// tableKey is everything raw coordinate k's move table is worked out
// from (see tableBuilder.parentRows).
func (x *Index) tableKey(k int) string {
	c := &x.raw[k]
	pt := &x.parts[c.part]
	b := fmt.Appendf(nil, "%d %d %d|%v|%v|%d %d %d %d %d|", x.gens, c.kind, c.full, c.ms.counts, c.groupOf, c.group, c.mod, c.digits, c.target, len(pt.slots))
	if c.parent >= 0 {
		pc := &x.raw[c.parent]
		b = fmt.Appendf(b, "%d %d|%v|", pc.kind, pc.full, pc.ms.counts)
	}
	for g := range pt.mps {
		b = append(b, pt.mps[g]...)
		b = append(b, '|')
		if g < len(pt.mos) {
			b = append(b, pt.mos[g]...)
		}
		b = append(b, '|')
	}
	return string(b)
}

// sharedBuildTable gives raw coordinate k its move table: one an index
// already has for the same key, or one built now and offered to others.
func (x *Index) sharedBuildTable(k int) {
	c := &x.raw[k]
	st := sharedBuild(x.tableKey(k), func() *sharedTable {
		x.buildTable(k)
		return &sharedTable{t16: c.t16, t32: c.t32}
	})
	// The weak pointer lives while st does: c keeps it.
	c.t16, c.t32, c.shared = st.t16, st.t32, st
}

// sharedBuild returns the table of key: one an index already holds, or
// one build makes now and offers to others. Indices opened together build
// each key once.
func sharedBuild(key string, build func() *sharedTable) *sharedTable {
	for {
		tableCache.mu.Lock()
		if wp, ok := tableCache.m[key]; ok {
			if st := wp.Value(); st != nil {
				tableCache.mu.Unlock()
				return st
			}
			delete(tableCache.m, key)
		}
		wait, busy := tableCache.building[key]
		if !busy {
			done := make(chan struct{})
			tableCache.building[key] = done
			tableCache.mu.Unlock()
			st := build()
			tableCache.mu.Lock()
			tableCache.m[key] = weak.Make(st)
			delete(tableCache.building, key)
			tableCache.mu.Unlock()
			close(done)
			return st
		}
		tableCache.mu.Unlock()
		<-wait
	}
}
