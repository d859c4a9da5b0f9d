package views_test

import (
	"fmt"

	"github.com/godtable/godtable/lookup/views"
)

func ExampleViews_Solve() {
	v, err := views.Parse("fe88e8f9b499")
	if err != nil {
		fmt.Println(err)
		return
	}
	b, ok := v.Solve()
	fmt.Println(ok, b.Count(), b.Hex())
	_, ok = views.BatteryCase(0).Solve()
	fmt.Println(ok)
	// Output:
	// true 12 8e08008070081008
	// false
}

func ExampleViews_Verify() {
	v, _ := views.Parse("fe88e8f9b499")
	for _, s := range []string{"12 8e08008070081008", "11 8e08008070081008", "impossible", "ffffffffffffffff"} {
		fmt.Println(v.Verify(s))
	}
	// Output:
	// optimal: length 12
	// illegal: says 11 blocks, the set has 12 (optimal 12)
	// illegal: the views are solvable, with 12 blocks (optimal 12)
	// illegal: the blocks' top, front and side views differ (they show ffffffffffff) (optimal 12)
}
