package walk_test

import (
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/godtable/godtable/internal/pocket"
	"github.com/godtable/godtable/internal/puzzle"
	"github.com/godtable/godtable/internal/walk"
)

// A walker given a stepper to make (WithStepperFunc) answers at once, on
// its own, while the stepper is being made, and through the stepper once it
// is there: the reference walk's answers throughout.
func TestStepperMadeInBackground(t *testing.T) {
	def := pocket.HTM()
	w := walker(t, def)
	release := make(chan struct{})
	var asked, made atomic.Bool
	w.WithStepperFunc(func() walk.Stepper {
		asked.Store(true)
		<-release
		defer made.Store(true)
		return pocket.Stepper(false)
	})
	var a, b [walk.MaxSteps]uint8
	check := func(r uint32) {
		t.Helper()
		s := puzzle.State(r)
		got, err1 := w.Solve(s, a[:0])
		want, err2 := w.SolveReference(s, b[:0])
		if !slices.Equal(got, want) || err1 != err2 {
			t.Fatalf("rank %d: %v (%v), reference %v (%v)", r, got, err1, want, err2)
		}
	}
	for r := uint32(0); r < pocket.NStates; r += 9973 {
		check(r)
	}
	if made.Load() {
		t.Fatal("stepper made before it was released")
	}
	deadline := time.Now().Add(time.Minute)
	for !asked.Load() {
		if time.Now().After(deadline) {
			t.Fatal("the walks never started making the stepper")
		}
		time.Sleep(time.Millisecond)
	}
	close(release)
	for !made.Load() {
		if time.Now().After(deadline) {
			t.Fatal("stepper never made")
		}
		time.Sleep(time.Millisecond)
	}
	for r := uint32(1); r < pocket.NStates; r += 9973 {
		check(r)
	}
}

// A walker answers its first walk without starting to make its stepper, so
// that a program answering one position never builds the stepper's tables;
// the second walk starts it.
func TestStepperNotMadeForOneWalk(t *testing.T) {
	def := pocket.HTM()
	w := walker(t, def)
	var asked atomic.Bool
	w.WithStepperFunc(func() walk.Stepper {
		asked.Store(true)
		return pocket.Stepper(false)
	})
	var steps [walk.MaxSteps]uint8
	if _, err := w.Solve(puzzle.State(12345), steps[:0]); err != nil {
		t.Fatal(err)
	}
	// Were the first walk to start it, the goroutine would have run by now.
	time.Sleep(100 * time.Millisecond)
	if asked.Load() {
		t.Fatal("the first walk started making the stepper")
	}
	if _, err := w.Solve(puzzle.State(54321), steps[:0]); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); !asked.Load(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the second walk never started making the stepper")
		}
	}
}
