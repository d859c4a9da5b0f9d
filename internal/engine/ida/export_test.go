package ida

import "testing"

// SetLooksPerTable sets looksPerTable for the test t.
func SetLooksPerTable(t testing.TB, n int) {
	old := looksPerTable
	looksPerTable = n
	t.Cleanup(func() { looksPerTable = old })
}
