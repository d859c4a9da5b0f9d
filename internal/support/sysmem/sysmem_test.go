package sysmem

import "testing"

func TestParse(t *testing.T) {
	for _, c := range []struct {
		text string
		want uint64
		ok   bool
	}{
		{"MemTotal:       24000000 kB\nMemFree:  1 kB\nMemAvailable:   23000000 kB\n", 23000000 << 10, true},
		{"MemTotal:       24000000 kB\n", 0, false},
		{"", 0, false},
	} {
		if got, ok := parse([]byte(c.text)); got != c.want || ok != c.ok {
			t.Errorf("%q: %d %v, want %d %v", c.text, got, ok, c.want, c.ok)
		}
	}
}

// The resident memory grows by what the process touches.
func TestResident(t *testing.T) {
	before, ok := Resident()
	if !ok {
		t.Skip("no /proc/self/statm on this system")
	}
	b := make([]byte, 64<<20)
	for i := range b {
		b[i] = 1
	}
	after, _ := Resident()
	if after < before+60<<20 {
		t.Fatalf("resident %d before touching 64 MiB, %d after", before, after)
	}
	_ = b[len(b)-1]
}
