package catalog

import (
	"os/exec"
	"strings"
	"testing"
)

// Imports point one way: the generator links the catalog alone, and the
// catalog (every puzzle's model) links no public package, no embedded
// table and no command code, so that the generator builds whatever state
// tables/ is in and needs no build tag.
func TestLayers(t *testing.T) {
	const mod = "github.com/godtable/godtable/"
	out, err := exec.Command("go", "list", "-deps", ".", "../../../gen/gentables").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	for _, d := range deps {
		p, ours := strings.CutPrefix(d, mod)
		if !ours {
			continue
		}
		if strings.HasPrefix(p, "lookup") || strings.HasPrefix(p, "tables") || strings.HasPrefix(p, "internal/app") || p == "internal/engine/solver" {
			t.Errorf("the catalog or the generator links %s", p)
		}
	}
	if len(deps) < 10 {
		t.Fatalf("go list named only %q", deps)
	}
}
