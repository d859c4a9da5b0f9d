package command

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/godtable/godtable/tables"
)

// The helper process: with GODTABLE_TEST_CORRUPT=NAME:OFFSET it serves the
// named table with the byte at OFFSET flipped, then runs the command line in
// GODTABLE_TEST_ARGS on its real stdin, stdout and stderr.
func TestCorruptTableHelper(t *testing.T) {
	spec := os.Getenv("GODTABLE_TEST_CORRUPT")
	if spec == "" {
		t.Skip("helper process only")
	}
	name, off, _ := strings.Cut(spec, ":")
	offset, _ := strconv.Atoi(off)
	data, err := tables.File(name)
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Clone(data)
	data[offset%len(data)] ^= 0x10
	tables.RegisterBytes(name, data)
	os.Exit(Run(strings.Fields(os.Getenv("GODTABLE_TEST_ARGS")), os.Stdin, os.Stdout, os.Stderr))
}

// A damaged table, whether the flip is in its header, its payload or its
// checksum, makes the command say so and exit 3, with no answer printed.
func TestCorruptTable(t *testing.T) {
	data, err := tables.File("pocket-htm")
	if err != nil {
		t.Fatal(err)
	}
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
			cmd := exec.Command(os.Args[0], "-test.run=^TestCorruptTableHelper$")
			cmd.Env = append(os.Environ(),
				fmt.Sprintf("GODTABLE_TEST_CORRUPT=pocket-htm:%d", c.offset),
				"GODTABLE_TEST_ARGS=solve pocket")
			cmd.Stdin = strings.NewReader("UUUULRBFRLFBLRBFRLFBDDDD\nUUUULLFFRRBBLLFFRRBBDDDD\n")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := -1
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			if code != ExitTable {
				t.Errorf("exit %d (%v), want %d; stderr %s", code, err, ExitTable, stderr.String())
			}
			if stdout.Len() != 0 {
				t.Errorf("answers printed from a damaged table: %q", stdout.String())
			}
			msg := stderr.String()
			if !strings.HasPrefix(msg, "godtable: cannot answer: table pocket-htm: corrupt table: ") || strings.Count(msg, "\n") != 1 {
				t.Errorf("stderr %q", msg)
			}
			if strings.Contains(msg, "goroutine") || strings.Contains(msg, "panic") {
				t.Errorf("stack trace: %s", msg)
			}
		})
	}
}

// headerEnd returns the offset just past a table's header checksum.
func headerEnd(t *testing.T, data []byte) int {
	n := int(data[10]) | int(data[11])<<8
	return 8 + 4 + n + 4
}
