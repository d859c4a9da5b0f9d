package ksolve

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseState reads a position written as the definition writes its Solved
// block: for each set, its name, its pieces (numbered as Solved numbers
// them) and, for a set with orientations, optionally their orientations
// ("?" or any number for a piece whose orientation is ignored). Line breaks
// count as spaces, so a block may stand on one line; "#" starts a comment to
// the end of its line. Sets left out are as in Solved; a first word
// "Solved" or "State" and a last word "End" may stand around it. Each set
// must hold the pieces Solved gives it, and the state must be legal (see
// Legal). Errors are one line.
func (d *Def) ParseState(text string) (State, error) {
	s := d.Solved.Clone()
	var toks []string
	for _, ln := range strings.Split(text, "\n") {
		t := strings.Fields(ln)
		for k, tok := range t {
			if strings.HasPrefix(tok, "#") {
				t = t[:k]
				break
			}
		}
		toks = append(toks, t...)
	}
	if len(toks) > 0 && (toks[0] == "Solved" || toks[0] == "State") {
		toks = toks[1:]
	}
	if k := len(toks) - 1; k >= 0 && toks[k] == "End" {
		toks = toks[:k]
	}
	if len(toks) == 0 {
		return nil, fmt.Errorf("empty state: want a set name, then its pieces")
	}
	isRow := func(tok string) bool { return isNumber(tok) || tok == "?" }
	seen := make([]bool, len(d.Sets))
	for i := 0; i < len(toks); {
		k := d.setIndex(toks[i])
		if k < 0 {
			if isRow(toks[i]) {
				return nil, fmt.Errorf("%q where a set name should be (want %s)", toks[i], d.setNames())
			}
			return nil, fmt.Errorf("unknown set %q (want %s)", toks[i], d.setNames())
		}
		if seen[k] {
			return nil, fmt.Errorf("set %s given twice", toks[i])
		}
		seen[k] = true
		set := d.Sets[k]
		i++
		j := i
		for j < len(toks) && isRow(toks[j]) {
			j++
		}
		row := toks[i:j]
		i = j
		n := set.Size
		switch {
		case len(row) == n:
			if err := d.readPieces(s, k, row); err != nil {
				return nil, fmt.Errorf("set %s: %v", set.Name, err)
			}
			d.defaultOris(s, k)
		case len(row) == 2*n && set.Mod > 1:
			if err := d.readPieces(s, k, row[:n]); err != nil {
				return nil, fmt.Errorf("set %s: %v", set.Name, err)
			}
			if err := d.readOris(s, k, row[n:]); err != nil {
				return nil, fmt.Errorf("set %s: %v", set.Name, err)
			}
		case set.Mod > 1:
			return nil, fmt.Errorf("set %s: %d numbers, want %d pieces, then %d orientations or none", set.Name, len(row), n, n)
		default:
			return nil, fmt.Errorf("set %s: %d numbers, want %d pieces", set.Name, len(row), n)
		}
	}
	if at := d.IllegalAt(s); at != "" {
		return nil, fmt.Errorf("illegal state: %s", at)
	}
	return s, nil
}

func (d *Def) setIndex(name string) int {
	if d.setAt != nil {
		if k, ok := d.setAt[name]; ok {
			return k
		}
		return -1
	}
	for k, set := range d.Sets {
		if set.Name == name {
			return k
		}
	}
	return -1
}

// setNames lists the sets for a message: the first 24 where there are
// more, so that a message stays a line.
func (d *Def) setNames() string {
	var names []string
	for _, set := range d.Sets[:min(len(d.Sets), 24)] {
		names = append(names, set.Name)
	}
	if len(d.Sets) > 24 {
		return fmt.Sprintf("%s ... (%d in all)", strings.Join(names, ", "), len(d.Sets))
	}
	return strings.Join(names, ", ")
}

func (d *Def) readPieces(s State, k int, row []string) error {
	set := d.Sets[k]
	n, off := set.Size, set.Off
	if len(row) != n {
		return fmt.Errorf("row of %d numbers, want %d", len(row), n)
	}
	label := map[int]uint8{}
	for l, num := range d.Numbers[k] {
		label[num] = uint8(l)
	}
	count := make([]int, d.Labels[k])
	for i, tok := range row {
		v, err := strconv.Atoi(tok)
		l, ok := label[v]
		if err != nil || !ok {
			return fmt.Errorf("%q is not a piece of the set (want %s)", tok, d.pieceList(k))
		}
		s[off+i] = l
		count[l]++
	}
	want := make([]int, d.Labels[k])
	for i := 0; i < n; i++ {
		want[d.Solved[off+i]]++
	}
	for l := range want {
		if count[l] != want[l] {
			return fmt.Errorf("piece %d stands %d times, want %d (the pieces of Solved, rearranged)", d.Numbers[k][l], count[l], want[l])
		}
	}
	return nil
}

func (d *Def) pieceList(k int) string {
	nums := d.Numbers[k]
	if len(nums) == d.Sets[k].Size && nums[0] == 1 && nums[len(nums)-1] == len(nums) {
		return fmt.Sprintf("1 to %d", len(nums))
	}
	var b strings.Builder
	for i, v := range nums {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(v))
	}
	return b.String()
}

// wild says whether label l of set k has its orientation ignored.
func (d *Def) wild(k int, l uint8) bool {
	set := d.Sets[k]
	for i := 0; i < set.Size; i++ {
		if d.Solved[set.Off+i] == l {
			return d.Solved[set.Off+set.Size+i] == Wild
		}
	}
	return false
}

func (d *Def) readOris(s State, k int, row []string) error {
	set := d.Sets[k]
	n, off := set.Size, set.Off
	if len(row) != n {
		return fmt.Errorf("orientation row of %d numbers, want %d", len(row), n)
	}
	for i, tok := range row {
		w := d.wild(k, s[off+i])
		if tok == "?" {
			if !w && set.Mod > 1 {
				return fmt.Errorf("\"?\" at slot %d: piece %d's orientation counts", i+1, d.Numbers[k][s[off+i]])
			}
			s[off+n+i] = 0
		} else {
			v, err := strconv.Atoi(tok)
			if err != nil || v < 0 || v >= set.Mod {
				return fmt.Errorf("orientation %q at slot %d: want 0 to %d", tok, i+1, set.Mod-1)
			}
			s[off+n+i] = uint8(v)
		}
		if w {
			s[off+n+i] = Wild
		} else if set.Mod == 1 {
			s[off+n+i] = 0
		}
	}
	return nil
}

func (d *Def) defaultOris(s State, k int) {
	set := d.Sets[k]
	n, off := set.Size, set.Off
	for i := 0; i < n; i++ {
		if d.wild(k, s[off+i]) {
			s[off+n+i] = Wild
		} else {
			s[off+n+i] = 0
		}
	}
}

// FormatState writes s as ParseState reads it: each set's name, its pieces
// and, for a set with orientations, their orientations ("?" where ignored),
// a line each.
func (d *Def) FormatState(s State) string {
	var b strings.Builder
	for k, set := range d.Sets {
		n, off := set.Size, set.Off
		b.WriteString(set.Name)
		b.WriteByte('\n')
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(d.Numbers[k][s[off+i]]))
		}
		b.WriteByte('\n')
		if set.Mod > 1 {
			for i := 0; i < n; i++ {
				if i > 0 {
					b.WriteByte(' ')
				}
				if o := s[off+n+i]; o == Wild {
					b.WriteByte('?')
				} else {
					b.WriteString(strconv.Itoa(int(o)))
				}
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// FormatLine writes s on one line, as ParseState reads it: each set's name,
// pieces and orientations, separated by spaces.
func (d *Def) FormatLine(s State) string {
	return strings.Join(strings.Fields(d.FormatState(s)), " ")
}

// StateLines is the number of lines FormatState writes.
func (d *Def) StateLines() int {
	n := 0
	for _, set := range d.Sets {
		n += 2
		if set.Mod > 1 {
			n++
		}
	}
	return n
}
