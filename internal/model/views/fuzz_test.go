package views

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParseHex checks that ParseHex never panics, that it accepts exactly
// the 12-hex-digit strings, and that what it accepts writes back the same.
func FuzzParseHex(f *testing.F) {
	for _, s := range []string{"fe88e8f9b499", " 670B14728AD9\n", "", "fe88e8f9b49", "0xfe88e8f9b4", "fe88e8f9b4é9", "ffffffffffffffff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1000 {
			return
		}
		v, err := ParseHex(s)
		if err != nil {
			if err.Error() == "" || strings.Contains(err.Error(), "\n") {
				t.Fatalf("ParseHex(%q): error %q is not one line", s, err)
			}
			return
		}
		if got := v.Hex(); got != strings.ToLower(strings.TrimSpace(s)) {
			t.Fatalf("ParseHex(%q).Hex() = %q", s, got)
		}
		if w, err := ParseDrawing(v.Draw()); err != nil || w != v {
			t.Fatalf("ParseDrawing(Draw(%v)) = %v, %v", v, w, err)
		}
	})
}

// FuzzParseDrawing checks that ParseDrawing never panics and that what it
// accepts draws and parses back to the same views.
func FuzzParseDrawing(f *testing.F) {
	v, _ := ParseHex("fe88e8f9b499")
	f.Add(v.Draw())
	f.Add("xxxx xxxx xxxx\n.... .... ....\nxxxx xxxx xxxx\n.... .... ....")
	f.Add("Top:\nx.x. x.x. x.x.\r\n.... .... ....\nxxxx xxxx xxxx\n\n")
	f.Add("Top: Front: Side:\nxxxx xxxx xxxx\n")
	f.Add("x")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4000 {
			return
		}
		v, err := ParseDrawing(s)
		if err != nil {
			if !utf8.ValidString(err.Error()) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("ParseDrawing(%q): error %q is not one line", s, err)
			}
			return
		}
		if w, err := ParseDrawing(v.Draw()); err != nil || w != v {
			t.Fatalf("ParseDrawing(%q) = %v, redrawn gives %v, %v", s, v, w, err)
		}
		if w, err := ParseHex(v.Hex()); err != nil || w != v {
			t.Fatalf("ParseHex(Hex(%v)) = %v, %v", v, w, err)
		}
	})
}

// FuzzSolve checks Solve on arbitrary 48-bit inputs against the layer
// method: the same verdict, the same count, and blocks with the views.
func FuzzSolve(f *testing.F) {
	for _, n := range []uint64{0xfe88e8f9b499, 0x670b14728ad9, 0xcffdffffaffb, 0xffffffffffff, 0} {
		f.Add(n)
	}
	w := new(byLayers)
	f.Fuzz(func(t *testing.T, n uint64) {
		v := FromBits48(n & (1<<48 - 1))
		b, ok := Solve(v)
		m, ok2 := w.min(v)
		if ok != ok2 {
			t.Fatalf("Solve(%v) says %v, the layer method %v", v, ok, ok2)
		}
		if ok && (b.Views() != v || b.Count() != m) {
			t.Fatalf("Solve(%v) = %v (%d blocks, views %v); the layer method finds %d", v, b, b.Count(), b.Views(), m)
		}
	})
}
