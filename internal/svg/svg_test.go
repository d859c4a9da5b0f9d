package svg

import (
	"encoding/xml"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

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
			case "polygon":
				if attr["fill"] == "none" {
					continue // a face's border
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
	shapes, _ := parse(t, Pocket(fs))
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
	const a, pad = 34.0, 8.0
	h := a * math.Sqrt(3) / 2
	mid := pad + 3*h
	borders := map[byte][3][2]float64{
		'L': {{pad, pad}, {pad + 3*a, pad}, {pad + 1.5*a, mid}},
		'F': {{pad + 3*a, pad}, {pad + 4.5*a, mid}, {pad + 1.5*a, mid}},
		'R': {{pad + 3*a, pad}, {pad + 6*a, pad}, {pad + 4.5*a, mid}},
		'D': {{pad + 1.5*a, mid}, {pad + 4.5*a, mid}, {pad + 3*a, pad + 6*h}},
	}
	solved := pyraminx.Position{}.Stickers()
	shapes, _ := parse(t, Pyraminx(solved))
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
	shapes, _ = parse(t, Pyraminx(st))
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
