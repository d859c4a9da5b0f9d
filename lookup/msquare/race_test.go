//go:build race

package msquare_test

// raceEnabled: the race detector slows every test several times, so the
// exhaustive ones check a sample of the states under it with -short.
const raceEnabled = true
