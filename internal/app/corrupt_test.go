package app

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
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

// headerEnd returns the offset just past a table's header checksum: the
// magic, the version, the header's length (16 bits in version 3, 32 in
// version 4), the header, its checksum.
func headerEnd(t *testing.T, data []byte) int {
	switch v := binary.LittleEndian.Uint16(data[8:]); v {
	case 3:
		return 8 + 4 + int(binary.LittleEndian.Uint16(data[10:])) + 4
	case 4:
		return 8 + 6 + int(binary.LittleEndian.Uint32(data[10:])) + 4
	default:
		t.Fatalf("table format version %d", v)
		return 0
	}
}

// check says, for every flipped byte of a table file, one line naming
// what is wrong, exit 3 and nothing on stdout: a definition's .gdt every
// byte, a built-in table every byte of its header and index and every
// 61st of its payload (with its last).
func TestCheckRefusesEveryFlippedByte(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		file string
		from int // flip every byte before from, every 61st from there
	}{
		{"testdata/defs/twisty.gdt", 1 << 30},
		{"../../tables/msquare/msquare.gdt", -1},
	} {
		data, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		from := c.from
		if from < 0 {
			from = headerEnd(t, data)
		}
		path := filepath.Join(dir, filepath.Base(c.file))
		for i := range data {
			if i >= from && (i-from)%61 != 0 && i != len(data)-1 {
				continue
			}
			bad := bytes.Clone(data)
			bad[i] ^= 0x04
			if err := os.WriteFile(path, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := Run([]string{"check", path}, strings.NewReader(""), &stdout, &stderr)
			msg := stderr.String()
			if code != ExitTable || stdout.Len() != 0 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "godtable: check: table "+path+": ") {
				t.Fatalf("%s, byte %d of %d flipped: exit %d, stdout %q, stderr %q", c.file, i, len(data), code, stdout.String(), msg)
			}
		}
	}
}
