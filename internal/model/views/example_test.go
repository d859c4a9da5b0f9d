package views_test

import (
	"fmt"

	"github.com/godtable/godtable/internal/model/views"
)

func ExampleSolve() {
	for _, in := range []string{"fe88e8f9b499", "670b14728ad9"} {
		v, err := views.ParseHex(in)
		if err != nil {
			fmt.Println(err)
			continue
		}
		b, ok := views.Solve(v)
		if !ok {
			fmt.Println(in, "impossible")
			continue
		}
		fmt.Println(in, b.Count(), b.Hex())
	}
	// Output:
	// fe88e8f9b499 12 8e08008070081008
	// 670b14728ad9 impossible
}

func ExampleParseHex() {
	v, err := views.ParseHex("FE88E8F9B499")
	fmt.Print(v.Draw(), err, "\n")
	_, err = views.ParseHex("fe88e8f9b49")
	fmt.Println(err)
	// Output:
	// Top:        Front:      Side:
	// x x x x     x x x .     x . x x
	// x x x .     x . . .     . x . .
	// x . . .     x x x x     x . . x
	// x . . .     x . . x     x . . x
	// <nil>
	// want 12 hex digits, got 11
}

func ExampleBlocks_Draw() {
	v, _ := views.ParseHex("fe88e8f9b499")
	b, _ := views.Solve(v)
	fmt.Print(b.Draw())
	// Output:
	// Layer 0:    Layer 1:    Layer 2:    Layer 3:
	// x . . .     . . . .     . x x x     . . . x
	// x x x .     . . . .     . . . .     . . . .
	// . . . .     x . . .     . . . .     . . . .
	// x . . .     . . . .     x . . .     x . . .
}
