package lookup_test

import (
	"errors"
	"testing"

	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/msquare"
	"github.com/godtable/godtable/lookup/pocket"
	"github.com/godtable/godtable/lookup/pyraminx"
	"github.com/godtable/godtable/lookup/rotgame"
	"github.com/godtable/godtable/lookup/rotgrid"
	"github.com/godtable/godtable/lookup/views"
)

// A solution of one puzzle given to another puzzle's Apply leaves the
// position as it is: a Solution belongs to the puzzle that gave it.
func TestForeignSolutions(t *testing.T) {
	cube, _ := pocket.Scramble("R U F2")
	grid, _ := rotgrid.Parse("492357816")
	square, _ := msquare.Parse("2 6 8 4 5 7 3 1")
	game, _ := rotgame.Parse("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3")
	pyra, _ := pyraminx.Scramble("U L r")
	var sols []lookup.Solution
	for _, solve := range []func() (lookup.Solution, error){
		func() (lookup.Solution, error) { return cube.Solve(pocket.HTM) },
		func() (lookup.Solution, error) { return cube.Solve(pocket.QTM) },
		grid.Solve, square.Solve, pyra.Solve,
		func() (lookup.Solution, error) { a, err := game.Solve(); return a.Moves, err },
	} {
		s, err := solve()
		if err != nil || s.Len() == 0 {
			t.Fatalf("%v: %v", s, err)
		}
		sols = append(sols, s)
	}
	for i, s := range sols {
		moved := 0
		if cube.Apply(s) != cube {
			moved++
		}
		if grid.Apply(s) != grid {
			moved++
		}
		if square.Apply(s) != square {
			moved++
		}
		if game.Apply(s) != game {
			moved++
		}
		if pyra.Apply(s) != pyra {
			moved++
		}
		if moved != 1 {
			t.Errorf("solution %d (%s) moves %d puzzles, want only its own", i, s, moved)
		}
	}
}

// Each puzzle's input errors are of its own type: errors.As tells them apart.
func TestErrorTypesDistinct(t *testing.T) {
	_, errPocket := pocket.Parse("x")
	_, errGrid := rotgrid.Parse("x")
	_, errSquare := msquare.Parse("x")
	_, errGame := rotgame.Parse("x")
	_, errPyra := pyraminx.Parse("x")
	_, errViews := views.Parse("x")
	var pe *pocket.Error
	var ge *rotgrid.Error
	var se *msquare.Error
	var re *rotgame.Error
	var ye *pyraminx.Error
	var ve *views.Error
	for _, c := range []struct {
		err  error
		want int
	}{{errPocket, 0}, {errGrid, 1}, {errSquare, 2}, {errGame, 3}, {errPyra, 4}, {errViews, 5}} {
		got := []bool{errors.As(c.err, &pe), errors.As(c.err, &ge), errors.As(c.err, &se), errors.As(c.err, &re), errors.As(c.err, &ye), errors.As(c.err, &ve)}
		for k, ok := range got {
			if ok != (k == c.want) {
				t.Errorf("%v: errors.As to type %d is %v", c.err, k, ok)
			}
		}
	}
}
