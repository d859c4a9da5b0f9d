//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package app

import (
	"errors"
	"os"
	"syscall"
)

// lockOutput takes the lock of a build of the table at path: an advisory
// lock (flock) on path+".lock", held until release, or until the process
// ends however it ends (the system releases it, after kill -9 too). It is
// errBuilding when another process holds it.
//
// release removes the lock file while still holding the lock. A process
// that opened the file before the removal may lock it after: it then holds
// the lock of a file no longer under that name, while a third one can
// create and lock a new one; so, having locked, a process checks that the
// name is still the file it locked, and starts again if not.
func lockOutput(path string) (release func(), locked bool, err error) {
	name := path + ".lock"
	for try := 0; ; try++ {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, false, err
		}
		rc, err := f.SyscallConn()
		if err != nil {
			f.Close()
			return nil, false, err
		}
		var ferr error
		if err := rc.Control(func(fd uintptr) {
			ferr = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB)
		}); err != nil {
			ferr = err
		}
		if ferr != nil {
			f.Close()
			if errors.Is(ferr, syscall.EWOULDBLOCK) {
				return nil, false, errBuilding
			}
			return nil, false, &os.PathError{Op: "flock", Path: name, Err: ferr}
		}
		held, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, false, err
		}
		if now, err := os.Stat(name); err == nil && os.SameFile(held, now) {
			return func() {
				os.Remove(name)
				f.Close()
			}, true, nil
		}
		f.Close()
		if try == 100 {
			// Only a lock file removed and made again a hundred times
			// in a row gets here.
			return nil, false, errBuilding
		}
	}
}
