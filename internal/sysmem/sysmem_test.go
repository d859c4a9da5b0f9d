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
