package lookup_test

import (
	"fmt"

	"github.com/godtable/godtable/lookup"
)

func ExamplePocketCube_Solve() {
	// The seed's pattern 3, "4 vertical flags".
	cube, err := lookup.ParsePocket("UUUULRBFRLFBLRBFRLFBDDDD")
	if err != nil {
		fmt.Println(err)
		return
	}
	htm, _ := cube.Solve(lookup.HTM)
	qtm, _ := cube.Solve(lookup.QTM)
	fmt.Println(htm, "-", htm.Cost(), "moves")
	fmt.Println(qtm, "-", qtm.Cost(), "quarter turns")
	// Output:
	// R2 F2 R2 - 3 moves
	// R2 F2 R2 - 6 quarter turns
}

func ExampleParsePocket_error() {
	// Any six colours will do, but each corner must be a real corner.
	_, err := lookup.ParsePocket("aaaabbcdcdeebbccddeeffff")
	fmt.Println(err)
	_, err = lookup.ParsePocket("aaaabbccddeebbccddeefff")
	fmt.Println(err)
	// Output:
	// corner URF (stickers D I H) is mirrored: its colours 'a' 'c' 'd' run the wrong way round
	// want 24 stickers, got 23 characters
}

func ExamplePocketCube_Count() {
	cube, _ := lookup.ScramblePocket("R U2 F'")
	n, _ := cube.Count(lookup.HTM)
	all, _, _ := cube.All(lookup.HTM, 0)
	fmt.Println(n, all)
	// Output:
	// 1 [F U2 R']
}
