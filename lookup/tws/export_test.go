package tws

// BlockSpans returns where each block of a table read in place starts in
// its file and how many bytes it takes (none for a table held whole).
func BlockSpans(pz *Puzzle) [][2]int64 {
	pg := pz.t.Levels().Paged()
	if pg == nil {
		return nil
	}
	spans := make([][2]int64, len(pg.Blocks))
	for i := range spans {
		spans[i][0], spans[i][1] = pg.BlockSpan(i)
	}
	return spans
}
