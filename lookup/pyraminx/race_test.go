//go:build race

package pyraminx

// raceEnabled: the race detector slows every test several times, so a
// long single-goroutine test checks fewer cases under it with -short.
const raceEnabled = true
