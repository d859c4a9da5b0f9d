package prune

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/godtable/godtable/internal/engine/deftable"
	"github.com/godtable/godtable/internal/format/checkedfile"
	"github.com/godtable/godtable/internal/model/ksolve"
)

// A build's work directory (BuildOptions.Work) holds, for table k (from
// 1), table-k.gdt once it is built and table-k.gdt.checkpoint while it is
// built. table-k.gdt is a checkedfile (written whole or not at all, read
// only if it is the bytes written) of:
//
//	"GODTPRW3"     magic, 8 bytes
//	projection     as a pruning file's head writes it, and its flags
//	table          uint64 length, then the table as a pruning file holds it
//	               (a mapped table of internal/format/table), its
//	               fingerprint its projection's puzzle's
//
// A file that is damaged, of another projection, or whose table is of
// another puzzle, metric or move set is not taken: its table is built
// again, over it.
const workMagic = "GODTPRW3"

// WorkTable is the file of table k (from 0) in the work directory dir.
func WorkTable(dir string, k int) string {
	return filepath.Join(dir, fmt.Sprintf("table-%d.gdt", k+1))
}

// saveWorkTable keeps t in the work file path.
func saveWorkTable(path string, t *Table) error {
	body, err := bodyOf(t)
	if err != nil {
		return err
	}
	return checkedfile.Write(path, func(e *checkedfile.Encoder) error {
		e.Bytes([]byte(workMagic))
		e.Bytes(append(appendProjection(nil, t.Projection), flagsOf(t)))
		e.U64(body.len())
		e.Bytes(body.head)
		e.Bytes(body.packed)
		return nil
	})
}

// loadWorkTable returns the table of p's projection pr kept in the work
// file path, or nil when there is none that is whole and of pr.
func loadWorkTable(path string, p *ksolve.Puzzle, pr Projection) *Table {
	d, err := checkedfile.Open(path)
	if err != nil {
		return nil
	}
	defer d.Close()
	want := append([]byte(workMagic), appendProjection(nil, pr)...)
	got := make([]byte, len(want))
	d.Bytes(got)
	flags := d.U8()
	n := d.U64()
	if d.Err() != nil || !bytes.Equal(got, want) || flags&^truncatedFlag != 0 || n > uint64(d.Left()) {
		return nil
	}
	body := make([]byte, n)
	d.Bytes(body)
	if d.Finish() != nil {
		return nil
	}
	pj, pp, err := projected(p, pr)
	if err != nil {
		return nil
	}
	t, err := deftable.OpenMapped(pp, body, path, 0, nil)
	if err != nil || t.Levels().CheckBlocks() != nil {
		return nil
	}
	t.Truncated = flags&truncatedFlag != 0
	return &Table{Projection: pr, Projector: pj, Puzzle: pp, Exact: t}
}

// RemoveWork removes what a build kept in the work directory dir, its
// tables, their checkpoints and what a build killed while writing one
// left, then dir itself if nothing else is in it: a directory the user
// named may hold files of their own, which stay.
func RemoveWork(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var errs []error
	left := 0
	for _, e := range entries {
		name := e.Name()
		if e.Type().IsRegular() && strings.HasPrefix(name, "table-") && strings.Contains(name, ".gdt") {
			errs = append(errs, os.Remove(filepath.Join(dir, name)))
			continue
		}
		left++
	}
	if left == 0 {
		errs = append(errs, os.Remove(dir))
	}
	return errors.Join(errs...)
}
