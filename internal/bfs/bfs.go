// Package bfs computes distance tables: a complete breadth-first search over a
// puzzle's state space, outward from its goal, then table.Encode.
//
// The gentables command, run by go generate in the tables package, writes the
// results; tests regenerate them in memory to prove the committed tables are
// current.
package bfs

import (
	"github.com/bits-and-blooms/bitset"
	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/table"
)

// Distances returns, for every rank of def, the fewest moves that take that
// state to the goal (table.Unreachable where no sequence does).
//
// The search runs backwards from the goal: the states at distance d+1 are the
// unvisited predecessors of the states at distance d. A predecessor through
// move m is found by the move that undoes m, or, for a move with no inverse
// among the moves, by applying m until the state comes round again (moves are
// permutations, so the state before the repeat is the predecessor).
func Distances(def *puzzle.Def) []uint8 {
	n := uint(def.Size)
	dist := make([]uint8, n)
	for i := range dist {
		dist[i] = table.Unreachable
	}
	visited := bitset.New(n)
	frontier := bitset.New(n)
	next := bitset.New(n)
	goal := def.Rank(def.Goal)
	visited.Set(uint(goal))
	frontier.Set(uint(goal))
	dist[goal] = 0
	pred := predecessor(def)
	for d := uint8(1); frontier.Any(); d++ {
		next.ClearAll()
		for r, ok := frontier.NextSet(0); ok; r, ok = frontier.NextSet(r + 1) {
			s := def.Unrank(uint32(r))
			for m := range def.Moves {
				p := uint(def.Rank(pred(s, m)))
				if !visited.Test(p) {
					visited.Set(p)
					next.Set(p)
					dist[p] = d
				}
			}
		}
		frontier, next = next, frontier
	}
	return dist
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

// Build runs the search for def and encodes the table file.
func Build(def *puzzle.Def) ([]byte, error) {
	return table.Encode(def, Distances(def))
}
