package msquare

import "testing"

// The one-time costs of a process's first answer: the move table and the
// rank tables.
func BenchmarkBuildMoves(b *testing.B) {
	for b.Loop() {
		buildMoves()
	}
}

func BenchmarkBuildRanks(b *testing.B) {
	for b.Loop() {
		buildRanks()
	}
}
