package walk

// NextTable returns the walker's next-step table, nil before Prepare.
func (w *Walker) NextTable() []byte {
	if next := w.nextStep.Load(); next != nil {
		return *next
	}
	return nil
}
