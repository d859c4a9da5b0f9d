package app

import (
	"bytes"
	"strings"
	"testing"
)

// An --antipodes that is no count of states is one usage line naming the
// flag and the value, however it is written; a count, and the flag alone
// before another flag, still read.
func TestAntipodesCount(t *testing.T) {
	def := "../../lookup/tws/testdata/twisty.tws"
	for _, bad := range [][]string{
		{"--antipodes", "-1"}, {"--antipodes=-1"}, {"-antipodes", "-5"}, {"--antipodes=x"},
		{"--json", "--antipodes", "-1"}, {"--antipodes=2000000000"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(append([]string{"stats", def}, bad...), strings.NewReader(""), &stdout, &stderr)
		first, _, _ := strings.Cut(stderr.String(), "\n")
		if code != ExitUsage || !strings.Contains(first, "--antipodes: want a count of states") || strings.Contains(first, "not defined") {
			t.Errorf("%v: exit %d, %q", bad, code, first)
		}
	}
	for _, good := range [][]string{{"--antipodes", "2"}, {"--antipodes=2"}, {"--antipodes", "--json"}, {"--antipodes"}} {
		var stdout, stderr bytes.Buffer
		if code := Run(append([]string{"stats", def}, good...), strings.NewReader(""), &stdout, &stderr); code != ExitOK {
			t.Errorf("%v: exit %d, %s", good, code, stderr.String())
		}
	}
}
