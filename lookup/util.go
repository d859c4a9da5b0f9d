package lookup

import (
	"errors"
	"math/rand/v2"

	"github.com/godtable/godtable/internal/solver"
)

// truncate shortens s for an error message.
func truncate(s string, n int) string { return solver.Clip(s, n) }

// orRandom returns rng, or a freshly seeded generator if rng is nil.
func orRandom(rng *rand.Rand) *rand.Rand { return solver.OrRandom(rng) }

var errNoSuchPosition = errors.New("no such position")
