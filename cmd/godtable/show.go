package main

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/godtable/godtable/internal/cli"
)

// showAfter reads state as the show command does, applies moves to it and
// draws the result as the command would.
func showAfter(p puzzle, state, moves string, o *options) (cli.Shown, string, error) {
	s, err := p.After(state, moves, o)
	if err != nil {
		return s, "", err
	}
	d, err := p.Show(s.State, &options{Order: "net"}, false)
	return s, d, err
}

// handleShow answers the state after the request's moves (none: the state
// itself) as a JSON object.
func handleShow(w http.ResponseWriter, r *http.Request, p puzzle, req request) {
	s, drawing, err := showAfter(p, req.state, req.moves, req.opts)
	var te cli.ErrTable
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
	b = appendJSON(b, s.State)
	b = append(b, `,"solved":`...)
	b = strconv.AppendBool(b, s.Solved)
	if s.Faces != nil {
		b = append(b, `,"faces":`...)
		b = appendJSON(b, s.Faces)
	}
	if s.Cells != nil {
		b = append(b, `,"cells":`...)
		b = appendJSON(b, s.Cells)
	}
	if s.Centre != nil {
		b = append(b, `,"centre":`...)
		b = strconv.AppendInt(b, int64(*s.Centre), 10)
	}
	b = append(b, `,"drawing":`...)
	b = appendJSON(b, drawing)
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(b, "}\n"...))
}
