package app

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/internal/format/table"
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
	maxMinMoves = table.MaxDistances
)

// RegisterFlags registers on fs the flags that cmd takes for p, into o.
func RegisterFlags(o *cli.Options, fs *flag.FlagSet, cmd string, p cli.Puzzle) {
	f := p.Features()
	o.Metric = "htm"
	if f.Moves {
		// A definition puzzle's metric is its table's unless asked.
		o.Metric = ""
	}
	o.Colour = "auto"
	o.Order = "net"
	o.N = 1
	o.MaxDepth = -1
	r := flagRegistrar{o: o, fs: fs, f: f, p: p}
	switch cmd {
	case "solve":
		r.solve()
	case "verify":
		r.verify()
	case "scramble":
		r.scramble()
	case "stats":
		r.json()
		r.metric()
		if _, ok := p.(cli.Antipoder); ok {
			fs.Var(antipodesFlag{o}, "antipodes", fmt.Sprintf("also list `N` of the farthest states, each as a state and a move sequence that makes it (alone: %d)", defaultAntipodes))
		}
	case "show":
		r.show()
	case "battery":
		b, ok := p.(cli.Batterer)
		if !ok {
			break // refused by CheckOptions
		}
		fs.IntVar(&o.N, "n", b.BatterySize(), fmt.Sprintf("run the first `N` cases only (0 to %d)", b.BatterySize()))
		fs.IntVar(&o.Workers, "workers", 0, fmt.Sprintf("`goroutines` to use (0: one per CPU; at most %d)", maxWorkers))
	}
}

// flagRegistrar registers on fs the flags of one command for the puzzle p,
// whose features are f, into o: the flags that several commands share, and
// each command's.
type flagRegistrar struct {
	o  *cli.Options
	fs *flag.FlagSet
	f  cli.Features
	p  cli.Puzzle
}

// search registers the flags of a puzzle solved by a search.
func (r flagRegistrar) search() {
	if r.f.Search {
		r.fs.IntVar(&r.o.MaxDepth, "max-depth", -1, "search at most `D` moves deep; a state with no solution within is answered so (-1: no limit)")
		r.fs.DurationVar(&r.o.Timeout, "timeout", 0, "stop each input's search after this `long` (10s, 2m); it is answered with the depth proven so far (0: no limit)")
		r.fs.IntVar(&r.o.Workers, "workers", 0, fmt.Sprintf("`goroutines` of the search (0: one per CPU; at most %d); the answers are the same on any number", maxWorkers))
	}
}

// json registers --json.
func (r flagRegistrar) json() {
	r.fs.BoolVar(&r.o.JSON, "json", false, "write one JSON object per answer (JSON Lines)")
}

// metric registers the choice of metric, and a definition's of moves.
func (r flagRegistrar) metric() {
	switch {
	case r.f.Moves:
		r.fs.StringVar(&r.o.Metric, "metric", "", "`metric`: htm (every move counts 1) or qtm (a power counts its exponent's size); a table's own by default")
		r.fs.StringVar(&r.o.Moves, "moves", "", "restrict a .tws definition's moves to this `LIST` (U,R,F2: each base once, its listed power's multiples)")
	case r.f.Metric:
		r.fs.StringVar(&r.o.Metric, "metric", "htm", "`metric`: htm (every move counts 1) or qtm (a half turn counts 2)")
	}
}

// order registers the choice of the facelets' order.
func (r flagRegistrar) order() {
	if r.f.Order {
		r.fs.StringVar(&r.o.Order, "order", "net", "facelet `order`: net (the net's, row by row) or urfdlb (faces U R F D L B)")
	}
}

// svg registers --svg where the puzzle draws SVG images; usage says what it draws.
func (r flagRegistrar) svg(usage string) {
	if _, ok := r.p.(cli.SVGDrawer); ok {
		r.fs.BoolVar(&r.o.SVG, "svg", false, usage)
	}
}

// scrambleInput registers --scramble where the puzzle takes move
// sequences; usage says what it reads so.
func (r flagRegistrar) scrambleInput(usage string) {
	if r.f.Scramble {
		r.fs.BoolVar(&r.o.Scramble, "scramble", false, usage)
	}
}

// from registers --from where the puzzle solves from a state of the
// user's; usage says what starts there.
func (r flagRegistrar) from(usage string) {
	if r.f.From {
		r.fs.StringVar(&r.o.From, "from", "", usage)
	}
}

// solve registers solve's flags.
func (r flagRegistrar) solve() {
	o, fs := r.o, r.fs
	r.json()
	r.metric()
	if r.f.Table || r.f.Search {
		fs.BoolVar(&o.Count, "count", false, "answer with the number of distinct optimal solutions")
		fs.BoolVar(&o.All, "all", false, "list every optimal solution, one per line, then an empty line")
		fs.IntVar(&o.Limit, "limit", 0, fmt.Sprintf("with --all, list at most `N` solutions per input (0: all; at most %d)", maxCount))
	}
	r.scrambleInput("read each input as a move sequence applied to the solved state")
	r.from("solve from this `STATE` instead of the base state")
	if r.f.Draw {
		fs.BoolVar(&o.Draw, "draw", false, "also draw the answer's layers")
	}
	r.order()
	r.search()
}

// verify registers verify's flags.
func (r flagRegistrar) verify() {
	r.json()
	r.metric()
	r.search()
	r.order()
	r.scrambleInput("read each state as a move sequence applied to the solved state")
	r.from("solutions start from this `STATE` instead of the base state")
}

// scramble registers scramble's flags.
func (r flagRegistrar) scramble() {
	o, fs, p := r.o, r.fs, r.p
	r.json()
	fs.IntVar(&o.N, "n", 1, fmt.Sprintf("how many `N` states to draw (0 to %d)", maxCount))
	fs.Uint64Var(&o.Seed, "seed", 0, "random `seed` (0: a fresh seed each run)")
	if r.f.Table {
		usage := "only states at least `K` moves from the goal"
		if d, ok := p.(cli.MinMovesDescriber); ok {
			usage = d.MinMovesUsage()
		}
		fs.IntVar(&o.MinMoves, "min-moves", 0, usage)
	}
	if c, ok := p.(cli.Competitor); ok {
		n, reg := c.WCAMinimum()
		fs.BoolVar(&o.WCA, "wca", true, fmt.Sprintf("only states a WCA competition may use: at least %d moves to solve (regulation %s); --wca=false draws from all", n, reg))
	}
	r.metric()
	r.order()
	r.svg("add each state's picture, an SVG image on one line: a third column (--json: svg)")
}

// show registers show's flags.
func (r flagRegistrar) show() {
	r.fs.StringVar(&r.o.Colour, "color", "auto", "colour the drawing: auto, always or never")
	if r.f.Moves {
		r.metric()
	}
	r.svg("draw the state as an SVG image, on one line")
	if _, ok := r.p.(cli.ArrowDrawer); ok {
		r.fs.StringVar(&r.o.Next, "next", "", "with --svg, draw an arrow for the `MOVE` about to be made")
	}
	r.scrambleInput("read the state as a move sequence applied to the solved state")
	r.order()
}

// defaultAntipodes is how many farthest states --antipodes lists when it
// is given no number.
const defaultAntipodes = 10

// antipodesFlag is --antipodes: a number, or alone a default, as a boolean
// flag is (flag's IsBoolFlag), so that "--antipodes" and "--antipodes=3"
// both read; "--antipodes 3" reads through the argument after it (see
// runStats).
type antipodesFlag struct{ o *cli.Options }

func (f antipodesFlag) String() string {
	if f.o == nil {
		return "0"
	}
	return strconv.Itoa(f.o.Antipodes)
}

func (f antipodesFlag) Set(s string) error {
	f.o.AntipodesBare = false
	switch s {
	case "true":
		f.o.Antipodes, f.o.AntipodesBare = defaultAntipodes, true
		return nil
	case "false":
		f.o.Antipodes = 0
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("want a number of states")
	}
	f.o.Antipodes = n
	return nil
}

func (antipodesFlag) IsBoolFlag() bool { return true }

// antipodesCount refuses an --antipodes count that is no count before the
// flags are parsed: the flag package would read "--antipodes -1" as the
// flag alone and a flag -1 it does not know, and "--antipodes=x" as a
// boolean.
func antipodesCount(fs *flag.FlagSet, args []string) error {
	if fs.Lookup("antipodes") == nil {
		return nil
	}
	for k, a := range args {
		if a == "--" {
			return nil
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "antipodes" {
			continue
		}
		if !hasValue {
			if k+1 >= len(args) || !strings.HasPrefix(args[k+1], "-") {
				continue
			}
			if _, err := strconv.Atoi(args[k+1]); err != nil {
				continue // another flag after the bare one
			}
			value = args[k+1]
		}
		if value == "true" || value == "false" {
			continue
		}
		if n, err := strconv.Atoi(value); err != nil || n < 0 || n > maxCount {
			return fmt.Errorf("--antipodes: want a count of states, 0 to %d (0: none), got %q", maxCount, value)
		}
	}
	return nil
}

// CheckOptions rejects flag combinations that make no sense.
func CheckOptions(o *cli.Options, cmd string, p cli.Puzzle) error {
	f := p.Features()
	if _, ok := p.(cli.Batterer); cmd == "battery" && !ok {
		return fmt.Errorf("no battery for this puzzle")
	}
	if cmd == "stats" && !f.Table {
		return fmt.Errorf("no table for this puzzle")
	}
	if o.Count && o.All {
		return fmt.Errorf("--count and --all together")
	}
	// The metric's name is taken in either case, as pocket.ParseMetric
	// takes it, and kept in lower case for the answers that name it.
	if m := strings.ToLower(o.Metric); m == "htm" || m == "qtm" || m == "" && p.Features().Moves {
		o.Metric = m
	} else {
		return fmt.Errorf("unknown metric %q (want htm or qtm)", o.Metric)
	}
	if o.Order != "net" && o.Order != "urfdlb" {
		return fmt.Errorf("unknown --order %q (want net or urfdlb)", o.Order)
	}
	if o.Colour != "auto" && o.Colour != "always" && o.Colour != "never" {
		return fmt.Errorf("unknown --color %q (want auto, always or never)", o.Colour)
	}
	if o.Next != "" && !o.SVG {
		return fmt.Errorf("--next %q without --svg: it marks the SVG drawing", o.Next)
	}
	if a, ok := p.(cli.ArrowDrawer); ok && o.Next != "" {
		// A move the drawing cannot mark is a bad flag, said before
		// any state is read.
		if _, err := a.SVGNext(cli.Shown{}, o.Next); err != nil {
			return err
		}
	}
	if o.Limit != 0 && !o.All {
		return fmt.Errorf("--limit %d without --all: it caps the list --all writes", o.Limit)
	}
	if o.MaxDepth < -1 || o.MaxDepth > maxMinMoves {
		return fmt.Errorf("--max-depth %d: want -1 to %d (-1: no limit)", o.MaxDepth, maxMinMoves)
	}
	if o.Timeout < 0 {
		return fmt.Errorf("--timeout %v: want a duration of 0 or more (0: no limit)", o.Timeout)
	}
	maxN := maxCount
	if cmd == "battery" {
		maxN = batterySize(p)
	}
	for _, r := range []struct {
		flag     string
		v, hi    int
		whatZero string
	}{
		{"-n", o.N, maxN, ""},
		{"--limit", o.Limit, maxCount, " (0: no limit)"},
		{"--min-moves", o.MinMoves, maxMinMoves, ""},
		{"--workers", o.Workers, maxWorkers, " (0: one per CPU)"},
		{"--antipodes", o.Antipodes, maxCount, " (0: none)"},
	} {
		if r.v < 0 || r.v > r.hi {
			return fmt.Errorf("%s %d: want 0 to %d%s", r.flag, r.v, r.hi, r.whatZero)
		}
	}
	if c, ok := p.(cli.OptionChecker); ok {
		return c.CheckOptions(cmd, o)
	}
	return nil
}

// batterySize is the number of cases in p's battery, 0 if it has none.
func batterySize(p puzzle) int {
	if b, ok := p.(cli.Batterer); ok {
		return b.BatterySize()
	}
	return 0
}
