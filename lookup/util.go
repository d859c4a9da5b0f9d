package lookup

import "math/rand/v2"

// truncate shortens s for an error message.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// orRandom returns rng, or a freshly seeded generator if rng is nil.
func orRandom(rng *rand.Rand) *rand.Rand {
	if rng == nil {
		return rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	return rng
}
