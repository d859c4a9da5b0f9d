package msquare

// Prepare derives the next-step table now, for benchmarks of the steady
// state.
func Prepare() error {
	w, err := table.Walker()
	if err == nil {
		w.Prepare()
	}
	return err
}
