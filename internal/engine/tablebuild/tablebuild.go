// Package tablebuild turns a puzzle's state space into its table file: a
// complete breadth-first search outward from its goal (bfs.Search: two bits
// a state where the puzzle is undirected; a byte a state, from the same
// search run forward only, where it is directed or folded), then the table
// format. It is the one place
// that joins the search, which knows no table format, to the format.
//
// The gentables command, run by go generate in the tables package, writes the
// results; tests regenerate them in memory to prove the committed tables are
// current.
package tablebuild

import (
	"bytes"
	"context"
	"encoding/binary"
	"unsafe"

	"github.com/godtable/godtable/internal/engine/bfs"
	"github.com/godtable/godtable/internal/format/table"
	"github.com/godtable/godtable/internal/model/puzzle"
)

// distances returns, for every rank of def, the fewest moves that take that
// state to the goal (table.Unreachable where no sequence does).
//
// It is bfs.Search over the graph of predecessors, forward only (see
// bfs.Options.Directed), which writes each level's states' distance as the
// level completes: the states at distance d are those the search has at d
// mod 3 and that no earlier level reached.
func distances(def *puzzle.Def) []uint8 {
	dist := make([]uint8, def.Size)
	for i := range dist {
		dist[i] = table.Unreachable
	}
	goal := def.Rank(def.Goal)
	dist[goal] = 0
	_, err := bfs.Search(context.Background(), bfs.Neighbors(predGraph{def, predecessor(def)}), goal, bfs.Options{
		Directed: true,
		AfterLevel: func(d int, lv *bfs.Levels) {
			v := uint8(d % 3)
			for i, old := range dist {
				if old == table.Unreachable && lv.At(uint64(i)) == v {
					dist[i] = uint8(d)
				}
			}
		},
	})
	if err != nil {
		// Search fails only if its context ends or the goal is no index:
		// neither can happen here.
		panic(err)
	}
	return dist
}

// predGraph is a definition's state graph backwards: a state's neighbours
// are the states its moves take to it.
type predGraph struct {
	def  *puzzle.Def
	pred func(s puzzle.State, m int) puzzle.State
}

func (g predGraph) Size() uint64 { return uint64(g.def.Size) }
func (g predGraph) Degree() int  { return len(g.def.Moves) }

func (g predGraph) Neighbors(i uint64, out []uint64) {
	s := g.def.Unrank(i)
	for m := range g.def.Moves {
		out[m] = g.def.Rank(g.pred(s, m))
	}
}

// predecessor returns a function giving the state that move m takes to s.
func predecessor(def *puzzle.Def) func(s puzzle.State, m int) puzzle.State {
	return func(s puzzle.State, m int) puzzle.State {
		if inv := def.Inverse[m]; inv >= 0 {
			return def.Apply(s, inv)
		}
		prev := s
		for t := def.Apply(s, m); t != s; t = def.Apply(t, m) {
			prev = t
		}
		return prev
	}
}

// Build runs the search for def and encodes the table file. An undirected
// definition stored state by state is searched two bits a state (Search),
// on every core, and written from those bits; a directed or folded one
// needs each state's whole distance, which distances gives.
func Build(def *puzzle.Def) ([]byte, error) {
	if !def.Undirected() || def.Fold != nil {
		return table.Encode(def, distances(def))
	}
	lv, err := bfs.Search(context.Background(), bfs.Neighbors(defGraph{def}), def.Rank(def.Goal), bfs.Options{})
	if err != nil {
		return nil, err
	}
	packed := Packed(lv)
	h, err := table.PackedHeader(def, packed, lv.Counts)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := table.WritePacked(&b, h, packed); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// defGraph is a definition's state graph as Search walks it: a state's
// neighbours are its moves' results, through Unrank, Apply and Rank.
type defGraph struct{ def *puzzle.Def }

func (g defGraph) Size() uint64 { return uint64(g.def.Size) }
func (g defGraph) Degree() int  { return len(g.def.Moves) }

func (g defGraph) Neighbors(i uint64, out []uint64) {
	s := g.def.Unrank(i)
	for m := range g.def.Moves {
		out[m] = g.def.Rank(g.def.Apply(s, m))
	}
}

// Packed returns a search's levels as the bytes of a Mod3 table: the same
// memory on a little-endian machine (a build past a billion states holds
// its table once), else a copy.
func Packed(lv *bfs.Levels) []byte {
	n := (lv.Size + 3) / 4
	if len(lv.Words) == 0 {
		return nil
	}
	var probe uint16 = 1
	if *(*byte)(unsafe.Pointer(&probe)) == 1 {
		return unsafe.Slice((*byte)(unsafe.Pointer(&lv.Words[0])), len(lv.Words)*8)[:n]
	}
	b := make([]byte, 0, len(lv.Words)*8)
	for _, w := range lv.Words {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return b[:n]
}
