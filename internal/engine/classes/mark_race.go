//go:build race

package classes

import "sync/atomic"

// orMark sets bits b of a word of a search's marks: under the race
// detector with a locked OR, which loses no bit (see mark_norace.go).
func orMark(w *uint64, b uint64) { atomic.OrUint64(w, b) }
