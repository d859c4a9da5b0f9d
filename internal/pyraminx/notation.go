package pyraminx

import "strings"

// ParseMove reads one move token: a corner letter, U L R B for a corner
// turn or u l r b for a tip turn, then nothing for a clockwise turn, ' (or
// the typographic ’) for an anticlockwise one, 2 for two clockwise turns,
// which are one anticlockwise, or 2' for two anticlockwise, one clockwise.
func ParseMove(tok string) (Move, bool) {
	if tok == "" {
		return 0, false
	}
	i := strings.IndexByte("ULRBulrb", tok[0])
	if i < 0 {
		return 0, false
	}
	m := Move(2 * i)
	switch strings.ReplaceAll(tok[1:], "’", "'") {
	case "", "2'":
		return m, true
	case "'", "2":
		return m + 1, true
	}
	return 0, false
}

// ParseMoves reads a sequence of move tokens separated by white space. A bad
// token is named with its number and the character it starts at.
func ParseMoves(s string) ([]Move, error) {
	var moves []Move
	n := 0
	for i := 0; i < len(s); {
		if isSpace(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		n++
		m, ok := ParseMove(s[i:j])
		if !ok {
			return nil, perr(ErrMoveToken, "bad move %q (token %d, at character %d): want U L R B or u l r b, each alone or followed by ' or 2", s[i:j], n, len([]rune(s[:i]))+1)
		}
		moves = append(moves, m)
		i = j
	}
	return moves, nil
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// ApplyMoves returns the position after the move sequence s, tips included.
func (q Position) ApplyMoves(s string) (Position, error) {
	moves, err := ParseMoves(s)
	if err != nil {
		return Position{}, err
	}
	for _, m := range moves {
		q = q.Apply(m)
	}
	return q, nil
}

// Scramble returns the position that the move sequence s makes from the
// solved puzzle.
func Scramble(s string) (Position, error) { return Solved.ApplyMoves(s) }
