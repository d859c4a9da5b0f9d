package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/godtable/godtable/lookup/views"
)

// The ranges of the numeric flags; a value outside its range is bad usage.
// The bounds are far beyond any useful value and keep a mistyped one from
// running for hours: -n and --limit count answers written, --workers
// goroutines (more than the battery's 123 chunks of work do nothing).
// --seed takes any unsigned 64-bit value and --min-moves is bounded by each
// puzzle's largest distance, checked when its table is read.
const (
	maxCount    = 1_000_000_000
	maxWorkers  = 1024
	maxMinMoves = 100
)

// features says which flags a puzzle supports.
type features struct {
	table    bool // answered from a table: --count, --all, stats
	metric   bool // --metric htm|qtm
	scramble bool // --scramble: inputs are move sequences
	order    bool // --order net|urfdlb: the pocket cube's facelet order
	from     bool // --from STATE
	draw     bool // --draw
	battery  bool // the battery command
}

// options are the flags of every command; each command and puzzle registers
// only the ones it supports, so any other is a usage error.
type options struct {
	json     bool
	count    bool
	all      bool
	limit    int
	scramble bool
	order    string
	metric   string
	from     string
	draw     bool
	n        int
	seed     uint64
	minMoves int
	colour   string
	workers  int
}

func (o *options) register(fs *flag.FlagSet, cmd string, p puzzle) {
	f := p.features()
	o.metric = "htm"
	o.colour = "auto"
	o.order = "net"
	o.n = 1
	jsonFlag := func() { fs.BoolVar(&o.json, "json", false, "write one JSON object per answer (JSON Lines)") }
	metricFlag := func() {
		if f.metric {
			fs.StringVar(&o.metric, "metric", "htm", "`metric`: htm (every move counts 1) or qtm (a half turn counts 2)")
		}
	}
	orderFlag := func() {
		if f.order {
			fs.StringVar(&o.order, "order", "net", "facelet `order`: net (the net's, row by row) or urfdlb (faces U R F D L B)")
		}
	}
	switch cmd {
	case "solve":
		jsonFlag()
		metricFlag()
		if f.table {
			fs.BoolVar(&o.count, "count", false, "answer with the number of distinct optimal solutions")
			fs.BoolVar(&o.all, "all", false, "list every optimal solution, one per line, then an empty line")
			fs.IntVar(&o.limit, "limit", 0, fmt.Sprintf("with --all, list at most `N` solutions per input (0: all; at most %d)", maxCount))
		}
		if f.scramble {
			fs.BoolVar(&o.scramble, "scramble", false, "read each input as a move sequence applied to the solved state")
		}
		if f.from {
			fs.StringVar(&o.from, "from", "", "solve from this `STATE` instead of the base state")
		}
		if f.draw {
			fs.BoolVar(&o.draw, "draw", false, "also draw the answer's layers")
		}
		orderFlag()
	case "verify":
		jsonFlag()
		metricFlag()
		orderFlag()
		if f.scramble {
			fs.BoolVar(&o.scramble, "scramble", false, "read each state as a move sequence applied to the solved state")
		}
		if f.from {
			fs.StringVar(&o.from, "from", "", "solutions start from this `STATE` instead of the base state")
		}
	case "scramble":
		jsonFlag()
		fs.IntVar(&o.n, "n", 1, fmt.Sprintf("how many `N` states to draw (0 to %d)", maxCount))
		fs.Uint64Var(&o.seed, "seed", 0, "random `seed` (0: a fresh seed each run)")
		if f.table {
			fs.IntVar(&o.minMoves, "min-moves", 0, "only states at least `K` moves from the goal")
		}
		metricFlag()
		orderFlag()
	case "stats":
		jsonFlag()
		metricFlag()
	case "show":
		fs.StringVar(&o.colour, "color", "auto", "colour the drawing: auto, always or never")
		if f.scramble {
			fs.BoolVar(&o.scramble, "scramble", false, "read the state as a move sequence applied to the solved state")
		}
		orderFlag()
	case "battery":
		fs.IntVar(&o.n, "n", views.BatterySize, fmt.Sprintf("run the first `N` cases only (0 to %d)", views.BatterySize))
		fs.IntVar(&o.workers, "workers", 0, fmt.Sprintf("`goroutines` to use (0: one per CPU; at most %d)", maxWorkers))
	}
}

// check rejects flag combinations that make no sense.
func (o *options) check(cmd string, p puzzle) error {
	f := p.features()
	if cmd == "battery" && !f.battery {
		return fmt.Errorf("no battery for this puzzle")
	}
	if cmd == "stats" && !f.table {
		return fmt.Errorf("no table for this puzzle")
	}
	if o.count && o.all {
		return fmt.Errorf("--count and --all together")
	}
	// The metric's name is taken in either case, as lookup.ParseMetric
	// takes it, and kept in lower case for the answers that name it.
	if m := strings.ToLower(o.metric); m == "htm" || m == "qtm" {
		o.metric = m
	} else {
		return fmt.Errorf("unknown metric %q (want htm or qtm)", o.metric)
	}
	if o.order != "net" && o.order != "urfdlb" {
		return fmt.Errorf("unknown --order %q (want net or urfdlb)", o.order)
	}
	if o.colour != "auto" && o.colour != "always" && o.colour != "never" {
		return fmt.Errorf("unknown --color %q (want auto, always or never)", o.colour)
	}
	if o.limit != 0 && !o.all {
		return fmt.Errorf("--limit %d without --all: it caps the list --all writes", o.limit)
	}
	maxN := maxCount
	if cmd == "battery" {
		maxN = views.BatterySize
	}
	for _, r := range []struct {
		flag     string
		v, hi    int
		whatZero string
	}{
		{"-n", o.n, maxN, ""},
		{"--limit", o.limit, maxCount, " (0: no limit)"},
		{"--min-moves", o.minMoves, maxMinMoves, ""},
		{"--workers", o.workers, maxWorkers, " (0: one per CPU)"},
	} {
		if r.v < 0 || r.v > r.hi {
			return fmt.Errorf("%s %d: want 0 to %d%s", r.flag, r.v, r.hi, r.whatZero)
		}
	}
	if c, ok := p.(optionChecker); ok {
		return c.checkOptions(cmd, o)
	}
	return nil
}
