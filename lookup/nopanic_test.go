package lookup

import (
	"fmt"
	"testing"
)

// The shared vocabulary takes any value without a panic: the zero Solution,
// the zero Verdict.
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
}
