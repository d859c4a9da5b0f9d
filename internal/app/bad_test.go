package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadInputCorpus runs testdata/bad/PUZZLE.txt through the command in
// process: each invalid input, in one batch among valid inputs, must get
// exactly its expected error answer while every valid input is still
// answered, and the exit status must be 1.
//
// File format: "valid: INPUT" gives a valid input; "args: A B" gives extra
// arguments to solve; every other non-comment line is INPUT<TAB>MESSAGE.
// In INPUT, \n stands for a line break, \t for a tab and \r for a carriage
// return (a CRLF line's \r is taken off, so "\r\r" leaves one).
func TestBadInputCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/bad/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatal("no bad-input corpus", err)
	}
	for _, f := range files {
		puzzleName := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(puzzleName, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var valid string
			var args []string
			type bad struct{ in, msg string }
			var bads []bad
			for _, line := range strings.Split(string(data), "\n") {
				switch {
				case line == "" || strings.HasPrefix(line, "#"):
				case strings.HasPrefix(line, "valid: "):
					valid = strings.TrimPrefix(line, "valid: ")
				case strings.HasPrefix(line, "args: "):
					args = strings.Fields(strings.TrimPrefix(line, "args: "))
				default:
					in, msg, ok := strings.Cut(line, "\t")
					if !ok {
						t.Fatalf("%s: line %q has no tab", f, line)
					}
					in = strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\r`, "\r").Replace(in)
					bads = append(bads, bad{in, msg})
				}
			}
			if valid == "" || len(bads) < 20 {
				t.Fatalf("%s: want a valid input and at least 20 bad ones, got %d", f, len(bads))
			}
			cmd := append([]string{"solve", puzzleName}, args...)
			var one bytes.Buffer
			if code := Run(cmd, strings.NewReader(valid+"\n"), &one, &bytes.Buffer{}); code != 0 {
				t.Fatalf("valid input %q: exit %d", valid, code)
			}
			var in, want strings.Builder
			in.WriteString(valid + "\n")
			want.WriteString(one.String())
			for _, b := range bads {
				in.WriteString(b.in + "\n" + valid + "\n")
				want.WriteString("error: " + b.msg + "\n" + one.String())
			}
			var stdout, stderr bytes.Buffer
			code := Run(cmd, strings.NewReader(in.String()), &stdout, &stderr)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			got, wantS := strings.Split(stdout.String(), "\n"), strings.Split(want.String(), "\n")
			for i := 0; i < max(len(got), len(wantS)); i++ {
				g, w := "", ""
				if i < len(got) {
					g = got[i]
				}
				if i < len(wantS) {
					w = wantS[i]
				}
				if g != w {
					t.Errorf("answer line %d:\n got %q\nwant %q", i+1, g, w)
				}
			}
			if n := strings.Count(stderr.String(), "\n"); n != len(bads) {
				t.Errorf("%d stderr lines for %d bad inputs:\n%s", n, len(bads), stderr.String())
			}
		})
	}
}
