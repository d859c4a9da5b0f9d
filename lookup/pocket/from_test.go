package pocket_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/lookup"
	"github.com/godtable/godtable/lookup/pocket"
	embedded "github.com/godtable/godtable/tables/pocket"
)

// Tables read from the table files answer every question as the embedded
// ones, in both metrics.
func TestFromAnswersAsEmbedded(t *testing.T) {
	from := pocket.From(strings.NewReader(embedded.HTM), strings.NewReader(embedded.QTM))
	rng := rand.New(rand.NewPCG(11, 12))
	for _, m := range []pocket.Metric{pocket.HTM, pocket.QTM} {
		got, err1 := from.Distribution(m)
		want, err2 := pocket.Distribution(m)
		if err1 != nil || err2 != nil || !slices.Equal(got, want) {
			t.Fatalf("%v: distribution %v (%v), embedded %v (%v)", m, got, err1, want, err2)
		}
		for range 200 {
			c := pocket.Random(rng)
			answers := func(t *pocket.Tables) string {
				s, err1 := t.Solve(c, m)
				d, err2 := t.Distance(c, m)
				n, err3 := t.Count(c, m)
				all, more, err4 := t.All(c, m, 3)
				mv, err5 := t.MovesIn(c, m)
				v, err6 := t.Verify(c, "R U F", m)
				return fmt.Sprint(s, d, n, all, more, mv, v, err1, err2, err3, err4, err5, err6)
			}
			if got, want := answers(from), answers(pocket.Embedded()); got != want {
				t.Fatalf("%v, %s: from the files %s, embedded %s", m, c, got, want)
			}
		}
	}
	if err := from.Configure(lookup.WithNextTable(lookup.NextOff)); err != nil {
		t.Fatal(err)
	}
}

// A damaged table, or another metric's, is refused with a TableError when
// it is first read, and answers nothing; the other metric's table, given
// as nil, is the embedded one and answers.
func TestFromRefuses(t *testing.T) {
	bad := []byte(embedded.HTM)
	bad[len(bad)/2] ^= 0x08
	c := pocket.Random(rand.New(rand.NewPCG(13, 14)))
	damaged := pocket.From(bytes.NewReader(bad), nil)
	var te *lookup.TableError
	if s, err := damaged.Solve(c, pocket.HTM); !errors.As(err, &te) || !errors.Is(err, lookup.ErrCorruptTable) || s.Len() != 0 {
		t.Errorf("damaged half-turn table: %q, %v; want a TableError for a corrupt table", s, err)
	}
	if _, err := damaged.Distribution(pocket.HTM); !errors.Is(err, lookup.ErrCorruptTable) {
		t.Errorf("damaged half-turn table's distribution: %v", err)
	}
	want, err := c.Solve(pocket.QTM)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := damaged.Solve(c, pocket.QTM); err != nil || s.String() != want.String() {
		t.Errorf("the embedded quarter-turn table beside it: %q, %v; want %q", s, err, want)
	}
	swapped := pocket.From(strings.NewReader(embedded.QTM), nil)
	if _, err := swapped.Solve(c, pocket.HTM); !errors.Is(err, lookup.ErrTableMismatch) {
		t.Errorf("the quarter-turn table as the half-turn one: %v, want a mismatch", err)
	}
	if _, err := pocket.Embedded().Solve(c, pocket.Metric(7)); err == nil {
		t.Error("an unknown metric answered")
	}
}
