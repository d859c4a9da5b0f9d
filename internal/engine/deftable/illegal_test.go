package deftable

import (
	"context"
	"testing"

	"github.com/godtable/godtable/internal/engine/permindex"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// A definition's Illegal lines are part of its table's ID, so that a table
// built without them is never taken for one with them; a definition
// without any keeps the ID it had. The illegal states stay unseen in the
// table, and the states it reaches are fewer than the group's order.
func TestIllegalInID(t *testing.T) {
	const base = "Set S 4 1\nSolved\nS\n1 2 3 3\nEnd\nMove U\nS\n2 3 4 1\nEnd\nMove X\nS\n2 1 3 4\nEnd\n"
	id := func(src string) ([32]byte, *ksolve.Puzzle) {
		t.Helper()
		d, err := ksolve.Parse("x.tws", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		p, err := ksolve.NewPuzzle(d, ksolve.HTM, "")
		if err != nil {
			t.Fatal(err)
		}
		x, err := permindex.New(p)
		if err != nil {
			t.Fatal(err)
		}
		return ID(p, x), p
	}
	plain, _ := id(base)
	withComment, _ := id(base + "# no Illegal line\n")
	a, p := id(base + "Illegal S 1 3\n")
	b, _ := id(base + "Illegal S 1 2\n")
	if plain != withComment || a == plain || a == b {
		t.Fatalf("IDs %x %x %x %x", plain[:4], withComment[:4], a[:4], b[:4])
	}
	tb, err := Build(context.Background(), p, BuildOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	reached := uint64(0)
	for _, n := range tb.Counts() {
		reached += uint64(n)
	}
	for i := range tb.Index.Size() {
		s := tb.Index.State(i)
		if !p.Def.Legal(s) && tb.lv.Reachable(i) {
			t.Fatalf("the illegal %s is in the table", p.Def.FormatLine(s))
		}
	}
	if group, _ := p.Reachable(); reached == 0 || reached >= group.Uint64() {
		t.Fatalf("%d states reached of the group's %v", reached, group)
	}
}
