package rotgame

import "testing"

// The answer is the lexicographically smallest optimal one: verify tells an
// optimal proposal that is not it.
func TestVerifySmallest(t *testing.T) {
	g, err := Parse("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3")
	if err != nil {
		t.Fatal(err)
	}
	answers, _, err := g.All(0)
	if err != nil || len(answers) < 2 {
		t.Fatalf("want several optimal answers, got %v (%v)", answers, err)
	}
	for i, a := range answers {
		v, err := g.Verify(a.Sequence())
		if err != nil || !v.IsOptimal() {
			t.Fatalf("%s: %v %v", a, v, err)
		}
		if want := map[bool]string{true: "", false: answers[0].Sequence()}[i == 0]; v.Smallest != want {
			t.Errorf("%s: Smallest %q, want %q", a, v.Smallest, want)
		}
	}
}
