package tws_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/godtable/godtable/lookup/tws"
)

// A definition built in memory, then asked for an optimal solution, their
// number and its distance distribution.
func Example() {
	src, err := os.ReadFile("testdata/pocket.tws")
	if err != nil {
		log.Fatal(err)
	}
	def, err := tws.ParseDefinition("pocket.tws", src)
	if err != nil {
		log.Fatal(err)
	}
	pz, err := tws.Build(context.Background(), def, tws.BuildOptions{})
	if err != nil {
		log.Fatal(err)
	}
	pos, err := pz.ParseMoves("R U R' U'")
	if err != nil {
		log.Fatal(err)
	}
	sol, _ := pos.Solve()
	n, _ := pos.Count()
	fmt.Println(sol, n)
	fmt.Println(pz.Distribution())
	// Output:
	// U R U' R' 1
	// [1 9 54 321 1847 9992 50136 227536 870072 1887748 623800 2644]
}
