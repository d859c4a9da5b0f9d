package rotgame

// An independent solver for the rotation game, to check the table's answers:
// iterative deepening over the cells, operations tried in A..H order, with
// nothing from the table, the walk or the placement encoding. Its lines are
// copied from the specification, not from the model.

var idaLines = [8][7]int{
	{0, 2, 6, 11, 15, 20, 22},
	{1, 3, 8, 12, 17, 21, 23},
	{10, 9, 8, 7, 6, 5, 4},
	{19, 18, 17, 16, 15, 14, 13},
	{23, 21, 17, 12, 8, 3, 1},
	{22, 20, 15, 11, 6, 2, 0},
	{13, 14, 15, 16, 17, 18, 19},
	{4, 5, 6, 7, 8, 9, 10},
}

var idaCentre = [8]int{6, 7, 8, 11, 12, 15, 16, 17}

type idaBoard [24]uint8

func (b *idaBoard) shift(m int) {
	l := &idaLines[m]
	first := b[l[0]]
	for i := 0; i < 6; i++ {
		b[l[i]] = b[l[i+1]]
	}
	b[l[6]] = first
}

// unshift undoes shift(m).
func (b *idaBoard) unshift(m int) {
	l := &idaLines[m]
	last := b[l[6]]
	for i := 6; i > 0; i-- {
		b[l[i]] = b[l[i-1]]
	}
	b[l[0]] = last
}

// need is a lower bound on the operations left: an operation changes one
// centre cell, so the most frequent centre number needs one per other cell.
func (b *idaBoard) need() int {
	var n [4]int
	for _, c := range idaCentre {
		n[b[c]]++
	}
	return 8 - max(n[1], n[2], n[3])
}

// idaInverse[m] undoes operation m: the same line the other way.
var idaInverse = [8]int{5, 4, 7, 6, 1, 0, 3, 2}

// idaSearch finds the sequences of exactly depth operations that fill the
// centre, in A..H order; visit is called for each with the centre number and
// stops the search by returning false. An operation is never followed by its
// inverse: the pair does nothing, so a sequence holding it is not among the
// fewest.
func idaSearch(b idaBoard, depth int, visit func(seq []byte, centre int) bool) bool {
	s := idaState{b: b, depth: depth, visit: visit, path: make([]byte, 0, depth)}
	return s.dfs(-1)
}

type idaState struct {
	b     idaBoard
	depth int
	path  []byte
	visit func(seq []byte, centre int) bool
}

func (s *idaState) dfs(last int) bool {
	left := s.depth - len(s.path)
	if s.b.need() > left {
		return true
	}
	if left == 0 {
		return s.visit(s.path, int(s.b[idaCentre[0]]))
	}
	for m := 0; m < 8; m++ {
		if last >= 0 && m == idaInverse[last] {
			continue
		}
		s.b.shift(m)
		s.path = append(s.path, "ABCDEFGH"[m])
		more := s.dfs(m)
		s.path = s.path[:len(s.path)-1]
		s.b.unshift(m)
		if !more {
			return false
		}
	}
	return true
}

// idaSolve returns the first sequence of the fewest operations in A..H order
// (the lexicographically smallest) and its centre number.
func idaSolve(b idaBoard) (string, int) {
	for depth := 0; ; depth++ {
		var seq string
		centre := 0
		idaSearch(b, depth, func(s []byte, c int) bool {
			seq, centre = string(s), c
			return false
		})
		if centre != 0 {
			return seq, centre
		}
	}
}

// idaAll returns every sequence of the fewest operations, in A..H order, with
// their centre numbers.
func idaAll(b idaBoard) ([]string, []int) {
	for depth := 0; ; depth++ {
		var seqs []string
		var centres []int
		idaSearch(b, depth, func(s []byte, c int) bool {
			seqs, centres = append(seqs, string(s)), append(centres, c)
			return true
		})
		if len(seqs) > 0 {
			return seqs, centres
		}
	}
}
