package msquare

import (
	"strconv"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/support/answer"
)

// The judge's lines hold at most 60 operations. No shortest answer is
// longer than 22, so the breaking is checked on made-up solutions.
func TestAppendAnswerLines(t *testing.T) {
	nt := notation()
	for _, n := range []int{0, 1, 59, 60, 61, 64} {
		steps := make([]uint8, n)
		for i := range steps {
			steps[i] = uint8(i % 3)
		}
		ops := strings.Repeat("ABC", 22)[:n]
		want := strconv.Itoa(n) + "\n" + ops + "\n"
		if n > 60 {
			want = strconv.Itoa(n) + "\n" + ops[:60] + "\n" + ops[60:] + "\n"
		}
		if got := string(AppendAnswer(nil, answer.New(nt, steps))); got != want {
			t.Errorf("%d operations:\n%q\nwant\n%q", n, got, want)
		}
	}
}

// The judge's writer spells the operations by their letters.
func TestLetters(t *testing.T) {
	for i, s := range tableSteps() {
		if s.Name != letters[i:i+1] {
			t.Errorf("step %d is %q, the writer says %q", i, s.Name, letters[i:i+1])
		}
	}
}
