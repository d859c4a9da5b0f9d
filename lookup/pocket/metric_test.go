package pocket

import (
	"fmt"
	"testing"
)

// Any string and any metric value are taken without a panic.
func TestMetricNoPanics(t *testing.T) {
	try := func(name string, f func()) {
		t.Helper()
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("%s panicked: %v", name, r)
			}
		}()
		f()
	}
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
