package pocket

import (
	"fmt"
	"testing"

	"github.com/godtable/godtable/internal/support/proof"
)

// ParseMetric takes the two names in either case and refuses anything else
// with a one-line error naming it; String names each metric, and any other
// value without a panic.
func TestMetric(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Metric
		err  string
	}{
		{"htm", HTM, ""}, {"HTM", HTM, ""}, {"qtm", QTM, ""}, {"QTM", QTM, ""},
		{"", HTM, `unknown metric "" (want htm or qtm)`},
		{"x", HTM, `unknown metric "x" (want htm or qtm)`},
		{"Htm", HTM, `unknown metric "Htm" (want htm or qtm)`},
		{"qtm\n", HTM, `unknown metric "qtm\n" (want htm or qtm)`},
		{"\xff", HTM, `unknown metric "\xff" (want htm or qtm)`},
	} {
		proof.NoPanic(t, fmt.Sprintf("ParseMetric(%q)", c.in), func() {
			m, err := ParseMetric(c.in)
			if m != c.want || fmt.Sprint(err) != map[bool]string{true: "<nil>", false: c.err}[c.err == ""] {
				t.Errorf("ParseMetric(%q) = %v, %v; want %v, %q", c.in, m, err, c.want, c.err)
			}
		})
	}
	for m, want := range map[Metric]string{HTM: "htm", QTM: "qtm", -1: "metric(-1)", 7: "metric(7)"} {
		proof.NoPanic(t, fmt.Sprint("metric ", int(m)), func() {
			if got := m.String(); got != want {
				t.Errorf("Metric(%d).String() = %q, want %q", int(m), got, want)
			}
		})
	}
}
