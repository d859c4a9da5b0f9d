package svg

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// turn reads a move to mark with an arrow: its name among names, and which
// way: 1 clockwise, -1 anticlockwise, 2 a half turn (with half, "X2";
// else "X2" is refused).
func turn(move string, names string, half bool) (name string, way int, err error) {
	base, suffix := move, ""
	if i := strings.IndexAny(move, "'2"); i > 0 {
		base, suffix = move[:i], move[i:]
	}
	if len(base) != 1 || !strings.Contains(names, base) {
		return "", 0, fmt.Errorf("--next %q: want one of %s, plain or with '%s", move, strings.Join(strings.Split(names, ""), " "), map[bool]string{true: " or 2", false: ""}[half])
	}
	switch {
	case suffix == "":
		return base, 1, nil
	case suffix == "'":
		return base, -1, nil
	case suffix == "2" && half:
		return base, 2, nil
	}
	return "", 0, fmt.Errorf("--next %q: want one of %s, plain or with '%s", move, strings.Join(strings.Split(names, ""), " "), map[bool]string{true: " or 2", false: ""}[half])
}

// pocketRows lays out the pocket cube's net: the sticker (0..23 for A..X)
// in each of its six rows of eight cells, -1 for none.
var pocketRows = [6][8]int{
	{-1, -1, 0, 1, -1, -1, -1, -1}, {-1, -1, 2, 3, -1, -1, -1, -1},
	{4, 5, 6, 7, 8, 9, 10, 11}, {12, 13, 14, 15, 16, 17, 18, 19},
	{-1, -1, 20, 21, -1, -1, -1, -1}, {-1, -1, 22, 23, -1, -1, -1, -1},
}

// Pocket draws a pocket cube as it is held, seen from above, front and
// right (the faces U, F and R, isometric), beside its net. faces holds the
// face (0..5 for U R F D L B) whose colour each sticker A..X has, as
// cli.Shown gives it; a value out of range is drawn grey. next, if not
// empty, is a move about to be made (R U F, plain, ' or 2: the moves of
// an answer), drawn as an arrow on its face, the way it turns (a half turn
// marked 2); another move is an error.
func Pocket(faces []int, next string) (string, error) {
	var face string
	var way int
	if next != "" {
		var err error
		if face, way, err = turn(next, "RUF", true); err != nil {
			return "", err
		}
	}
	const u = 34.0  // a sticker's edge on the cube
	const s = 24.0  // a sticker's edge on the net
	const pad = 8.0 // the margin
	at := func(i int) int {
		if i < len(faces) {
			return faces[i]
		}
		return -1
	}
	cos30 := math.Sqrt(3) / 2
	cubeW := 4 * cos30 * u
	w := pad + cubeW + 2*pad + 8*s + pad
	h := pad + 6*s + pad
	d := newDoc(w, h, "pocket cube")
	// The cube: x to the right, y to the back, z up, each 0..2; seen from
	// the front right above, so that U, F and R show.
	oy := (h-4*u)/2 + 3*u
	p := func(x, y, z float64) (float64, float64) {
		return pad + (x+y)*cos30*u, oy + ((x-y)/2-z)*u
	}
	quad := func(f int, pts [4][3]float64) {
		var xy []float64
		for _, q := range pts {
			sx, sy := p(q[0], q[1], q[2])
			xy = append(xy, sx, sy)
		}
		d.polygon(faceColour(f), xy...)
	}
	for r := 0; r < 2; r++ {
		for c := 0; c < 2; c++ {
			x, top := float64(c), float64(2-r)
			// U: row 0 is the back row, column 0 the left.
			quad(at([4]int{0, 1, 2, 3}[2*r+c]), [4][3]float64{{x, top, 2}, {x + 1, top, 2}, {x + 1, top - 1, 2}, {x, top - 1, 2}})
			// F: seen from the front, row 0 on top.
			quad(at([4]int{6, 7, 14, 15}[2*r+c]), [4][3]float64{{x, 0, top}, {x + 1, 0, top}, {x + 1, 0, top - 1}, {x, 0, top - 1}})
			// R: seen from the right, column 0 at the front.
			quad(at([4]int{8, 9, 16, 17}[2*r+c]), [4][3]float64{{2, x, top}, {2, x + 1, top}, {2, x + 1, top - 1}, {2, x, top - 1}})
		}
	}
	if face != "" {
		// Around the face's centre, in its own plane: a and b run to
		// the right and up as the face is seen from outside, so that
		// clockwise is a falling angle.
		on := func(a, b float64) (float64, float64) {
			switch face {
			case "U":
				return p(a, b, 2)
			case "F":
				return p(a, 0, b)
			}
			return p(2, a, b)
		}
		sweep := -270.0
		if way == -1 {
			sweep = 270
		}
		var pts []float64
		for k := 0; k <= 27; k++ {
			th := (150 + sweep*float64(k)/27) * math.Pi / 180
			x, y := on(1+0.55*math.Cos(th), 1+0.55*math.Sin(th))
			pts = append(pts, x, y)
		}
		d.arrow(7, pts...)
		if way == 2 {
			x, y := on(1, 1)
			d.text(x, y, 16, arrowColour, "2")
		}
	}
	// The net, as the README draws it.
	nx := pad + cubeW + 2*pad
	for r, row := range pocketRows {
		for c, i := range row {
			if i >= 0 {
				d.rect(nx+float64(c)*s, pad+float64(r)*s, s, s, faceColour(at(i)), 1.2)
			}
		}
	}
	return d.String(), nil
}

// pyraminxColours are the Pyraminx's faces' colours, F L R D: green, red,
// blue, yellow.
var pyraminxColours = map[byte]string{'F': faceColours[2], 'L': faceColours[1], 'R': faceColours[5], 'D': faceColours[3]}

// pyraminxMargin is the room around the Pyraminx's net: enough for the
// arrow round a corner that sticks out of it.
const pyraminxMargin = 30.0

// pyraminxRows lays out the Pyraminx's net, the README's: the faces L F R
// side by side with D below F, together one triangle pointing down, six
// rows of small triangles; each row's stickers (F1..F9 as 0..8, L as 9..17,
// R as 18..26, D as 27..35) from the left.
var pyraminxRows = [6][]int{
	{9, 10, 11, 12, 13, 0, 18, 19, 20, 21, 22}, {14, 15, 16, 1, 2, 3, 23, 24, 25},
	{17, 4, 5, 6, 7, 8, 26}, {27, 28, 29, 30, 31}, {32, 33, 34}, {35},
}

// Pyraminx draws the Pyraminx's net in triangles: the four faces, each of
// nine triangular stickers, F pointing up between L and R, D below it.
// stickers are the 36 letters F L R D of cli.Shown's state; another
// letter is drawn grey. next, if not empty, is a move about to be made (U
// L R B, u l r b, plain or '), drawn as an arrow around its corner on the
// net (B's at the bottom), clockwise as seen from the corner, smaller for a
// tip; another move is an error.
func Pyraminx(stickers, next string) (string, error) {
	var corner string
	var way int
	if next != "" {
		var err error
		if corner, way, err = turn(next, "ULRBulrb", false); err != nil {
			return "", err
		}
	}
	const a = 34.0 // a small triangle's edge
	const pad = pyraminxMargin
	h := a * math.Sqrt(3) / 2
	d := newDoc(pad+6*a+pad, pad+6*h+pad, "Pyraminx")
	for y, row := range pyraminxRows {
		top, bottom := pad+float64(y)*h, pad+float64(y+1)*h
		for k, i := range row {
			fill := unknown
			if i < len(stickers) {
				if c, ok := pyraminxColours[stickers[i]]; ok {
					fill = c
				}
			}
			x0 := pad + float64(y+k)*a/2
			if k%2 == 0 { // pointing down
				d.polygon(fill, x0, top, x0+a, top, x0+a/2, bottom)
			} else {
				d.polygon(fill, x0+a/2, top, x0+a, bottom, x0, bottom)
			}
		}
	}
	// The faces' borders: L, F, R in the top half, D below F.
	mid := pad + 3*h
	d.outline(pad, pad, pad+3*a, pad, pad+1.5*a, mid)
	d.outline(pad+3*a, pad, pad+4.5*a, mid, pad+1.5*a, mid)
	d.outline(pad+3*a, pad, pad+6*a, pad, pad+4.5*a, mid)
	d.outline(pad+1.5*a, mid, pad+4.5*a, mid, pad+3*a, pad+6*h)
	if corner != "" {
		// The net is seen from outside, so clockwise around a corner
		// on it is clockwise seen from that corner: with y pointing
		// down, a rising angle.
		at := map[string][2]float64{"U": {pad + 3*a, pad}, "L": {pad + 1.5*a, mid}, "R": {pad + 4.5*a, mid}, "B": {pad + 3*a, pad + 6*h}}[strings.ToUpper(corner)]
		r := 0.62 * a
		if corner != strings.ToUpper(corner) {
			r = 0.36 * a // a tip alone
		}
		// The arc's gap, 90 degrees wide, faces out of the net (its
		// centre's direction given), where no sticker is hidden.
		start := map[string]float64{"U": 270, "L": 150, "R": 30, "B": 90}[strings.ToUpper(corner)] + 45
		sweep := 270.0
		if way == -1 {
			start, sweep = start+270, -270
		}
		var pts []float64
		for k := 0; k <= 27; k++ {
			th := (start + sweep*float64(k)/27) * math.Pi / 180
			pts = append(pts, at[0]+r*math.Cos(th), at[1]+r*math.Sin(th))
		}
		d.arrow(6, pts...)
	}
	return d.String(), nil
}

// numberColours tint the numbers 1, 2, 3 of the rotation game.
var numberColours = [4]string{"#ffffff", "#f4c7c3", "#c3e6cb", "#c6dafc"}

// Board draws a board of numbered cells, rows of cols cells read row by row
// (-1: no cell there), titled title. bold marks the cells drawn with a
// heavier outline (the rotation game's centre); tint colours a cell by its
// number (1..3) when set.
func Board(title string, cols int, cells []int, bold func(i int) bool, tint bool) string {
	return board(title, cols, cells, bold, tint).String()
}

// boardCell and boardPad are a board's cell edge and margin.
const boardCell, boardPad = 40.0, 8.0

// board is Board, left open for arrows.
func board(title string, cols int, cells []int, bold func(i int) bool, tint bool) *doc {
	const s, pad = boardCell, boardPad
	rows := (len(cells) + cols - 1) / cols
	d := newDoc(pad+float64(cols)*s+pad, pad+float64(rows)*s+pad, title)
	for k, v := range cells {
		if v < 0 {
			continue
		}
		x, y := pad+float64(k%cols)*s, pad+float64(k/cols)*s
		fill := "#ffffff"
		if tint && v < len(numberColours) {
			fill = numberColours[v]
		}
		width := 1.2
		if bold != nil && bold(k) {
			width = 3
		}
		d.rect(x+1, y+1, s-2, s-2, fill, width)
		if v > 0 {
			d.text(x+s/2, y+s/2, 18, "#1d2330", strconv.Itoa(v))
		}
	}
	return d
}

// cellCentre returns the centre of a board's cell k, of cols to a row.
func cellCentre(k, cols int) (x, y float64) {
	return boardPad + (float64(k%cols)+0.5)*boardCell, boardPad + (float64(k/cols)+0.5)*boardCell
}

// lineArrow adds a straight arrow from (x0, y0) to (x1, y1).
func (d *doc) lineArrow(x0, y0, x1, y1 float64) {
	// arrow draws the line to the last point but one, and the head over
	// the last stretch: the line runs to where the head begins.
	const head = 10.0
	l := math.Hypot(x1-x0, y1-y0)
	if l <= head {
		return
	}
	f := (l - head) / l
	var pts []float64
	for k := 0; k <= 8; k++ {
		g := f * float64(k) / 8
		pts = append(pts, x0+(x1-x0)*g, y0+(y1-y0)*g)
	}
	d.arrow(head, append(pts, x1, y1)...)
}

// turnArrow adds an arrow three quarters of the way round (cx, cy), at
// radius r, clockwise on the screen or not.
func (d *doc) turnArrow(cx, cy, r float64, clockwise bool) {
	// The screen's y points down: clockwise is a rising angle.
	sweep := 270.0
	if !clockwise {
		sweep = -270
	}
	var pts []float64
	for k := 0; k <= 27; k++ {
		th := (-135 + sweep*float64(k)/27) * math.Pi / 180
		pts = append(pts, cx+r*math.Cos(th), cy+r*math.Sin(th))
	}
	d.arrow(10, pts...)
}

// Views draws the three views of the views puzzle, top, front and side,
// each four by four, side by side: bits are the 48 bits of its 12 hex
// digits, the top view's first, each view row by row.
func Views(bits []bool) string {
	const s = 18.0
	const pad = 8.0
	const gap = 22.0
	w := pad + 3*4*s + 2*gap + pad
	d := newDoc(w, pad+14+4*s+pad, "views: top, front, side")
	for v, name := range []string{"top", "front", "side"} {
		x0 := pad + float64(v)*(4*s+gap)
		d.text(x0+2*s, pad+6, 12, "#5b6475", name)
		for k := 0; k < 16; k++ {
			fill := "#ffffff"
			if i := 16*v + k; i < len(bits) && bits[i] {
				fill = "#1d2330"
			}
			d.rect(x0+float64(k%4)*s, pad+14+float64(k/4)*s, s, s, fill, 1)
		}
	}
	return d.String()
}

// MagicSquare draws the magic squares' board: cells read clockwise from the
// top left, as cli.Shown gives them, laid out as two rows of four.
func MagicSquare(cells []int) string { return magicSquare(cells).String() }

// MagicSquareNext is MagicSquare with arrows for the operation about to be
// made, 0..2 for A, B and C: A, the rows exchanged, an arrow down and one
// up; B, the columns moved one to the right (the last to the first), an
// arrow along each row; C, the middle four turned clockwise, an arrow round
// them.
func MagicSquareNext(cells []int, op int) string {
	d := magicSquare(cells)
	switch op {
	case 0:
		for _, c := range []int{1, 2} {
			x, top := cellCentre(c, 4)
			_, bottom := cellCentre(c+4, 4)
			top, bottom = top-0.3*boardCell, bottom+0.3*boardCell
			if c == 2 {
				top, bottom = bottom, top
			}
			d.lineArrow(x, top, x, bottom)
		}
	case 1:
		for _, row := range []int{0, 4} {
			x0, y := cellCentre(row, 4)
			x1, _ := cellCentre(row+3, 4)
			d.lineArrow(x0, y, x1, y)
		}
	case 2:
		d.turnArrow(boardPad+2*boardCell, boardPad+boardCell, 0.55*boardCell, true)
	}
	return d.String()
}

// magicSquare is MagicSquare, left open for arrows.
func magicSquare(cells []int) *doc {
	laid := make([]int, 8)
	for k := range laid {
		laid[k] = -1
	}
	for k, v := range cells {
		if k < 4 {
			laid[k] = v
		} else if k < 8 {
			laid[11-k] = v
		}
	}
	return board("magic square", 4, laid, nil, false)
}

// RotGrid draws the rotation grid: nine tiles, row by row.
func RotGrid(cells []int) string { return Board("rotation grid", 3, cells, nil, false) }

// RotGridNext is RotGrid with an arrow for the move about to be made: a
// quarter turn of the 2x2 block 0..3 (top left, top right, bottom left,
// bottom right), clockwise or not, drawn round the block's centre.
func RotGridNext(cells []int, block int, clockwise bool) string {
	d := board("rotation grid", 3, cells, nil, false)
	cx, cy := cellCentre(block/2*3+block%2, 3)
	d.turnArrow(cx+boardCell/2, cy+boardCell/2, 0.55*boardCell, clockwise)
	return d.String()
}

// rotGameRows lays out the rotation game's # board: its cells 0..23 in
// seven rows of seven, -1 for none.
var rotGameRows = [7][7]int{
	{-1, -1, 0, -1, 1, -1, -1}, {-1, -1, 2, -1, 3, -1, -1},
	{4, 5, 6, 7, 8, 9, 10}, {-1, -1, 11, -1, 12, -1, -1},
	{13, 14, 15, 16, 17, 18, 19}, {-1, -1, 20, -1, 21, -1, -1}, {-1, -1, 22, -1, 23, -1, -1},
}

// RotGame draws the rotation game's board: its 24 numbers (1..3), each
// tinted, the eight centre cells outlined heavier.
func RotGame(cells []int) string { return rotGame(cells).String() }

// RotGameNext is RotGame with an arrow for the operation about to be made:
// line is its seven cells (0..23), whose contents each move to the cell
// before, the first's to the last; the arrow runs along the line, from its
// last cell past its first.
func RotGameNext(cells []int, line [7]int) string {
	d := rotGame(cells)
	at := func(cell int) (float64, float64) {
		for k, row := range rotGameRows {
			for c, i := range row {
				if i == cell {
					return cellCentre(7*k+c, 7)
				}
			}
		}
		return 0, 0
	}
	x0, y0 := at(line[6])
	x1, y1 := at(line[0])
	d.lineArrow(x0, y0, x1, y1)
	return d.String()
}

// rotGame is RotGame, left open for arrows.
func rotGame(cells []int) *doc {
	var laid []int
	for _, row := range rotGameRows {
		for _, i := range row {
			v := -1
			if i >= 0 && i < len(cells) {
				v = cells[i]
			}
			laid = append(laid, v)
		}
	}
	centre := map[int]bool{}
	for _, i := range []int{6, 7, 8, 11, 12, 15, 16, 17} {
		for k, row := range rotGameRows {
			for c, j := range row {
				if j == i {
					centre[7*k+c] = true
				}
			}
		}
	}
	return board("rotation game", 7, laid, func(k int) bool { return centre[k] }, true)
}

// ViewsHex draws the views given as their 12 hex digits, the first digit's
// most significant bit first.
func ViewsHex(hex string) string {
	var bits []bool
	for _, c := range hex {
		d, err := strconv.ParseUint(string(c), 16, 8)
		if err != nil {
			d = 0
		}
		for b := 3; b >= 0; b-- {
			bits = append(bits, d>>b&1 == 1)
		}
	}
	return Views(bits)
}
