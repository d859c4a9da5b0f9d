package main

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

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
		cells := q.Cells()
		if err := applyOps(cells[:], moves, msquareOps[:]); err != nil {
			return s, fmt.Errorf("moves: %v", err)
		}
		q, err = msquare.Parse(joinInts(cells[:]))
		if err != nil {
			return s, err
		}
		s.state, s.solved, s.cells = q.String(), q.IsBase(), cells[:]
	case rotgameCmd:
		g, err := rotgame.Parse(state)
		if err != nil {
			return s, err
		}
		var cells [24]int
		for i, c := range g.Cells() {
			cells[i] = int(c)
		}
		if err := applyOps(cells[:], moves, rotgameOps[:]); err != nil {
			return s, fmt.Errorf("moves: %v", err)
		}
		g, err = rotgame.Parse(joinInts(cells[:]))
		if err != nil {
			return s, err
		}
		s.state, s.solved, s.cells, s.centre = g.String(), g.IsSolved(), cells[:], g.Centre()
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

func joinInts(xs []int) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(x))
	}
	return b.String()
}

// msquareOps are the magic square's operations A B C on its cells read
// clockwise from the top-left: new[i] = old[op[i]].
var msquareOps = [3][]int{
	{7, 6, 5, 4, 3, 2, 1, 0}, // A: swap the rows
	{3, 0, 1, 2, 5, 6, 7, 4}, // B: the right column to the left
	{0, 6, 1, 3, 4, 2, 5, 7}, // C: the centre four clockwise
}

// rotgameOps are the rotation game's operations A..H as the specification
// gives them: each pulls a line of seven cells, new[L[i]] = old[L[i+1]].
var rotgameOps = func() [8][]int {
	lines := [8][7]int{
		{0, 2, 6, 11, 15, 20, 22},
		{1, 3, 8, 12, 17, 21, 23},
		{10, 9, 8, 7, 6, 5, 4},
		{19, 18, 17, 16, 15, 14, 13},
		{23, 21, 17, 12, 8, 3, 1},
		{22, 20, 15, 11, 6, 2, 0},
		{13, 14, 15, 16, 17, 18, 19},
		{4, 5, 6, 7, 8, 9, 10},
	}
	var ops [8][]int
	for k, l := range lines {
		op := make([]int, 24)
		for i := range op {
			op[i] = i
		}
		for i := 0; i < 7; i++ {
			op[l[i]] = l[(i+1)%7]
		}
		ops[k] = op
	}
	return ops
}()

// applyOps applies a sequence of operation letters (A, B, ...; white space
// between them is allowed) to cells.
func applyOps(cells []int, moves string, ops [][]int) error {
	tmp := make([]int, len(cells))
	for i, r := range moves {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			continue
		}
		k := int(r - 'A')
		if k < 0 || k >= len(ops) {
			return fmt.Errorf("bad operation %q at character %d (want A to %c)", r, i+1, 'A'+len(ops)-1)
		}
		for j, from := range ops[k] {
			tmp[j] = cells[from]
		}
		copy(cells, tmp)
	}
	return nil
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
