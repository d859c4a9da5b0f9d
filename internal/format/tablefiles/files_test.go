package tablefiles

import "testing"

// A table's Go name is Table when it is named after its puzzle, else the
// rest of its name, capitalised word by word, short words as initialisms.
func TestGoName(t *testing.T) {
	for _, c := range []struct{ puzzle, table, want string }{
		{"msquare", "msquare", "Table"},
		{"pocket", "pocket-htm", "HTM"},
		{"pocket", "pocket-qtm", "QTM"},
		{"cube", "cube-corners-only", "CornersOnly"},
		{"cube", "cube-fto-corners", "FTOCorners"},
		{"cube", "edges", "Edges"},
	} {
		if got := goName(c.puzzle, c.table); got != c.want {
			t.Errorf("goName(%q, %q) = %q, want %q", c.puzzle, c.table, got, c.want)
		}
	}
}
