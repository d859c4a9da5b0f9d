package cli

import (
	"bytes"
	"encoding/json"
)

// Pager is a puzzle with a page of its own on the web page: JavaScript that
// sets godtablePuzzles.pages[NAME] to its editor and picture (see the
// server's cmd/godtable-serve/web/app.js for what they are given). Each page runs in a block
// of its own, before app.js: its top-level names are its own, and it may use
// app.js's helpers ($, el, ui, numbers, drawing) only inside functions. A puzzle without one gets
// the plain page: its state typed in, and the command's drawing.
type Pager interface {
	Page() string
}

// Info is what a program that lists the puzzles (the web page, the API's
// list) is told of one: its names and the flags it takes.
type Info struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	Table    bool   `json:"table"`
	Metric   bool   `json:"metric"`
	Scramble bool   `json:"scramble"`
	Order    bool   `json:"order"`
	From     bool   `json:"from"`
}

// InfoOf returns p's Info.
func InfoOf(p Puzzle) Info {
	f := p.Features()
	return Info{p.Name(), p.Title(), f.Table, f.Metric, f.Scramble, f.Order, f.From}
}

// PageScriptOf returns the web page's puzzles.js for the given puzzles, in
// their order, with the flags they take (godtablePuzzles.list), then each
// one's page. It is what the command serves and the static page holds.
func PageScriptOf(puzzles []Puzzle) []byte {
	list := []Info{}
	for _, p := range puzzles {
		list = append(list, InfoOf(p))
	}
	js, err := json.Marshal(list)
	if err != nil {
		panic(err) // strings and booleans always marshal
	}
	var b bytes.Buffer
	b.WriteString("// The puzzles of the godtable command, made from its registry.\n\"use strict\";\n\n")
	b.WriteString("const godtablePuzzles = { list: ")
	b.Write(js)
	b.WriteString(", pages: {} };\n")
	for _, p := range puzzles {
		if pg, ok := p.(Pager); ok {
			b.WriteString("\n{\n")
			b.WriteString(pg.Page())
			b.WriteString("}\n")
		}
	}
	return b.Bytes()
}
