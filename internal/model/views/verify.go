package views

// Verdict is the outcome of Verify.
type Verdict struct {
	Solvable bool  // some block set has the views
	Valid    bool  // the proposed blocks have exactly the views
	Minimal  bool  // valid, and no block set with the views has fewer blocks
	Min      int   // the fewest blocks with the views; 0 if not solvable
	Got      Views // the views the proposed blocks actually have
}

// Verify checks a proposed answer: whether the blocks b have exactly the
// views v and whether no smaller block set has them.
func Verify(v Views, b Blocks) Verdict {
	r := Verdict{Got: b.Views()}
	r.Valid = r.Got == v
	if best, ok := Solve(v); ok {
		r.Solvable = true
		r.Min = best.Count()
		r.Minimal = r.Valid && b.Count() == r.Min
	}
	return r
}

// Maximal returns the largest block set with the views v: every block whose
// three views are all set. Every solution is a subset of it; ok is false if
// even this set does not have the views, that is, if v is impossible.
func Maximal(v Views) (b Blocks, ok bool) {
	t, f, s := v.spread()
	cand, ok := candidates(t, f, s)
	if !ok {
		return 0, false
	}
	return Blocks(cand), true
}
