package app

import (
	"bytes"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/app/pocketcli"
	"github.com/godtable/godtable/lookup/pocket"
	embedded "github.com/godtable/godtable/tables/pocket"
)

// A damaged table, whether the flip is in its header, its payload or its
// checksum, makes the command say so and exit 3, with no answer printed.
// The damaged copy is given to the pocket cube's command package as its
// half-turn table, read as the embedded one is, and the command is run on
// that puzzle as the command line runs it (Call).
func TestCorruptTable(t *testing.T) {
	data := []byte(embedded.HTM)
	for _, c := range []struct {
		where  string
		offset int
	}{
		{"magic", 0},
		{"header", 20},
		{"header checksum", headerEnd(t, data) - 1},
		{"payload", headerEnd(t, data) + 100},
		{"last payload byte", len(data) - 1},
	} {
		t.Run(c.where, func(t *testing.T) {
			bad := bytes.Clone(data)
			bad[c.offset] ^= 0x10
			p := pocketcli.Puzzle{Tables: pocket.From(bytes.NewReader(bad), nil)}
			stdin := strings.NewReader("UUUULRBFRLFBLRBFRLFBDDDD\nUUUULLFFRRBBLLFFRRBBDDDD\n")
			var stdout, stderr bytes.Buffer
			if code := Call("solve", p, callOptions(t, "solve", p), stdin, &stdout, &stderr, nil); code != ExitTable {
				t.Errorf("exit %d, want %d; stderr %s", code, ExitTable, stderr.String())
			}
			if stdout.Len() != 0 {
				t.Errorf("answers printed from a damaged table: %q", stdout.String())
			}
			msg := stderr.String()
			if !strings.HasPrefix(msg, "godtable: cannot answer: table pocket-htm: corrupt table: ") || strings.Count(msg, "\n") != 1 {
				t.Errorf("stderr %q", msg)
			}
		})
	}
	// The same puzzle with the intact table answers both cubes.
	p := pocketcli.Puzzle{Tables: pocket.From(bytes.NewReader(data), nil)}
	var stdout, stderr bytes.Buffer
	code := Call("solve", p, callOptions(t, "solve", p), strings.NewReader("UUUULRBFRLFBLRBFRLFBDDDD\nUUUULLFFRRBBLLFFRRBBDDDD\n"), &stdout, &stderr, nil)
	if code != ExitOK || strings.Count(stdout.String(), "\n") != 2 || stderr.Len() != 0 {
		t.Errorf("intact table: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

// headerEnd returns the offset just past a table's header checksum.
func headerEnd(t *testing.T, data []byte) int {
	n := int(data[10]) | int(data[11])<<8
	return 8 + 4 + n + 4
}
