package rotgrid_test

import (
	"fmt"

	"github.com/godtable/godtable/lookup/rotgrid"
)

func ExampleParse() {
	g, err := rotgrid.Parse("4 9 2 3 5 7 8 1 6")
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

func ExampleParse_error() {
	_, err := rotgrid.Parse("492357811")
	fmt.Println(err)
	// Output: 1 appears twice (numbers 8 and 9), so 6 is missing
}

func ExampleScramble() {
	g, err := rotgrid.Scramble("BL BL TL")
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

func ExampleGrid_Count() {
	g, _ := rotgrid.Scramble("BL BL TL")
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

func ExampleGrid_Verify() {
	g, _ := rotgrid.Parse("492357816")
	for _, s := range []string{"TL TR TL BL' TR TL' BL BR' BL'", "TL", "TL TR XL"} {
		v, _ := g.Verify(s)
		fmt.Println(v)
	}
	// Output:
	// optimal: length 9
	// illegal: does not solve the grid (optimal 9)
	// illegal: bad move "XL" at character 7 (want TL TR BL BR, each plain or with ' 2 2' 3) (optimal 9)
}

func ExampleDistribution() {
	d, _ := rotgrid.Distribution()
	fmt.Println(d)
	// Output: [1 8 52 328 1996 11336 51582 130042 125929 39706 1880 20]
}
