package lookup_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestReadSideLinksNoSearch: the packages that answer from a finished table,
// and the server built to WebAssembly (the static page's solver), link none
// of the packages that build one, so that a program embedding a puzzle
// carries no search, no work directory and no lock files. (The file
// formats are the read side's too: checkedfile, which writes every file
// whole or not at all, is linked where the 3x3x3's tables are saved.)
func TestReadSideLinksNoSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	build := []string{"/engine/bfs", "/engine/classes", "/engine/levelsearch", "/engine/permindex", "/engine/tablebuild", "/engine/group", "/engine/deftable", "/engine/prune", "/engine/ida", "/support/sysmem"}
	for _, pkg := range []string{"./pocket", "./msquare", "./rotgame", "./rotgrid", "./pyraminx", "../internal/engine/walk", "../internal/engine/solver", "../internal/format/table", "js/wasm ../cmd/godtable-serve"} {
		cmd := exec.Command("go", "list", "-deps", pkg)
		if target, path, ok := strings.Cut(pkg, " "); ok {
			// The server built to WebAssembly: the static page's solver.
			goos, goarch, _ := strings.Cut(target, "/")
			cmd = exec.Command("go", "list", "-deps", path)
			cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch)
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go list %s: %v\n%s", pkg, err, out)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 5 {
			t.Fatalf("go list %s named only %q", pkg, deps)
		}
		for _, d := range deps {
			for _, b := range build {
				if strings.HasSuffix(d, b) {
					t.Errorf("%s links %s", pkg, d)
				}
			}
		}
	}
}
