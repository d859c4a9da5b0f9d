package msquare

import "testing"

// The answer is the lexicographically smallest optimal one: verify tells an
// optimal proposal that is not it.
func TestVerifySmallest(t *testing.T) {
	q, err := Parse("2 6 8 4 5 7 3 1")
	if err != nil {
		t.Fatal(err)
	}
	all, _, err := q.All(0)
	if err != nil || len(all) < 2 {
		t.Fatalf("want several optimal answers, got %v (%v)", all, err)
	}
	for i, s := range all {
		v, err := q.Verify(s.String())
		if err != nil || !v.IsOptimal() {
			t.Fatalf("%s: %v %v", s, v, err)
		}
		if want := map[bool]string{true: "", false: all[0].String()}[i == 0]; v.Smallest != want {
			t.Errorf("%s: Smallest %q, want %q", s, v.Smallest, want)
		}
	}
}
