package main

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/godtable/godtable/internal/app"
	"github.com/godtable/godtable/internal/app/cli"
)

// handleShow answers the state after the request's moves (none: the state
// itself) as a JSON object.
func handleShow(w http.ResponseWriter, r *http.Request, p puzzle, req request) {
	s, drawing, err := app.ShowAfter(p, req.state, req.moves, req.opts)
	var te cli.ErrTable
	switch {
	case errors.As(err, &te):
		writeError(w, http.StatusInternalServerError, err)
		return
	case err != nil:
		b := app.AppendJSON([]byte(`{"input":`), req.state)
		b = append(b, `,"error":`...)
		b = app.AppendJSON(b, err.Error())
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		w.Write(append(b, "}\n"...))
		return
	}
	b := app.AppendJSON([]byte(`{"input":`), req.state)
	if req.moves != "" {
		b = append(b, `,"moves":`...)
		b = app.AppendJSON(b, req.moves)
	}
	b = append(b, `,"state":`...)
	b = app.AppendJSON(b, s.State)
	b = append(b, `,"solved":`...)
	b = strconv.AppendBool(b, s.Solved)
	if s.Faces != nil {
		b = append(b, `,"faces":`...)
		b = app.AppendJSON(b, s.Faces)
	}
	if s.Cells != nil {
		b = append(b, `,"cells":`...)
		b = app.AppendJSON(b, s.Cells)
	}
	if s.Centre != nil {
		b = append(b, `,"centre":`...)
		b = strconv.AppendInt(b, int64(*s.Centre), 10)
	}
	b = append(b, `,"drawing":`...)
	b = app.AppendJSON(b, drawing)
	if d, ok := p.(cli.SVGDrawer); ok && req.opts.SVG {
		pic := d.SVG(s)
		if a, ok := p.(cli.ArrowDrawer); ok && req.opts.Next != "" {
			if pic, err = a.SVGNext(s, req.opts.Next); err != nil {
				writeError(w, http.StatusBadRequest, err)
				return
			}
		}
		b = append(b, `,"svg":`...)
		b = app.AppendJSON(b, pic)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(b, "}\n"...))
}
