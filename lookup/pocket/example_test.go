package pocket_test

import (
	"fmt"

	"github.com/godtable/godtable/lookup/pocket"
)

func ExampleCube_Solve() {
	// The seed's pattern 3, "4 vertical flags".
	cube, err := pocket.Parse("UUUULRBFRLFBLRBFRLFBDDDD")
	if err != nil {
		fmt.Println(err)
		return
	}
	htm, _ := cube.Solve(pocket.HTM)
	qtm, _ := cube.Solve(pocket.QTM)
	fmt.Println(htm, "-", htm.Cost(), "moves")
	fmt.Println(qtm, "-", qtm.Cost(), "quarter turns")
	// Output:
	// R2 F2 R2 - 3 moves
	// R2 F2 R2 - 6 quarter turns
}

func ExampleParse_error() {
	// Any six colours will do, but each corner must be a real corner.
	_, err := pocket.Parse("aaaabbcdcdeebbccddeeffff")
	fmt.Println(err)
	_, err = pocket.Parse("aaaabbccddeebbccddeefff")
	fmt.Println(err)
	// Output:
	// corner URF (stickers D I H) is mirrored: its colours 'a' 'c' 'd' run the wrong way round
	// want 24 stickers, got 23 characters
}

func ExampleCube_Count() {
	cube, _ := pocket.Scramble("R U2 F'")
	n, _ := cube.Count(pocket.HTM)
	all, _, _ := cube.All(pocket.HTM, 0)
	fmt.Println(n, all)
	// Output:
	// 1 [F U2 R']
}
