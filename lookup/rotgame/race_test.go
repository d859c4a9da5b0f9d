//go:build race

package rotgame

// raceEnabled: the race detector slows every test several times, so the
// tests against the independent search check fewer boards under it with
// -short.
const raceEnabled = true
