package lookup

import (
	"fmt"
	"testing"
)

// The shared vocabulary takes any value without a panic: the zero Solution,
// odd metrics and strings, the zero Verdict.
func TestNoPanics(t *testing.T) {
	try := func(name string, f func()) {
		t.Helper()
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("%s panicked: %v", name, r)
			}
		}()
		f()
	}
	var sol Solution
	try("zero Solution", func() {
		_ = sol.String() + fmt.Sprint(sol.Moves(), sol.Len(), sol.Cost(), sol.Steps())
		sol.Append(nil)
	})
	try("zero Verdict", func() { _ = Verdict{}.String() + fmt.Sprint(Verdict{}.IsOptimal()) })
	for _, s := range []string{"", "htm", "QTM", "x", "\xff", "qtm\n"} {
		try(fmt.Sprintf("ParseMetric(%q)", s), func() {
			m, err := ParseMetric(s)
			_ = m.String() + fmt.Sprint(err)
		})
	}
	for _, m := range []Metric{HTM, QTM, -1, 7} {
		try(fmt.Sprint("metric ", int(m)), func() { _ = m.String() })
	}
}
