package rotgame_test

import (
	"fmt"
	"os"

	"github.com/godtable/godtable/lookup/rotgame"
)

// The judge's first sample: two operations bring eight 2s to the centre.
func ExamplePosition_Solve() {
	g, err := rotgame.Parse("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3")
	if err != nil {
		panic(err)
	}
	a, err := g.Solve()
	if err != nil {
		panic(err)
	}
	fmt.Println(a.Moves, a.Centre)
	os.Stdout.Write(a.AppendJudge(nil))
	// Output:
	// AC 2
	// AC
	// 2
}

// Every optimal answer of the judge's second sample: two D and two H, in
// any order.
func ExamplePosition_All() {
	g, _ := rotgame.Parse("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3")
	n, _ := g.Count()
	all, _, _ := g.All(3)
	fmt.Println(n, all)
	// Output:
	// 6 [DDHH 2 DHDH 2 DHHD 2]
}

func ExamplePosition_Verify() {
	g, _ := rotgame.Parse("111132323132231222312133")
	for _, s := range []string{"AC 2", "ACBE", "CA"} {
		v, _ := g.Verify(s)
		fmt.Println(v)
	}
	// Output:
	// optimal: length 2
	// not optimal: length 4, optimal 2
	// illegal: the centre does not hold eight equal numbers (optimal 2)
}

func ExampleParse() {
	_, err := rotgame.Parse("1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3")
	fmt.Println(err)
	// Output:
	// want eight each of 1, 2 and 3, got 9, 7 and 8
}
