package command

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The committed tables of the script tests are what gen makes now, byte for
// byte: the table of a definition depends on nothing but the definition,
// its metric and its moves.
func TestGenDeterministic(t *testing.T) {
	for _, c := range []struct{ table, metric string }{
		{"twisty.gdt", "htm"}, {"twisty-qtm.gdt", "qtm"},
	} {
		for _, workers := range []string{"1", "2", "16"} {
			out := filepath.Join(t.TempDir(), c.table)
			var stderr bytes.Buffer
			code := Run([]string{"gen", "../../lookup/tws/testdata/twisty.tws", "-o", out, "--metric", c.metric, "--workers", workers},
				strings.NewReader(""), &bytes.Buffer{}, &stderr)
			if code != 0 {
				t.Fatalf("gen: exit %d: %s", code, stderr.String())
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", "defs", c.table))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s on %s workers differs from testdata/defs/%s (stale? run gen again)", c.table, workers, c.table)
			}
		}
	}
}

// gen -go writes a package that a program imports to solve the puzzle with
// no file at run time: the README's example, built and run.
func TestGenGoPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program (go build)")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var stderr bytes.Buffer
	if code := Run([]string{"gen", "../../lookup/tws/testdata/pocket.tws", "-go", filepath.Join(dir, "pocketdef")},
		strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("gen -go: exit %d: %s", code, stderr.String())
	}
	src, err := os.ReadFile(filepath.Join(dir, "pocketdef", "pocketdef.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(src), "// Code generated ") || !strings.Contains(string(src), "DO NOT EDIT.") {
		t.Fatalf("generated file has no generated-code marker:\n%s", src)
	}
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod": "module example.com/solver\n\ngo 1.26\n\nrequire github.com/godtable/godtable v0.0.0\n\nreplace github.com/godtable/godtable => " + root + "\n",
		"go.sum": string(gosum),
		"main.go": `package main

import (
	"fmt"
	"log"

	"example.com/solver/pocketdef"
)

func main() {
	pz, err := pocketdef.Puzzle()
	if err != nil {
		log.Fatal(err)
	}
	pos, err := pz.ParseMoves("R U R' U'")
	if err != nil {
		log.Fatal(err)
	}
	sol, err := pos.Solve()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sol)
}
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	cmd := exec.Command(gobin, "run", "-mod=mod", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != "U R U' R'" {
		t.Fatalf("the generated package solved R U R' U' with %q", got)
	}
}
