package all

import (
	"fmt"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/model/catalog"
)

// Every puzzle of the catalog has its command package, registered in the
// catalog's order whatever the order of initialisation.
func TestEveryPuzzleRegistered(t *testing.T) {
	var got, want []string
	for _, p := range Puzzles() {
		got = append(got, p.Name())
	}
	for _, p := range catalog.Puzzles() {
		want = append(want, p.Name)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("registered %v, the catalog lists %v", got, want)
	}
}

// The web page's puzzles.js lists every puzzle, in order, with its title,
// and carries the page of each puzzle that has one, which sets that
// puzzle's entry and no other.
func TestPageScript(t *testing.T) {
	js := string(cli.PageScriptOf(Puzzles()))
	at := -1
	for _, p := range Puzzles() {
		entry := fmt.Sprintf(`{"name":%q,"title":%q,`, p.Name(), p.Title())
		i := strings.Index(js, entry)
		if i < 0 || i < at {
			t.Errorf("puzzles.js: %s missing or out of order", entry)
		}
		at = i
		pg, ok := p.(cli.Pager)
		if !ok {
			continue
		}
		page := pg.Page()
		if !strings.Contains(js, page) {
			t.Errorf("puzzles.js: no page for %s", p.Name())
		}
		if sets := strings.Count(page, "godtablePuzzles.pages."); sets != 1 || !strings.Contains(page, "godtablePuzzles.pages."+p.Name()+" = {") {
			t.Errorf("%s's page sets %d entries, want its own alone", p.Name(), sets)
		}
	}
}
