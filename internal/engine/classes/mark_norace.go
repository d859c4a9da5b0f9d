//go:build !race

package classes

// orMark sets bits b of a word of a search's marks, with no lock: see
// classSearch.claim, which owns a class by other means, so that a bit
// another worker's write loses at once costs a move of an orbit, not an
// answer. The race detector would rightly report the race, so its builds
// take mark_race.go's locked OR.
func orMark(w *uint64, b uint64) { *w |= b }
