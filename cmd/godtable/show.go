package main

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/msquare"
	"github.com/godtable/godtable/lookup/pocket"
	"github.com/godtable/godtable/lookup/pyraminx"
	"github.com/godtable/godtable/lookup/rotgame"
	"github.com/godtable/godtable/lookup/rotgrid"
	"github.com/godtable/godtable/lookup/views"
)

// shown is a state after an optional move sequence, as the show endpoint
// answers it: the state written as the puzzle reads it (the pocket cube's
// facelets in the net's order, in the colours U R F D L B), the command's
// drawing, and what a picture needs.
type shown struct {
	state   string
	solved  bool
	faces   []int // pocket: the face (0..5 for U R F D L B) of each sticker
	cells   []int // msquare, rotgame, rotgrid: the board
	centre  int   // rotgame: the number filling the centre, 0 if none
	drawing string
}

// errTable marks an unusable table in showAfter, answered with a 500.
type errTable struct{ err error }

func (e errTable) Error() string { return "cannot answer: " + e.err.Error() }

// showAfter reads state as the show command does and applies moves to it.
// A sequence starting from an arbitrary state is applied, for the puzzles
// that read move sequences, by prefixing the sequence that makes the state
// from the solved one: so the library's own notation reads the moves.
func showAfter(p puzzle, state, moves string, o *options) (shown, error) {
	var s shown
	switch c := p.(type) {
	case pocketCmd:
		cube, err := c.parse(state, o)
		if err != nil {
			return s, err
		}
		if strings.TrimSpace(moves) != "" {
			if _, err := pocket.Scramble(moves); err != nil {
				return s, fmt.Errorf("moves: %v", err)
			}
			base, err := cube.Moves()
			if err != nil {
				return s, errTable{err}
			}
			cube, _ = pocket.Scramble(base.String() + "\n" + moves)
		}
		s.state, s.solved = cube.Facelets(), cube.IsSolved()
		for _, f := range cube.Faces() {
			s.faces = append(s.faces, int(f))
		}
	case pyraminxCmd:
		pos, err := c.parse(state, o.scramble)
		if err != nil {
			return s, err
		}
		if strings.TrimSpace(moves) != "" {
			if _, err := pyraminx.Scramble(moves); err != nil {
				return s, fmt.Errorf("moves: %v", err)
			}
			base, err := pos.Moves()
			if err != nil {
				return s, errTable{err}
			}
			pos, _ = pyraminx.Scramble(base.String() + "\n" + moves)
		}
		s.state, s.solved = pos.Stickers(), pos.IsSolved()
	case rotgridCmd:
		g, err := c.parse(state, o.scramble)
		if err != nil {
			return s, err
		}
		if strings.TrimSpace(moves) != "" {
			if _, err := rotgrid.Scramble(moves); err != nil {
				return s, fmt.Errorf("moves: %v", err)
			}
			base, err := g.Moves()
			if err != nil {
				return s, errTable{err}
			}
			g, _ = rotgrid.Scramble(base.String() + "\n" + moves)
		}
		s.state, s.solved = g.String(), g.IsSolved()
		for _, t := range g.Cells() {
			s.cells = append(s.cells, int(t))
		}
	case msquareCmd:
		q, err := msquare.Parse(state)
		if err != nil {
			return s, err
		}
		sol, err := readOps(moves, 'C', msquare.ParseMoves)
		if err != nil {
			return s, err
		}
		q = q.Apply(sol)
		cells := q.Cells()
		s.state, s.solved, s.cells = q.String(), q.IsBase(), cells[:]
	case rotgameCmd:
		g, err := rotgame.Parse(state)
		if err != nil {
			return s, err
		}
		sol, err := readOps(moves, 'H', rotgame.ParseMoves)
		if err != nil {
			return s, err
		}
		g = g.Apply(sol)
		for _, c := range g.Cells() {
			s.cells = append(s.cells, int(c))
		}
		s.state, s.solved, s.centre = g.String(), g.IsSolved(), g.Centre()
	case viewsCmd:
		v, err := views.Parse(state)
		if err != nil {
			return s, err
		}
		if strings.TrimSpace(moves) != "" {
			return s, errors.New("moves: views has no moves")
		}
		s.state = v.Hex()
	default:
		return s, fmt.Errorf("show: %s is not drawn", p.name())
	}
	d, err := p.show(s.state, &options{order: "net"}, false)
	if err != nil {
		return s, err
	}
	s.drawing = d
	return s, nil
}

// readOps reads a judge puzzle's operations (A to last; white space between
// them is allowed) with parse, naming a bad one with its place first.
func readOps(moves string, last rune, parse func(string) (lookup.Solution, error)) (lookup.Solution, error) {
	for i, r := range moves {
		if r != ' ' && r != '\t' && r != '\n' && r != '\r' && (r < 'A' || r > last) {
			return lookup.Solution{}, fmt.Errorf("moves: bad operation %q at character %d (want A to %c)", r, i+1, last)
		}
	}
	sol, err := parse(moves)
	if err != nil {
		return sol, fmt.Errorf("moves: %v", err)
	}
	return sol, nil
}

// handleShow answers the state after the request's moves (none: the state
// itself) as a JSON object.
func handleShow(w http.ResponseWriter, r *http.Request, p puzzle, req request) {
	s, err := showAfter(p, req.state, req.moves, req.opts)
	var te errTable
	switch {
	case errors.As(err, &te):
		writeError(w, http.StatusInternalServerError, err)
		return
	case err != nil:
		b := appendJSON([]byte(`{"input":`), req.state)
		b = append(b, `,"error":`...)
		b = appendJSON(b, err.Error())
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		w.Write(append(b, "}\n"...))
		return
	}
	b := appendJSON([]byte(`{"input":`), req.state)
	if req.moves != "" {
		b = append(b, `,"moves":`...)
		b = appendJSON(b, req.moves)
	}
	b = append(b, `,"state":`...)
	b = appendJSON(b, s.state)
	b = append(b, `,"solved":`...)
	b = strconv.AppendBool(b, s.solved)
	if s.faces != nil {
		b = append(b, `,"faces":`...)
		b = appendJSON(b, s.faces)
	}
	if s.cells != nil {
		b = append(b, `,"cells":`...)
		b = appendJSON(b, s.cells)
	}
	if _, ok := p.(rotgameCmd); ok {
		b = append(b, `,"centre":`...)
		b = strconv.AppendInt(b, int64(s.centre), 10)
	}
	b = append(b, `,"drawing":`...)
	b = appendJSON(b, s.drawing)
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(b, "}\n"...))
}
