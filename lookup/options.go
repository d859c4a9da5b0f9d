package lookup

import "github.com/godtable/godtable/internal/support/config"

// NextTable says when a puzzle derives its next-move table: the move the
// walk takes from every state, half a byte per state, derived from the
// distance table on all CPUs (docs/MEASUREMENTS.md gives its sizes and
// times, BenchmarkPocketPrepare measures them). With it a solve reads one
// entry per move instead of trying the moves in turn; the answers are the
// same either way.
type NextTable = config.NextTable

const (
	// NextAuto derives it in the background after 4,096 solves (unless
	// WithNextAfter says otherwise): a program that answers a handful of
	// positions never pays for it, a stream soon has it. The default.
	NextAuto = config.NextAuto
	// NextOff never derives it: no memory beyond the distance table, and
	// every solve walks the distance table (one already derived stays in
	// use).
	NextOff = config.NextOff
	// NextNow derives it at once, in Configure, which returns when it is
	// in use: for a server or a batch that knows it will answer many.
	NextNow = config.NextNow
)

// Options are what Option values set; the zero Options is the default.
type Options = config.Options

// An Option sets how a puzzle's package uses its tables. Give options to the
// package's Configure function (pocket.Configure, msquare.Configure ...),
// as zstd.NewReader takes its options.
type Option = config.Option

// WithNextTable sets when the next-move table is derived.
func WithNextTable(t NextTable) Option { return config.WithNextTable(t) }

// WithNextAfter sets, with NextAuto, after how many solves the next-move
// table is derived (at least 1).
func WithNextAfter(n int) Option { return config.WithNextAfter(n) }
