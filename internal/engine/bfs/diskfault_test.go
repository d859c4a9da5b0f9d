package bfs_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/godtable/godtable/internal/engine/bfs"
)

// copyDir copies the work directory src into dst (its lock aside).
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), "lock") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// names returns the names in dir that start with prefix, sorted.
func names(t *testing.T, dir, prefix string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), prefix) && !strings.HasSuffix(e.Name(), ".tmp") {
			out = append(out, e.Name())
		}
	}
	slices.Sort(out)
	return out
}

// target is a file a step to come consumes, of one kind, and another of
// its kind to swap it with ("" if there is none).
type target struct {
	kind        string
	name, other string
}

// targets picks, in a work directory stopped at a pass, one file of each
// kind that a step to come reads: the next step's chunk file; a frontier
// file the pass, or the apply pass after it, reads; an update and an ask
// file (every one there is read); the manifest; the tasks' results.
func targets(t *testing.T, dir string) []target {
	level, pass, next, chunks, err := bfs.DiskAt(dir)
	if err != nil {
		t.Fatal(err)
	}
	d := level - 1
	out := []target{{"levels", fmt.Sprintf("chunk-%06d", next%chunks), fmt.Sprintf("chunk-%06d", (next+1)%chunks)}}
	// The next level's frontiers are read by the apply pass (those of
	// chunks from next on, in the apply pass itself); else the level's,
	// of the last chunk, by the expand pass.
	fronts := names(t, dir, fmt.Sprintf("front-%05d-", d+1))
	if pass == "apply" {
		fronts = slices.DeleteFunc(fronts, func(n string) bool { return n < fmt.Sprintf("front-%05d-%06d", d+1, next) })
	}
	if len(fronts) == 0 {
		fronts = names(t, dir, fmt.Sprintf("front-%05d-", d))
	}
	front := target{kind: "frontier", name: fronts[len(fronts)-1]}
	for _, n := range names(t, dir, front.name[:len("front-00000-")]) {
		if n != front.name {
			front.other = n
		}
	}
	out = append(out, front)
	for _, k := range []string{"update-", "ask-", "done-"} {
		if n := names(t, dir, k); len(n) > 0 {
			tg := target{kind: k, name: n[0]}
			if len(n) > 1 {
				tg.other = n[len(n)-1]
			}
			out = append(out, tg)
		}
	}
	if pass != "expand" || next > 0 {
		out = append(out, target{kind: "manifest", name: "manifest"})
	}
	return out
}

// fault damages the file name in dir as how says: deleted, swapped with
// other, truncated, or a bit flipped; it returns the names the refusal
// may give (one of them).
func fault(t *testing.T, dir, how string, tg target) []string {
	t.Helper()
	path := filepath.Join(dir, tg.name)
	named := []string{tg.name}
	switch how {
	case "deleted":
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		// A missing update or ask file is named with its group.
		if strings.HasPrefix(tg.name, "update-") || strings.HasPrefix(tg.name, "ask-") {
			named = []string{tg.name[:strings.LastIndexByte(tg.name, '-')+1]}
		}
	case "swapped":
		o := filepath.Join(dir, tg.other)
		tmp := path + ".swap"
		for _, mv := range [][2]string{{path, tmp}, {o, path}, {tmp, o}} {
			if err := os.Rename(mv[0], mv[1]); err != nil {
				t.Fatal(err)
			}
		}
		named = append(named, tg.other)
	case "truncated", "flipped":
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if how == "truncated" {
			b = b[:len(b)/2]
		} else {
			b[len(b)*2/3] ^= 0x10
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return named
}

// checkRefused says a search over a damaged directory ended as it must:
// refused in one line that names the file, or (where allow says the
// damage leaves the search able to go on) with the levels want holds.
func checkRefused(t *testing.T, what string, got *bfs.DiskLevels, err error, named []string, want *bfs.Levels, allow bool) {
	t.Helper()
	if err == nil {
		// A file no step reads again is read with the levels at the end.
		var lv *bfs.Levels
		if lv, err = got.Levels(); err == nil {
			if allow && slices.Equal(lv.Words, want.Words) && slices.Equal(lv.Counts, want.Counts) {
				return
			}
			t.Errorf("%s: the search ended without an error (levels equal: %v)", what, slices.Equal(lv.Words, want.Words))
			return
		}
	}
	msg := err.Error()
	ok := strings.Contains(msg, "remove ") && !strings.Contains(msg, "\n")
	found := false
	for _, n := range named {
		found = found || strings.Contains(msg, n)
	}
	if !ok || !found {
		t.Errorf("%s: %v; want one line naming %s and saying what to do", what, err, strings.Join(named, " or "))
	}
}

// stopsByPass runs a search a step at a time and keeps a copy of its work
// directory at the middle chunk of each kind of pass (the level with the
// most update and ask files there), in dirs under root.
func stopsByPass(t *testing.T, x bfs.Graph, goal uint64, opt bfs.DiskOptions, root string) map[string]string {
	at := map[string]string{}
	for i := 0; ; i++ {
		_, err := bfs.SearchDiskStopped(context.Background(), x, goal, opt, 1)
		if err == nil {
			break
		}
		if !bfs.IsStopped(err) {
			t.Fatal(err)
		}
		_, pass, next, chunks, err := bfs.DiskAt(opt.Dir)
		if err != nil {
			t.Fatal(err)
		}
		sent := func(dir string) int { return len(names(t, dir, "update-")) + len(names(t, dir, "ask-")) }
		if next == chunks/2 && (at[pass] == "" || sent(opt.Dir) > sent(at[pass])) {
			dst := filepath.Join(root, fmt.Sprintf("%s-%d", pass, i))
			copyDir(t, opt.Dir, dst)
			at[pass] = dst
		}
	}
	return at
}

// No file of a search on disk is trusted by its name or its absence: at
// a stop in each kind of pass, each kind of file a step to come reads
// (the chunk's levels, a frontier, an update file, an ask file, the
// manifest), deleted, swapped with another of its kind, cut short or with
// a bit flipped, has the search refuse in one line that names the file
// and says what to do, never end with other levels.
func TestSearchDiskFaults(t *testing.T) {
	bfs.NoSync(t)
	x, goal := index(t, "pocket.tws")
	want, err := bfs.Search(context.Background(), x, goal, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	opt := bfs.DiskOptions{Dir: filepath.Join(root, "run"), ChunkWords: 20000, Workers: 2}
	at := stopsByPass(t, x, goal, opt, root)
	kinds := map[string]bool{}
	for _, pass := range []string{"expand", "ask", "answer", "apply"} {
		base, ok := at[pass]
		if !ok {
			t.Fatalf("the search never stopped in a pass %s", pass)
		}
		for _, tg := range targets(t, base) {
			kinds[tg.kind] = true
			for _, how := range []string{"deleted", "swapped", "truncated", "flipped"} {
				if how == "swapped" && tg.other == "" {
					continue
				}
				dir := filepath.Join(root, "try")
				os.RemoveAll(dir)
				copyDir(t, base, dir)
				named := fault(t, dir, how, tg)
				got, err := bfs.SearchDisk(context.Background(), x, goal, bfs.DiskOptions{Dir: dir, ChunkWords: 20000, Workers: 2})
				checkRefused(t, fmt.Sprintf("%s pass, %s %s", pass, tg.name, how), got, err, named, want, false)
			}
		}
	}
	for _, k := range []string{"levels", "frontier", "update-", "ask-", "manifest"} {
		if !kinds[k] {
			t.Errorf("no %s file was damaged", k)
		}
	}
}

// plainTasks runs a pass's tasks at once, as DiskTask in goroutines, and
// returns the first error of one (as a launcher says a task failed); with
// cancel set, it cancels the search after the pass's tasks.
type plainTasks struct {
	dir    string
	x      bfs.Graph
	cancel context.CancelFunc
}

func (f *plainTasks) run(ctx context.Context, p bfs.TaskPass) error {
	errs := make([]error, len(p.Chunks))
	done := make(chan struct{})
	for i, c := range p.Chunks {
		go func() {
			defer func() { done <- struct{}{} }()
			_, errs[i] = bfs.DiskTask(ctx, f.x, bfs.DiskTaskOptions{Dir: f.dir, Level: p.Level, Pass: p.Pass, Chunk: c, Workers: 1})
		}()
	}
	for range p.Chunks {
		<-done
	}
	if f.cancel != nil {
		f.cancel()
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// The same under tasks: at a stop after each kind of pass's tasks (their
// results there, not yet taken), each kind of file a step or the search
// reads, the tasks' results too, damaged as above, has the search refuse
// in one line naming it (through the tasks' error where a task reads
// it); a result deleted has its task run again, which either ends with
// the levels Search gives or is refused for the inputs the task consumed.
func TestSearchDiskTaskFaults(t *testing.T) {
	bfs.NoSync(t)
	x, goal := index(t, "pocket.tws")
	want, err := bfs.Search(context.Background(), x, goal, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	run := filepath.Join(root, "run")
	at := map[string]string{}
	for i := 0; ; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		f := &plainTasks{dir: run, x: x, cancel: cancel}
		_, err := bfs.SearchDisk(ctx, x, goal, bfs.DiskOptions{Dir: run, ChunkWords: 20000, Workers: 1, Tasks: f.run})
		cancel()
		if err == nil {
			break
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatal(err)
		}
		_, pass, _, _, err := bfs.DiskAt(run)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := at[pass]; !ok {
			at[pass] = filepath.Join(root, fmt.Sprintf("%s-%d", pass, i))
			copyDir(t, run, at[pass])
		}
	}
	kinds := map[string]bool{}
	for _, pass := range []string{"expand", "ask", "answer", "apply"} {
		base, ok := at[pass]
		if !ok {
			t.Fatalf("no tasks ran a pass %s", pass)
		}
		for _, tg := range targets(t, base) {
			kinds[tg.kind] = true
			for _, how := range []string{"deleted", "swapped", "truncated", "flipped"} {
				if how == "swapped" && tg.other == "" || testing.Short() && (how == "truncated" || how == "flipped") {
					// -short leaves to the test above the faults a
					// checksum finds, the same in a task.
					continue
				}
				dir := filepath.Join(root, "try")
				os.RemoveAll(dir)
				copyDir(t, base, dir)
				named := fault(t, dir, how, tg)
				f := &plainTasks{dir: dir, x: x}
				got, err := bfs.SearchDisk(context.Background(), x, goal, bfs.DiskOptions{Dir: dir, ChunkWords: 20000, Workers: 1, Tasks: f.run})
				allow := tg.kind == "done-" && how == "deleted"
				if allow {
					named = []string{""} // the refusal names what the task consumed
				}
				checkRefused(t, fmt.Sprintf("tasks, %s pass, %s %s", pass, tg.name, how), got, err, named, want, allow)
			}
		}
	}
	for _, k := range []string{"levels", "frontier", "update-", "ask-", "done-", "manifest"} {
		if !kinds[k] {
			t.Errorf("no %s file was damaged", k)
		}
	}
}
