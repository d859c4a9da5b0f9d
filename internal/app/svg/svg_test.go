package svg

import (
	"encoding/xml"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/model/rotgame"
	"github.com/godtable/godtable/lookup/pocket"
	"github.com/godtable/godtable/lookup/pyraminx"
)

// shape is a drawn polygon or rectangle: its fill and its corners.
type shape struct {
	fill string
	pts  [][2]float64
}

// parse checks that a drawing is one line of well-formed SVG and returns
// its filled shapes, in order, and its texts.
func parse(t *testing.T, doc string) (shapes []shape, texts []string) {
	t.Helper()
	if strings.ContainsAny(doc, "\n\r") {
		t.Fatalf("drawing spans lines: %.80q", doc)
	}
	if !strings.HasPrefix(doc, `<svg xmlns="http://www.w3.org/2000/svg"`) {
		t.Fatalf("not an SVG document: %.80q", doc)
	}
	dec := xml.NewDecoder(strings.NewReader(doc))
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			switch e.Name.Local {
			case "polyline":
				continue // an arrow's line (see arrowLine)
			case "polygon":
				if attr["fill"] == "none" || attr["class"] == "arrow-head" {
					continue // a face's border, an arrow's head
				}
				var s shape
				s.fill = attr["fill"]
				for _, p := range strings.Fields(attr["points"]) {
					x, y, _ := strings.Cut(p, ",")
					s.pts = append(s.pts, [2]float64{atof(t, x), atof(t, y)})
				}
				shapes = append(shapes, s)
			case "rect":
				x, y, w, h := atof(t, attr["x"]), atof(t, attr["y"]), atof(t, attr["width"]), atof(t, attr["height"])
				shapes = append(shapes, shape{attr["fill"], [][2]float64{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}})
			case "text":
				inText = true
			case "svg", "title":
			default:
				t.Fatalf("unexpected element <%s>", e.Name.Local)
			}
		case xml.CharData:
			if inText {
				texts = append(texts, string(e))
			}
		case xml.EndElement:
			inText = false
		}
	}
	return shapes, texts
}

func atof(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("bad number %q", s)
	}
	return f
}

func centroid(s shape) (x, y float64) {
	for _, p := range s.pts {
		x += p[0]
		y += p[1]
	}
	return x / float64(len(s.pts)), y / float64(len(s.pts))
}

// faces gives a cube's stickers' faces as cli.Shown does.
func faces(c pocket.Cube) []int {
	var fs []int
	for _, f := range c.Faces() {
		fs = append(fs, int(f))
	}
	return fs
}

// The cube as held: after R, the right column of U shows F's colour and the
// right column of F shows D's, seen where they are on the drawn cube, and
// the net beside it is the facelets, sticker by sticker.
func TestPocketDrawing(t *testing.T) {
	cube, err := pocket.Scramble("R")
	if err != nil {
		t.Fatal(err)
	}
	fs := faces(cube)
	shapes, _ := parse(t, must(Pocket(fs, "")))
	if len(shapes) != 12+24 {
		t.Fatalf("%d shapes, want 12 on the cube and 24 on the net", len(shapes))
	}
	// Undo the projection of the cube's faces: a sticker's centre on the
	// drawing gives its place on U (z = 2), F (y = 0) or R (x = 2).
	const u, pad = 34.0, 8.0
	cos30 := math.Sqrt(3) / 2
	top := shapes[0].pts[0][1] // U's back corner is the highest point
	oy := top + 3*u
	white, green, red, yellow := faceColours[0], faceColours[2], faceColours[1], faceColours[3]
	seen := map[string]int{}
	for _, s := range shapes[:12] {
		cx, cy := centroid(s)
		sum := (cx - pad) / cos30 / u // x + y
		diff := 2 * (cy - oy) / u     // x - y - 2z
		var face string
		var col float64 // the column from the left, as the face is seen
		// Try each face's plane; the one whose point lies on the cube is it.
		if x, y := (sum+diff+4)/2, (sum-diff-4)/2; x > 0 && x < 2 && y > 0 && y < 2 {
			face, col = "U", x
		}
		if x, z := sum, -(diff-sum)/2; face == "" && x > 0 && x < 2 && z > 0 && z < 2 {
			face, col = "F", x
		}
		if y := sum - 2; face == "" && y > 0 && y < 2 {
			if z := (2 - y - diff) / 2; z > 0 && z < 2 {
				face, col = "R", y
			}
		}
		want := map[string][2]string{"U": {white, green}, "F": {green, yellow}, "R": {red, red}}[face]
		if face == "" {
			t.Fatalf("sticker at (%.1f, %.1f) lies on no visible face", cx, cy)
		}
		if w := want[int(col)]; s.fill != w {
			t.Errorf("%s, column %.1f: %s, want %s", face, col, s.fill, w)
		}
		seen[face]++
	}
	if seen["U"] != 4 || seen["F"] != 4 || seen["R"] != 4 {
		t.Errorf("stickers per face: %v, want 4 each of U, F, R", seen)
	}
	// The net's cells come row by row, which is the stickers' order A..X.
	for i := range 24 {
		if got := shapes[12+i].fill; got != faceColours[fs[i]] {
			t.Errorf("net sticker %c: %s, want %s", 'A'+i, got, faceColours[fs[i]])
		}
	}
}

// inside reports whether (x, y) lies inside the triangle abc.
func inside(x, y float64, a, b, c [2]float64) bool {
	side := func(p, q [2]float64) float64 { return (q[0]-p[0])*(y-p[1]) - (q[1]-p[1])*(x-p[0]) }
	d1, d2, d3 := side(a, b), side(b, c), side(c, a)
	return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0))
}

// The Pyraminx's 36 stickers are triangles, nine in each face's border,
// coloured as the stickers say.
func TestPyraminxDrawing(t *testing.T) {
	const a, pad = 34.0, pyraminxMargin
	h := a * math.Sqrt(3) / 2
	mid := pad + 3*h
	borders := map[byte][3][2]float64{
		'L': {{pad, pad}, {pad + 3*a, pad}, {pad + 1.5*a, mid}},
		'F': {{pad + 3*a, pad}, {pad + 4.5*a, mid}, {pad + 1.5*a, mid}},
		'R': {{pad + 3*a, pad}, {pad + 6*a, pad}, {pad + 4.5*a, mid}},
		'D': {{pad + 1.5*a, mid}, {pad + 4.5*a, mid}, {pad + 3*a, pad + 6*h}},
	}
	solved := pyraminx.Position{}.Stickers()
	shapes, _ := parse(t, must(Pyraminx(solved, "")))
	if len(shapes) != 36 {
		t.Fatalf("%d shapes, want 36", len(shapes))
	}
	count := map[byte]int{}
	for _, s := range shapes {
		if len(s.pts) != 3 {
			t.Fatalf("a sticker with %d corners", len(s.pts))
		}
		cx, cy := centroid(s)
		var face byte
		for f, b := range borders {
			if inside(cx, cy, b[0], b[1], b[2]) {
				face = f
			}
		}
		if face == 0 || s.fill != pyraminxColours[face] {
			t.Errorf("sticker at (%.1f, %.1f) in face %q is %s", cx, cy, face, s.fill)
		}
		count[face]++
	}
	for _, f := range []byte("FLRD") {
		if count[f] != 9 {
			t.Errorf("face %c: %d stickers", f, count[f])
		}
	}
	p, err := pyraminx.Scramble("U L' R B' u l'")
	if err != nil {
		t.Fatal(err)
	}
	st := p.Stickers()
	shapes, _ = parse(t, must(Pyraminx(st, "")))
	k := 0
	for _, row := range pyraminxRows {
		for _, i := range row {
			if shapes[k].fill != pyraminxColours[st[i]] {
				t.Errorf("sticker %d: %s, want %c's", i, shapes[k].fill, st[i])
			}
			k++
		}
	}
}

// The boards: their numbers where the command's text drawing has them.
func TestBoards(t *testing.T) {
	_, texts := parse(t, MagicSquare([]int{4, 8, 1, 3, 6, 2, 7, 5}))
	if got := strings.Join(texts, " "); got != "4 8 1 3 5 7 2 6" {
		t.Errorf("magic square reads %q, want the two rows 4 8 1 3 and 5 7 2 6", got)
	}
	_, texts = parse(t, RotGrid([]int{4, 9, 2, 3, 5, 7, 8, 1, 6}))
	if got := strings.Join(texts, ""); got != "492357816" {
		t.Errorf("grid reads %q", got)
	}
	cells := make([]int, 24)
	for i := range cells {
		cells[i] = 1 + i%3
	}
	shapes, texts := parse(t, RotGame(cells))
	if len(shapes) != 24 || len(texts) != 24 {
		t.Fatalf("rotation game: %d cells, %d numbers", len(shapes), len(texts))
	}
	// Row by row through the # shape (0 1, 2 3, 4..10, 11 12, ...) is
	// the cells' own order.
	for i, c := range cells {
		if texts[i] != strconv.Itoa(c) {
			t.Errorf("cell %d reads %s, want %d", i, texts[i], c)
		}
	}
	shapes, texts = parse(t, ViewsHex("f00000000001"))
	if len(shapes) != 48 || strings.Join(texts, " ") != "top front side" {
		t.Fatalf("views: %d cells, labels %q", len(shapes), texts)
	}
	for k, s := range shapes {
		if full := s.fill != "#ffffff"; full != (k < 4 || k == 47) {
			t.Errorf("views cell %d filled %v", k, full)
		}
	}
}

func must(s string, err error) string {
	if err != nil {
		panic(err)
	}
	return s
}

// arrowLine returns the points of a drawing's arrow, the dark line's (the
// second of the two drawn), and whether it has a head.
func arrowLine(t *testing.T, doc string) (pts [][2]float64, head bool) {
	t.Helper()
	parts := strings.Split(doc, `<polyline points="`)
	if len(parts) != 3 {
		t.Fatalf("%d arrow lines, want 2 (outline and line)", len(parts)-1)
	}
	list, _, _ := strings.Cut(parts[2], `"`)
	for _, p := range strings.Fields(list) {
		x, y, _ := strings.Cut(p, ",")
		pts = append(pts, [2]float64{atof(t, x), atof(t, y)})
	}
	return pts, strings.Contains(doc, `class="arrow-head"`)
}

// turning is the angle, in degrees, that points sweep around (cx, cy):
// positive anticlockwise in the (a, b) frame they are given in.
func turning(pts [][2]float64, cx, cy float64) float64 {
	total := 0.0
	for k := 1; k < len(pts); k++ {
		a0 := math.Atan2(pts[k-1][1]-cy, pts[k-1][0]-cx)
		a1 := math.Atan2(pts[k][1]-cy, pts[k][0]-cx)
		d := a1 - a0
		for d > math.Pi {
			d -= 2 * math.Pi
		}
		for d < -math.Pi {
			d += 2 * math.Pi
		}
		total += d
	}
	return total * 180 / math.Pi
}

// The pocket cube's arrow lies on the face of the move and turns the way
// the move turns it, seen from outside: its points, projected back onto
// the face, go round the face's centre clockwise for R, anticlockwise for
// R'.
func TestPocketArrow(t *testing.T) {
	const u, pad = 34.0, 8.0
	cos30 := math.Sqrt(3) / 2
	solved := faces(pocket.Cube{})
	top := func(doc string) float64 { s, _ := parse(t, doc); return s[0].pts[0][1] }
	for _, c := range []struct {
		move string
		face string
		turn float64 // degrees, in the face's (right, up) frame
	}{
		{"R", "R", -1}, {"R'", "R", 1}, {"R2", "R", -1}, {"U", "U", -1}, {"U'", "U", 1}, {"F", "F", -1}, {"F2", "F", -1},
	} {
		doc := must(Pocket(solved, c.move))
		pts, head := arrowLine(t, doc)
		oy := top(doc) + 3*u
		var onFace [][2]float64
		for _, p := range pts {
			sum := (p[0] - pad) / cos30 / u
			diff := 2 * (p[1] - oy) / u
			var a, b float64
			switch c.face {
			case "U": // z = 2: (x, y)
				a, b = (sum+diff+4)/2, (sum-diff-4)/2
			case "F": // y = 0: (x, z)
				a, b = sum, (sum-diff)/2
			case "R": // x = 2: (y, z)
				a = sum - 2
				b = (2 - a - diff) / 2
			}
			if a < 0 || a > 2 || b < 0 || b > 2 {
				t.Fatalf("%s: arrow point (%.2f, %.2f) off face %s", c.move, a, b, c.face)
			}
			onFace = append(onFace, [2]float64{a, b})
		}
		// Three quarters of a turn, less the last step, which the head
		// covers.
		if sweep := turning(onFace, 1, 1); math.Abs(sweep-260*c.turn) > 1 || !head {
			t.Errorf("%s: the arrow turns %.0f degrees round %s's centre (head %v), want %.0f", c.move, sweep, c.face, head, 260*c.turn)
		}
		if half := strings.Contains(doc, ">2</text>"); half != strings.HasSuffix(c.move, "2") {
			t.Errorf("%s: marked as a half turn: %v", c.move, half)
		}
	}
	for _, bad := range []string{"D", "L'", "x", "R3", "RU", "r"} {
		if _, err := Pocket(solved, bad); err == nil || !strings.Contains(err.Error(), "--next") {
			t.Errorf("Pocket(%q): %v, want an error", bad, err)
		}
	}
}

// The Pyraminx's arrow goes round its corner on the net, clockwise (seen
// from the corner, on the net seen from outside) for U, the other way for
// U'; a tip's is smaller. U moves F's stickers by U to L's: on the net,
// from below U to its left, clockwise on the screen.
func TestPyraminxArrow(t *testing.T) {
	const a, pad = 34.0, pyraminxMargin
	h := a * math.Sqrt(3) / 2
	corners := map[string][2]float64{"U": {pad + 3*a, pad}, "L": {pad + 1.5*a, pad + 3*h}, "R": {pad + 4.5*a, pad + 3*h}, "B": {pad + 3*a, pad + 6*h}}
	solved := pyraminx.Position{}.Stickers()
	radius := map[bool]float64{}
	for _, move := range []string{"U", "U'", "L", "L'", "R", "R'", "B", "B'", "u", "u'", "l", "r", "b'"} {
		pts, head := arrowLine(t, must(Pyraminx(solved, move)))
		c := corners[strings.ToUpper(move[:1])]
		// Three quarters of a turn, less the last step, which the head
		// covers; the screen's y points down, so clockwise is a rising
		// angle.
		want := 260.0
		if strings.HasSuffix(move, "'") {
			want = -260
		}
		if sweep := turning(pts, c[0], c[1]); math.Abs(sweep-want) > 1 || !head {
			t.Errorf("%s: the arrow turns %.0f degrees round its corner (head %v), want %.0f", move, sweep, head, want)
		}
		r := math.Hypot(pts[0][0]-c[0], pts[0][1]-c[1])
		tip := move[:1] != strings.ToUpper(move[:1])
		if old, ok := radius[tip]; ok && math.Abs(old-r) > 0.01 {
			t.Errorf("%s: radius %.1f, another's %.1f", move, r, old)
		}
		radius[tip] = r
	}
	if radius[true] >= radius[false] {
		t.Errorf("a tip's arrow (radius %.1f) is not smaller than a corner's (%.1f)", radius[true], radius[false])
	}
	for _, bad := range []string{"U2", "D", "F", "x", "UL"} {
		if _, err := Pyraminx(solved, bad); err == nil {
			t.Errorf("Pyraminx(%q): no error", bad)
		}
	}
}

// arrowLines returns the points of each of a drawing's arrows, the dark
// line's (the second of each pair drawn), and how many heads it has.
func arrowLines(t *testing.T, doc string) (lines [][][2]float64, heads int) {
	t.Helper()
	parts := strings.Split(doc, `<polyline points="`)[1:]
	if len(parts)%2 != 0 {
		t.Fatalf("%d arrow lines, want pairs (outline and line)", len(parts))
	}
	for k := 1; k < len(parts); k += 2 {
		list, _, _ := strings.Cut(parts[k], `"`)
		var pts [][2]float64
		for _, p := range strings.Fields(list) {
			x, y, _ := strings.Cut(p, ",")
			pts = append(pts, [2]float64{atof(t, x), atof(t, y)})
		}
		lines = append(lines, pts)
	}
	return lines, strings.Count(doc, `class="arrow-head"`)
}

// centreOf returns the centre of the cell a board drawing shows number n in.
func centreOf(t *testing.T, doc string, n int) (x, y float64) {
	t.Helper()
	shapes, texts := parse(t, doc)
	for i, s := range texts {
		if s == strconv.Itoa(n) {
			return centroid(shapes[i])
		}
	}
	t.Fatalf("no cell shows %d", n)
	return 0, 0
}

// straight checks that an arrow runs from near (x0, y0) toward (x1, y1) in
// a straight line, its points in order along the way.
func straight(t *testing.T, what string, pts [][2]float64, x0, y0, x1, y1 float64) {
	t.Helper()
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	prev := -1.0
	for _, p := range pts {
		along := ((p[0]-x0)*dx + (p[1]-y0)*dy) / l
		off := math.Abs((p[0]-x0)*dy-(p[1]-y0)*dx) / l
		if off > 0.5 || along <= prev {
			t.Fatalf("%s: point %v off the line from (%.0f, %.0f) to (%.0f, %.0f), or back along it", what, p, x0, y0, x1, y1)
		}
		prev = along
	}
	if first := pts[0]; math.Hypot(first[0]-x0, first[1]-y0) > 0.3*boardCell {
		t.Errorf("%s: starts at %v, not at (%.0f, %.0f)", what, first, x0, y0)
	}
}

// The boards' arrows: the rotation grid's goes round its block's centre,
// clockwise on the screen for TL, the other way for TL'; the magic
// squares' A runs down from the top row and up from the bottom one, B along
// each row to the right, C round the middle four clockwise; the rotation
// game's runs along its line the way the contents move.
func TestBoardArrows(t *testing.T) {
	grid := []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
	for block := range 4 {
		for _, cw := range []bool{true, false} {
			doc := RotGridNext(grid, block, cw)
			lines, heads := arrowLines(t, doc)
			// The block's centre is the corner its four cells share.
			x0, y0 := centreOf(t, doc, block/2*3+block%2+1)
			x1, y1 := centreOf(t, doc, block/2*3+block%2+5)
			want := 260.0
			if !cw {
				want = -260
			}
			if len(lines) != 1 || heads != 1 {
				t.Fatalf("block %d: %d arrows, %d heads", block, len(lines), heads)
			}
			if sweep := turning(lines[0], (x0+x1)/2, (y0+y1)/2); math.Abs(sweep-want) > 1 {
				t.Errorf("block %d, clockwise %v: the arrow turns %.0f degrees round the block's centre, want %.0f", block, cw, sweep, want)
			}
		}
	}

	square := []int{1, 2, 3, 4, 5, 6, 7, 8} // laid out 1 2 3 4 over 8 7 6 5
	doc := MagicSquareNext(square, 0)
	lines, heads := arrowLines(t, doc)
	if len(lines) != 2 || heads != 2 {
		t.Fatalf("A: %d arrows, %d heads", len(lines), heads)
	}
	// Each from beyond its first cell (a third of a cell out).
	for k, ends := range [][2]int{{2, 7}, {6, 3}} {
		x0, y0 := centreOf(t, doc, ends[0])
		x1, y1 := centreOf(t, doc, ends[1])
		straight(t, "A", lines[k], x0, y0-math.Copysign(0.3*boardCell, y1-y0), x1, y1)
	}
	doc = MagicSquareNext(square, 1)
	lines, heads = arrowLines(t, doc)
	if len(lines) != 2 || heads != 2 {
		t.Fatalf("B: %d arrows, %d heads", len(lines), heads)
	}
	for k, ends := range [][2]int{{1, 4}, {8, 5}} {
		x0, y0 := centreOf(t, doc, ends[0])
		x1, y1 := centreOf(t, doc, ends[1])
		straight(t, "B", lines[k], x0, y0, x1, y1)
	}
	doc = MagicSquareNext(square, 2)
	lines, heads = arrowLines(t, doc)
	x0, y0 := centreOf(t, doc, 2)
	x1, y1 := centreOf(t, doc, 6)
	if len(lines) != 1 || heads != 1 {
		t.Fatalf("C: %d arrows, %d heads", len(lines), heads)
	}
	if sweep := turning(lines[0], (x0+x1)/2, (y0+y1)/2); math.Abs(sweep-260) > 1 {
		t.Errorf("C: the arrow turns %.0f degrees round the middle four, want 260", sweep)
	}

	// Each cell of the rotation game shows its own number (1..24 here),
	// so that the line's cells can be found in the drawing.
	cells := make([]int, 24)
	for i := range cells {
		cells[i] = i + 1
	}
	for m, line := range rotgame.Lines {
		var l [7]int
		for k, c := range line {
			l[k] = int(c)
		}
		doc := RotGameNext(cells, l)
		lines, heads := arrowLines(t, doc)
		if len(lines) != 1 || heads != 1 {
			t.Fatalf("%c: %d arrows, %d heads", 'A'+m, len(lines), heads)
		}
		// The contents move from each cell to the one before it in the
		// line: the arrow runs from the last cell to the first.
		x0, y0 := centreOf(t, doc, l[6]+1)
		x1, y1 := centreOf(t, doc, l[0]+1)
		straight(t, string(rune('A'+m)), lines[0], x0, y0, x1, y1)
		for _, c := range l {
			x, y := centreOf(t, doc, c+1)
			if !near(lines[0], x, y) {
				t.Errorf("%c: the arrow misses cell %d", 'A'+m, c)
			}
		}
	}
}

// near reports whether the line through pts passes within a cell of (x, y).
func near(pts [][2]float64, x, y float64) bool {
	for k := 1; k < len(pts); k++ {
		for f := 0.0; f <= 1; f += 0.1 {
			px, py := pts[k-1][0]+(pts[k][0]-pts[k-1][0])*f, pts[k-1][1]+(pts[k][1]-pts[k-1][1])*f
			if math.Hypot(px-x, py-y) < boardCell/2 {
				return true
			}
		}
	}
	return false
}
