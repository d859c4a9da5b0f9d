package tws

import (
	"github.com/godtable/godtable/internal/model/ksolve"
	"github.com/godtable/godtable/internal/model/notation"
)

// vocabularies are the notations of p's positions, every move its
// definition has (scr), and of its answers, the moves of its metric (sol).
func vocabularies(p *ksolve.Puzzle) (scr, sol *notation.Vocabulary) {
	d := p.Def
	names := make([]string, len(d.Moves))
	inv := make([]int, len(d.Moves))
	for i, m := range d.Moves {
		names[i] = m.Name
		order := d.Bases[m.Base].Order
		for j, o := range d.Moves {
			if o.Base == m.Base && (o.Power+m.Power)%order == 0 {
				inv[i] = j
			}
		}
	}
	scr = notation.New(names, inv, wantMove(d.Name, names))
	spellPowers(scr, d.Moves, d)
	snames := make([]string, len(p.Moves))
	sinv := make([]int, len(p.Moves))
	for i, m := range p.Moves {
		snames[i] = m.Name
		sinv[i] = p.InverseMove(i)
	}
	sol = notation.New(snames, sinv, wantMove(d.Name, snames))
	spellPowers(sol, p.Moves, d)
	return scr, sol
}

// moved returns the state after the move sequence seq from s, read in
// scr's notation of d's moves; s is kept. A move to a state d's Illegal
// lines forbid is an error naming it.
func moved(d *ksolve.Def, scr *notation.Vocabulary, s ksolve.State, seq string) (ksolve.State, error) {
	moves, err := scr.Parse(seq, nil)
	if err != nil {
		return nil, err
	}
	s = s.Clone()
	tmp := make(ksolve.State, len(s))
	for k, m := range moves {
		tmp = d.Apply(tmp, s, d.Moves[m].Perm)
		s, tmp = tmp, s
		if err := illegalAfter(d, s, k, d.Moves[m].Name); err != nil {
			return nil, err
		}
	}
	return s, nil
}
