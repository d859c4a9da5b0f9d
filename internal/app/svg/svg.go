// Package svg draws the puzzles as SVG images: one drawing per puzzle,
// which the command (show --svg, scramble --svg), the HTTP API and the web
// page all use, so that a state looks the same wherever it is shown.
//
// A drawing is one line of text (no line breaks), so that scramble --svg
// can give it as a column of its answer line, and it holds nothing but
// shapes and text the package writes itself: no scripts, no links, no
// styles from outside, so a page may insert it as it is.
package svg

import (
	"html"
	"math"
	"strconv"
	"strings"
)

// The face colours, the web page's: U white, R red, F green, D yellow, L
// orange, B blue (the pocket cube's faces in the order U R F D L B).
var faceColours = [6]string{"#ffffff", "#d62d2d", "#1f9d55", "#ffd500", "#ff8a1f", "#2162d6"}

// unknown is the colour of a sticker that is not a face's.
const unknown = "#c9ced8"

// stroke is the outline of every sticker and cell.
const stroke = `stroke="#1d2330" stroke-width="1.2" stroke-linejoin="round"`

// doc is an SVG document being written.
type doc struct {
	b strings.Builder
}

// newDoc starts a document of the given size, titled for screen readers
// and for a viewer's window.
func newDoc(w, h float64, title string) *doc {
	d := &doc{}
	d.b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `)
	d.b.WriteString(num(w) + " " + num(h) + `" width="` + num(w) + `" height="` + num(h) + `" role="img">`)
	d.b.WriteString("<title>" + html.EscapeString(title) + "</title>")
	return d
}

// num writes a coordinate with at most two decimals, as short as it can.
func num(x float64) string {
	s := strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

// polygon adds a filled outline through the points (x0, y0, x1, y1, ...).
func (d *doc) polygon(fill string, pts ...float64) {
	d.b.WriteString(`<polygon points="`)
	for i := 0; i+1 < len(pts); i += 2 {
		if i > 0 {
			d.b.WriteByte(' ')
		}
		d.b.WriteString(num(pts[i]) + "," + num(pts[i+1]))
	}
	d.b.WriteString(`" fill="` + fill + `" ` + stroke + `/>`)
}

// outline adds a heavy closed line through the points, unfilled: the
// border of a face drawn in pieces.
func (d *doc) outline(pts ...float64) {
	d.b.WriteString(`<polygon points="`)
	for i := 0; i+1 < len(pts); i += 2 {
		if i > 0 {
			d.b.WriteByte(' ')
		}
		d.b.WriteString(num(pts[i]) + "," + num(pts[i+1]))
	}
	d.b.WriteString(`" fill="none" stroke="#1d2330" stroke-width="3" stroke-linejoin="round"/>`)
}

// rect adds a cell: a square or rectangle with rounded corners.
func (d *doc) rect(x, y, w, h float64, fill string, strokeWidth float64) {
	d.b.WriteString(`<rect x="` + num(x) + `" y="` + num(y) + `" width="` + num(w) + `" height="` + num(h) +
		`" rx="3" fill="` + fill + `" stroke="#1d2330" stroke-width="` + num(strokeWidth) + `"/>`)
}

// text adds a label centred on (x, y).
func (d *doc) text(x, y, size float64, fill, s string) {
	d.b.WriteString(`<text x="` + num(x) + `" y="` + num(y) + `" font-family="system-ui, sans-serif" font-weight="600" font-size="` +
		num(size) + `" fill="` + fill + `" text-anchor="middle" dominant-baseline="central">` + html.EscapeString(s) + `</text>`)
}

// String ends the document and returns it, one line.
func (d *doc) String() string { return d.b.String() + "</svg>" }

// faceColour is the colour of face f (0..5 for U R F D L B).
func faceColour(f int) string {
	if f >= 0 && f < len(faceColours) {
		return faceColours[f]
	}
	return unknown
}

// arrowColour draws the arrows of a move about to be made, dark on a pale
// outline so that they show on every sticker colour.
const arrowColour = "#1d2330"

// arrow adds a move's arrow: a line through the points (x0, y0, x1, y1,
// ...) with a head at its end, of the given size.
func (d *doc) arrow(size float64, pts ...float64) {
	n := len(pts)
	line := func(colour string, width float64) {
		d.b.WriteString(`<polyline points="`)
		for i := 0; i+1 < n-2; i += 2 { // the head covers the last point
			if i > 0 {
				d.b.WriteByte(' ')
			}
			d.b.WriteString(num(pts[i]) + "," + num(pts[i+1]))
		}
		d.b.WriteString(`" fill="none" stroke="` + colour + `" stroke-width="` + num(width) + `" stroke-linecap="round" stroke-linejoin="round"/>`)
	}
	line("#ffffff", 6)
	line(arrowColour, 3)
	// The head: a triangle along the last segment.
	ex, ey := pts[n-2], pts[n-1]
	dx, dy := ex-pts[n-4], ey-pts[n-3]
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	dx, dy = dx/l, dy/l
	bx, by := ex-dx*size, ey-dy*size
	d.b.WriteString(`<polygon class="arrow-head" points="` + num(ex+dx*size*0.4) + "," + num(ey+dy*size*0.4) + " " +
		num(bx-dy*size*0.6) + "," + num(by+dx*size*0.6) + " " + num(bx+dy*size*0.6) + "," + num(by-dx*size*0.6) +
		`" fill="` + arrowColour + `" stroke="#ffffff" stroke-width="1.5" stroke-linejoin="round"/>`)
}
