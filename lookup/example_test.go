package lookup_test

import (
	"fmt"

	"github.com/godtable/godtable/lookup"
)

func ExampleSolveViews() {
	v, err := lookup.ParseViews("fe88e8f9b499")
	if err != nil {
		fmt.Println(err)
		return
	}
	b, ok := lookup.SolveViews(v)
	fmt.Println(ok, b.Count(), b.Hex())
	_, ok = lookup.SolveViews(lookup.ViewsBatteryCase(0))
	fmt.Println(ok)
	// Output:
	// true 12 8e08008070081008
	// false
}
