package app

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// hostileDefinition writes a definition of n small sets and the given
// moves, each a row per set it turns (turns(m) lists them).
func hostileDefinition(t *testing.T, n, moves int, turns func(m int) []int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("Name Hostile\n")
	for i := range n {
		fmt.Fprintf(&b, "Set S%d 3 2\n", i)
	}
	b.WriteString("Solved\n")
	for i := range n {
		fmt.Fprintf(&b, "S%d\n1 2 3\n0 0 0\n", i)
	}
	b.WriteString("End\n")
	for m := range moves {
		fmt.Fprintf(&b, "Move M%d\n", m)
		for _, i := range turns(m) {
			fmt.Fprintf(&b, "S%d\n2 3 1\n1 1 0\n", i)
		}
		b.WriteString("End\n")
	}
	path := filepath.Join(t.TempDir(), "hostile.tws")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A definition of 2,000 sets, of 2,000 moves, or of sets the moves turn
// apart is refused in one line, having allocated less than 100 MB (the
// definitions are 100 to 250 KB), and never panics; 2,000 sets the moves
// turn alike are built in the same bound.
func TestHostileDefinitionBounded(t *testing.T) {
	every := func(n int) func(int) []int {
		return func(m int) []int {
			var s []int
			for i := m % 3; i < n; i += 3 {
				s = append(s, i)
			}
			return s
		}
	}
	for _, c := range []struct {
		name        string
		sets, moves int
		turns       func(int) []int
		want        string
	}{
		{"2000 sets turned alike", 2000, 3, every(2000), ""},
		{"2000 sets", 2000, 8, func(m int) []int {
			var s []int
			rng := rand.New(rand.NewPCG(uint64(m), 1))
			for i := range 2000 {
				if rng.IntN(2) == 0 {
					s = append(s, i)
				}
			}
			return s
		}, "beyond what godtable indexes"},
		{"2000 moves", 2000, 2000, func(m int) []int { return []int{m} }, "too many moves"},
		{"2000 sets each its own", 2000, 64, func(m int) []int { return []int{m, m + 64, m + 128} }, "beyond what godtable indexes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			def := hostileDefinition(t, c.sets, c.moves, c.turns)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			var stdout, stderr bytes.Buffer
			code := Run([]string{"gen", def, "-o", filepath.Join(t.TempDir(), "t.gdt")}, strings.NewReader(""), &stdout, &stderr)
			runtime.ReadMemStats(&after)
			msg := strings.TrimSpace(stderr.String())
			if c.want == "" {
				// Sets every move turns alike are one coordinate:
				// built, small, in the same bound.
				if code != ExitOK {
					t.Errorf("exit %d, %q; want it built", code, msg)
				}
			} else if code != ExitInvalid || strings.Count(msg, "\n") != 0 || !strings.Contains(msg, c.want) {
				t.Errorf("exit %d, %q; want %d and one line with %q", code, msg, ExitInvalid, c.want)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 100<<20 {
				t.Errorf("allocated %d MB before the refusal", alloc>>20)
			}
		})
	}
}
