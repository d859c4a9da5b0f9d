package msquare_test

import (
	"fmt"

	"github.com/godtable/godtable/lookup/msquare"
)

// The judge's question: from the base state to a target.
func ExamplePosition_Solve() {
	q, err := msquare.Parse("2 6 8 4 5 7 3 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := q.Solve()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(msquare.AppendAnswer(nil, s)))
	// Output:
	// 7
	// BCABCCB
}

// Between any two states: here from the sample target back to the base state.
func ExamplePosition_SolveFrom() {
	from, _ := msquare.Parse("2 6 8 4 5 7 3 1")
	var base msquare.Position // the zero value is the base state
	s, err := base.SolveFrom(from)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s, s.Len())
	// Output: CCBCBBB 7
}

// Every shortest answer, in lexicographic order.
func ExamplePosition_All() {
	q, _ := msquare.Parse("2 6 8 4 5 7 3 1")
	sols, _, _ := q.All(0)
	n, _ := q.Count()
	fmt.Println(n, sols)
	// Output: 4 [BCABCCB BCBACCB BCBCCAB BCBCCBA]
}

func ExamplePosition_Verify() {
	q, _ := msquare.Parse("2 6 8 4 5 7 3 1")
	v, _ := q.Verify("BCABCCBAA")
	fmt.Println(v)
	// Output: not optimal: length 9, optimal 7
}

func ExampleParse() {
	_, err := msquare.Parse("1 2 3 4 5 6 7 7")
	fmt.Println(err)
	// Output: 7 appears twice (numbers 7 and 8); want each of 1..8 once
}
