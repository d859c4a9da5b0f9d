package lookup_test

import (
	"fmt"

	"github.com/godtable/godtable/lookup"
)

func ExampleParseRotGrid() {
	g, err := lookup.ParseRotGrid("4 9 2 3 5 7 8 1 6")
	if err != nil {
		panic(err)
	}
	sol, err := g.Solve()
	if err != nil {
		panic(err)
	}
	fmt.Println(sol, "-", sol.Len(), "moves")
	// Output: TL TR TL BL' TR TL' BL BR' BL' - 9 moves
}

func ExampleParseRotGrid_error() {
	_, err := lookup.ParseRotGrid("492357811")
	fmt.Println(err)
	// Output: 1 appears twice (numbers 8 and 9), so 6 is missing
}

func ExampleScrambleRotGrid() {
	g, err := lookup.ScrambleRotGrid("BL BL TL")
	if err != nil {
		panic(err)
	}
	sol, _ := g.Solve()
	fmt.Println(g)
	fmt.Println(sol)
	// Output:
	// 813726549
	// TL' BL BL
}

func ExampleRotGrid_Count() {
	g, _ := lookup.ScrambleRotGrid("BL BL TL")
	n, _ := g.Count()
	all, _, _ := g.All(0)
	fmt.Println(n)
	for _, s := range all {
		fmt.Println(s)
	}
	// Output:
	// 2
	// TL' BL BL
	// TL' BL' BL'
}

func ExampleRotGrid_Verify() {
	g, _ := lookup.ParseRotGrid("492357816")
	for _, s := range []string{"TL TR TL BL' TR TL' BL BR' BL'", "TL", "TL TR XL"} {
		v, _ := g.Verify(s)
		fmt.Println(v)
	}
	// Output:
	// optimal: length 9
	// illegal: does not solve the grid (optimal 9)
	// illegal: bad move "XL" at character 7 (want TL TR BL BR, each plain or with ' 2 2' 3) (optimal 9)
}

func ExampleRotGridDistribution() {
	d, _ := lookup.RotGridDistribution()
	fmt.Println(d)
	// Output: [1 8 52 328 1996 11336 51582 130042 125929 39706 1880 20]
}
