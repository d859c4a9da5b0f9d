// Package config holds the settings a puzzle's tables are used with, so
// that the shared table core (internal/engine/solver) and the public vocabulary
// (lookup, which names them) both have them without either importing the
// other.
package config

// NextTable says when a puzzle derives its next-move table (lookup.NextTable
// documents the choices and their memory).
type NextTable int

const (
	// NextAuto derives it in the background after NextAfter solves (4,096
	// unless WithNextAfter says otherwise): a program that answers a
	// handful of positions never pays for it, a stream soon has it. The
	// default.
	NextAuto NextTable = iota
	// NextOff never derives it: no memory beyond the distance table, and
	// every solve walks the distance table (one already derived stays in
	// use).
	NextOff
	// NextNow derives it at once, in Configure, which returns when it is
	// in use: for a server or a batch that knows it will answer many.
	NextNow
)

// Options are what Option values set; the zero Options is the default.
type Options struct {
	// NextTable says when the next-move table is derived.
	NextTable NextTable
	// NextAfter, with NextAuto, is the number of solves after which it is
	// derived (0: 4,096).
	NextAfter int
}

// An Option sets how a puzzle's package uses its tables. Give options to the
// package's Configure function (pocket.Configure, msquare.Configure ...),
// as zstd.NewReader takes its options.
type Option func(*Options)

// WithNextTable sets when the next-move table is derived.
func WithNextTable(t NextTable) Option { return func(o *Options) { o.NextTable = t } }

// WithNextAfter sets, with NextAuto, after how many solves the next-move
// table is derived (at least 1).
func WithNextAfter(n int) Option {
	return func(o *Options) { o.NextTable, o.NextAfter = NextAuto, max(n, 1) }
}
