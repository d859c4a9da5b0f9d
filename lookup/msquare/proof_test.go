package msquare

import (
	"testing"

	"github.com/godtable/godtable/internal/support/proof"
)

// Every state: the table's distance is a fresh search's and Count is the
// dynamic program's. All, on a random sample of 20,000 states, lists exactly
// Count distinct solutions, each legal, each reaching the goal, each of the
// optimal length, in step order; a limit cuts the list, not the count.
func TestEveryState(t *testing.T) { proof.Check(t, table.Walker) }
