package app

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/godtable/godtable/internal/app/cli"
	"github.com/godtable/godtable/lookup"
)

// ExitTable is the status when a table cannot be used (damaged or built for
// another definition): nothing is answered from it.
const ExitTable = 3

// tableFailure reports an unusable table and returns true if err is one.
func tableFailure(e *env, err error) bool {
	var te *lookup.TableError
	if errors.As(err, &te) {
		fmt.Fprintf(e.stderr, "godtable: cannot answer: %v\n", err)
		return true
	}
	return false
}

// damagedBlock reports whether err is a damaged block of a table read in
// place: it fails the answers that read that block, each on its own line,
// while the other inputs of a batch are answered, and the batch ends with
// ExitTable.
func damagedBlock(err error) bool {
	var te *lookup.TableError
	return errors.As(err, &te) && te.Block > 0
}

// eachInput calls f for every input: the arguments, or else stdin's lines.
// where names the input for error messages; tooLong says the line was too
// long to take (in is then empty). It stops early if f returns false.
func eachInput(e *env, p puzzle, args []string, out *bufio.Writer, f func(in, where string, tooLong bool) bool) {
	if len(args) > 0 {
		for i, a := range args {
			if !f(a, "argument "+strconv.Itoa(i+1), false) {
				return
			}
		}
		return
	}
	lr := newLineReader(e.stdin, out)
	defer func() { e.readErr = lr.err }()
	eachLine(&inputLines{lr: lr}, p, f)
}

// inputLine is one line of stdin as read.
type inputLine struct {
	text    string
	tooLong bool
}

// heldBlank is a blank line waiting for a line that is not blank.
type heldBlank struct{ text, where string }

// inputLines reads stdin's lines for eachInput, numbering them, with one
// line that may be read ahead and put back, and the blank lines held.
type inputLines struct {
	lr      *lineReader
	pending *inputLine // a line read ahead, not yet answered
	n       int        // the number of lines read
	blanks  []heldBlank
}

// next returns the line read ahead, or else the next line read.
func (in *inputLines) next() (inputLine, bool) {
	if in.pending != nil {
		l := *in.pending
		in.pending = nil
		return l, true
	}
	text, tooLong, ok := in.lr.next()
	if ok {
		in.n++
	}
	return inputLine{string(text), tooLong}, ok
}

// answerBlanks answers the blank lines held, each as an input of its own,
// and returns false if f stopped.
func (in *inputLines) answerBlanks(f func(in, where string, tooLong bool) bool) bool {
	for _, b := range in.blanks {
		if !f(b.text, b.where, false) {
			return false
		}
	}
	in.blanks = in.blanks[:0]
	return true
}

// eachLine is eachInput over stdin's lines: a line each, but a group's
// lines (a drawing's rows, a state's block) as one input.
func eachLine(in *inputLines, p puzzle, f func(in, where string, tooLong bool) bool) {
	dp, multi := p.(cli.Grouper)
	ender, _ := p.(cli.GroupEnder)
	for {
		l, ok := in.next()
		if !ok {
			return
		}
		where := "line " + strconv.Itoa(in.n)
		// Blank lines are held until a line that is not blank follows:
		// blank lines at the end of the input (an editor's last line, a
		// here-document's) are not inputs, while one between inputs is
		// answered as an input of its own.
		if !l.tooLong && strings.TrimSpace(l.text) == "" {
			in.blanks = append(in.blanks, heldBlank{l.text, where})
			continue
		}
		if !in.answerBlanks(f) {
			return
		}
		if l.tooLong {
			if !f("", where, true) {
				return
			}
			continue
		}
		s := l.text
		if p.EndsInput(s) {
			return
		}
		if multi {
			if starts, row := dp.Group(s); starts {
				s, where = in.group(s, where, row, dp, ender)
			}
		}
		if !f(s, where, false) {
			return
		}
	}
}

// group gathers into one input the rows of a group that starts with the
// line s, and returns it and the lines it stands on. A line that is not a
// row ends it early and is put back, to be answered on its own.
func (in *inputLines) group(s, where string, row bool, dp cli.Grouper, ender cli.GroupEnder) (string, string) {
	first, rows := in.n, 0
	if row {
		rows++
	}
	for rows < dp.GroupRows() {
		t, ok := in.next()
		if !ok {
			break
		}
		if _, isRow := dp.Group(t.text); t.tooLong || !isRow {
			in.pending = &t
			break
		}
		s += "\n" + t.text
		rows++
		if ender != nil && ender.EndsGroup(t.text) {
			break
		}
	}
	last := in.n
	if in.pending != nil {
		last--
	}
	if last > first {
		where = "lines " + strconv.Itoa(first) + "-" + strconv.Itoa(last)
	}
	return s, where
}

var errTooLong = fmt.Errorf("line too long (more than %d bytes)", MaxLine)

func runSolve(p puzzle, e *env, o *options, args []string) int {
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	w := &writer{out: out, stderr: e.stderr, json: o.JSON}
	var a answer
	failed := false
	eachInput(e, p, args, out, func(in, where string, tooLong bool) bool {
		if tooLong {
			a.Reset("")
			a.Err = errTooLong
		} else {
			a.Reset(in)
			a.Err = p.Solve(in, o, &a)
		}
		if damagedBlock(a.Err) {
			failed = true
		} else if tableFailure(e, a.Err) {
			failed = true
			return false
		}
		w.write(&a, where)
		return !w.failed()
	})
	out.Flush()
	return batchStatus(failed, w.invalid > 0)
}

// batchStatus is the exit status of a batch: a table that could not be used,
// else an input that was invalid (or an answer that was wrong), else success.
func batchStatus(tableFailed, invalid bool) int {
	switch {
	case tableFailed:
		return ExitTable
	case invalid:
		return ExitInvalid
	}
	return ExitOK
}

func runVerify(p puzzle, e *env, o *options, args []string) int {
	if len(args) > 0 {
		return e.usage("verify reads STATE<TAB>SOLUTION lines from stdin, not arguments")
	}
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	w := &writer{out: out, stderr: e.stderr, json: o.JSON}
	var a answer
	failed, bad := false, 0
	eachInput(e, p, nil, out, func(in, where string, tooLong bool) bool {
		a.Reset(in)
		state, sol, ok := strings.Cut(in, "\t")
		switch {
		case tooLong:
			a.Err = errTooLong
		case !ok:
			a.Err = errors.New("want STATE<TAB>SOLUTION")
		default:
			v, err := p.Verify(state, sol, o)
			if damagedBlock(err) {
				failed = true
			} else if tableFailure(e, err) {
				failed = true
				return false
			}
			a.Err = err
			if err == nil {
				if !v.IsOptimal() || v.Smallest != "" {
					bad++
				}
				if !o.JSON {
					// Text answers are the verdict's line alone.
					a.Text = appendVerdict(a.Text, v)
					a.Text = append(a.Text, '\n')
					break
				}
				verdict := "optimal"
				switch {
				case !v.Legal:
					verdict = "illegal"
				case !v.IsOptimal():
					verdict = "not optimal"
				case v.Smallest != "":
					verdict = "not smallest"
				}
				a.Set("verdict", verdict)
				if v.Smallest != "" {
					a.Set("smallest", v.Smallest)
				}
				a.Set("legal", v.Legal)
				if v.Legal && !v.Impossible {
					a.Set("length", v.Length)
				} else if !v.Legal {
					a.Set("problem", v.Problem)
				}
				if v.Impossible {
					a.Set("solvable", false)
				} else {
					a.Set("optimal", v.Optimal)
				}
			}
		}
		w.write(&a, where)
		return !w.failed()
	})
	out.Flush()
	return batchStatus(failed, w.invalid > 0 || bad > 0)
}

// appendVerdict appends v.String() to b: for an optimal verdict, the line
// of nearly every answer of a verify stream, without building the string.
func appendVerdict(b []byte, v lookup.Verdict) []byte {
	if v.Legal && !v.Impossible && v.Length == v.Optimal && v.Smallest == "" {
		b = append(b, "optimal: length "...)
		return strconv.AppendInt(b, int64(v.Length), 10)
	}
	return append(b, v.String()...)
}

func runScramble(p puzzle, e *env, o *options, args []string) int {
	if len(args) > 0 {
		return e.usage("scramble takes no arguments")
	}
	seed := o.Seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	defer out.Flush()
	// A drawn state is no one's input: JSON names it "state".
	w := &writer{out: out, stderr: e.stderr, json: o.JSON, inputKey: "state"}
	var a answer
	for i := 0; i < o.N; i++ {
		state, moves, dist, err := p.Scramble(rng, o)
		if tableFailure(e, err) {
			out.Flush()
			return ExitTable
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "godtable: %v\n", err)
			out.Flush()
			return ExitUsage
		}
		a.Reset(state)
		a.Text = append(a.Text, state...)
		a.Text = append(a.Text, '\t')
		a.Text = append(a.Text, moves...)
		a.Set("moves", moves)
		if dist >= 0 {
			a.Set("distance", dist)
		}
		if o.SVG {
			pic, err := drawSVG(p, state, o)
			if err != nil {
				fmt.Fprintf(e.stderr, "godtable: %v\n", err)
				return ExitTable
			}
			a.Text = append(a.Text, '\t')
			a.Text = append(a.Text, pic...)
			a.Set("svg", pic)
		}
		a.Text = append(a.Text, '\n')
		w.write(&a, "")
		if w.failed() {
			break
		}
	}
	return ExitOK
}

func runStats(p puzzle, e *env, o *options, args []string) int {
	if status, ok := statsArgs(e, o, args); !ok {
		return status
	}
	counts, far, status := statsCounts(p, e, o)
	if status != ExitOK {
		return status
	}
	var classes []int // a table of classes' classes at each distance
	if c, ok := p.(cli.Classer); ok {
		classes = c.Classes()
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	if o.JSON {
		writeStatsJSON(out, p, o, counts, classes, far)
	} else {
		writeStatsText(out, p, o, counts, classes, far)
	}
	return ExitOK
}

// statsArgs takes stats' arguments: none, but for the number after a bare
// --antipodes. It returns the status to end with and false if they are
// bad usage.
func statsArgs(e *env, o *options, args []string) (int, bool) {
	if len(args) == 1 && o.AntipodesBare {
		// "--antipodes 5": the number after a flag that may stand alone.
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 0 || n > maxCount {
			return e.usage(fmt.Sprintf("stats takes no arguments (--antipodes %q: want 0 to %d states)", args[0], maxCount)), false
		}
		o.Antipodes, args = n, nil
	}
	if len(args) > 0 {
		return e.usage("stats takes no arguments"), false
	}
	return ExitOK, true
}

// statsCounts reads p's count of states at each distance from its table
// and, with --antipodes, that many of its farthest states. Its status is
// ExitOK, or the status a failure (said on stderr) ends with.
func statsCounts(p puzzle, e *env, o *options) (counts []int, far []cli.Drawn, status int) {
	counts, err := p.Stats(o)
	if err == nil && o.Antipodes > 0 {
		o.Progress = e.stderr
		far, err = p.(cli.Antipoder).Antipodes(o, o.Antipodes)
	}
	if tableFailure(e, err) {
		return nil, nil, ExitTable
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "godtable: %v\n", err)
		return nil, nil, ExitUsage
	}
	return counts, far, ExitOK
}

// sumCounts is the sum of counts.
func sumCounts(counts []int) int {
	total := 0
	for _, c := range counts {
		total += c
	}
	return total
}

// writeJSONInts writes ns as the items of a JSON array, without its brackets.
func writeJSONInts(out *bufio.Writer, ns []int) {
	for i, n := range ns {
		if i > 0 {
			out.WriteByte(',')
		}
		fmt.Fprint(out, n)
	}
}

// writeStatsJSON writes stats' answer as one JSON object.
func writeStatsJSON(out *bufio.Writer, p puzzle, o *options, counts, classes []int, far []cli.Drawn) {
	fmt.Fprintf(out, `{"puzzle":%q,`, p.Name())
	if p.Features().Metric {
		fmt.Fprintf(out, `"metric":%q,`, o.Metric)
	}
	fmt.Fprintf(out, `"states":%d,`, sumCounts(counts))
	if x, ok := p.(cli.Indexer); ok {
		fmt.Fprintf(out, `"indexed":%d,`, x.Indexed())
	}
	out.WriteString(`"counts":[`)
	writeJSONInts(out, counts)
	out.WriteString("]")
	if classes != nil {
		fmt.Fprintf(out, `,"symmetries":%d,"classes":%d,"class_counts":[`, p.(cli.Classer).Symmetries(), sumCounts(classes))
		writeJSONInts(out, classes)
		out.WriteString("]")
	}
	if o.Antipodes > 0 {
		out.WriteString(`,"antipodes":[`)
		for i, a := range far {
			if i > 0 {
				out.WriteByte(',')
			}
			b := AppendJSON([]byte(`{"state":`), a.State)
			b = AppendJSON(append(b, `,"moves":`...), a.Moves)
			out.Write(append(b, '}'))
		}
		out.WriteString("]")
	}
	out.WriteString("}\n")
}

// writeStatsText writes stats' answer as a table of the states at each
// distance, with a bar for each, and then the farthest states asked for.
func writeStatsText(out *bufio.Writer, p puzzle, o *options, counts, classes []int, far []cli.Drawn) {
	total := sumCounts(counts)
	title := p.Name()
	if p.Features().Metric {
		title += " (" + o.Metric + ")"
	}
	fmt.Fprintf(out, "%s: %d states, at most %d moves from the goal\n", title, total, len(counts)-1)
	if n, ok := p.(cli.StatsNoter); ok {
		fmt.Fprintln(out, n.StatsNote())
	}
	most := 0
	for _, c := range counts {
		most = max(most, c)
	}
	const width = 40
	if classes != nil {
		fmt.Fprintf(out, "%8s %10s %10s %8s\n", "distance", "classes", "states", "share")
	} else {
		fmt.Fprintf(out, "%8s %10s %8s\n", "distance", "states", "share")
	}
	for d, c := range counts {
		bar := (c*width + most - 1) / most
		if classes != nil {
			fmt.Fprintf(out, "%8d %10d %10d %7.3f%% %s\n", d, classes[d], c, 100*float64(c)/float64(total), strings.Repeat("#", bar))
			continue
		}
		fmt.Fprintf(out, "%8d %10d %7.3f%% %s\n", d, c, 100*float64(c)/float64(total), strings.Repeat("#", bar))
	}
	if o.Antipodes > 0 {
		last := len(counts) - 1
		fmt.Fprintf(out, "the first %d of the %d states at distance %d, each with moves that make it:\n", len(far), counts[last], last)
		for _, a := range far {
			fmt.Fprintf(out, "%s\t%s\n", a.State, a.Moves)
		}
	}
}

func runShow(p puzzle, e *env, o *options, args []string) int {
	if len(args) != 1 {
		return e.usage("show takes one STATE")
	}
	colour := o.Colour == "always"
	if o.Colour == "auto" {
		colour = isTerminal(e.out.w)
	}
	var s string
	var err error
	if o.SVG {
		s, err = drawSVG(p, args[0], o)
		s += "\n"
	} else {
		s, err = p.Show(args[0], o, colour)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "godtable: %v\n", err)
		fmt.Fprintf(e.stdout, "error: %v\n", err)
		return ExitInvalid
	}
	fmt.Fprint(e.stdout, s)
	return ExitOK
}

// drawSVG draws a state, read as show reads it, as an SVG image on one
// line.
func drawSVG(p puzzle, state string, o *options) (string, error) {
	d, ok := p.(cli.SVGDrawer)
	if !ok {
		return "", fmt.Errorf("no SVG drawing of %s", p.Name())
	}
	s, err := p.After(state, "", o)
	if err != nil {
		return "", err
	}
	if a, ok := p.(cli.ArrowDrawer); ok && o.Next != "" {
		return a.SVGNext(s, o.Next)
	}
	return d.SVG(s), nil
}

func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func runBattery(p puzzle, e *env, o *options, args []string) int {
	b, ok := p.(cli.Batterer)
	if !ok {
		return e.usage("no battery for %s", p.Name())
	}
	if len(args) > 0 {
		return e.usage("battery takes no arguments")
	}
	fmt.Fprint(e.stdout, b.Battery(o))
	return ExitOK
}
