package views

import (
	"crypto/md5"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// BatteryCase returns the views of battery case k: the first 12 hex digits
// of the MD5 of k written in decimal with at least 6 digits ("000000" ..
// "999999" for the published battery).
func BatteryCase(k int) Views {
	var buf [24]byte
	return fromDigest(md5.Sum(fmt.Appendf(buf[:0], "%06d", k)))
}

// fromDigest takes the first 48 bits of an MD5 digest as views.
func fromDigest(h [16]byte) Views {
	n := uint64(h[0])<<40 | uint64(h[1])<<32 | uint64(h[2])<<24 |
		uint64(h[3])<<16 | uint64(h[4])<<8 | uint64(h[5])
	return FromBits48(n)
}

// Result is the answer for one battery case that has a solution.
type Result struct {
	K      int    // the case number
	Views  Views  // its input
	Blocks Blocks // Solve's answer
}

// chunk is the number of consecutive cases a worker takes at a time: large
// enough that handing out work costs nothing, small enough to balance.
const chunk = 1 << 13

// BatterySize is the number of cases in the published battery.
const BatterySize = 1000000

// Battery runs cases 0..n-1 (see BatteryCase) on the given number of
// goroutines (runtime.NumCPU() if workers < 1) and returns the number of
// cases, how many are solvable and the total number of blocks of their
// minimal solutions. n is capped at BatterySize; the full battery gives
// 1000000 5360 69519.
func Battery(n, workers int) (cases, solvable, blocks int) {
	return run(n, workers, nil)
}

// BatteryEach runs the battery like Battery and also calls fn for every
// solvable case, in increasing case order, from the calling goroutine.
func BatteryEach(n, workers int, fn func(Result)) (cases, solvable, blocks int) {
	return run(n, workers, fn)
}

// run is Battery, optionally collecting the solvable cases for fn. Each
// worker counts into its own variables; the chunks' results are handed to
// fn in order as they complete.
func run(n, workers int, fn func(Result)) (cases, solvable, blocks int) {
	// Past the published battery the decimal strings would grow a digit,
	// which the in-place counter of runChunk does not do.
	n = max(0, min(n, BatterySize))
	if workers < 1 {
		workers = runtime.NumCPU()
	}
	nchunks := (n + chunk - 1) / chunk
	var (
		next    atomic.Int64
		mu      sync.Mutex
		wg      sync.WaitGroup
		results [][]Result
		done    []chan struct{}
	)
	if fn != nil {
		results = make([][]Result, nchunks)
		done = make([]chan struct{}, nchunks)
		for i := range done {
			done[i] = make(chan struct{})
		}
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var sol, blk int
			for {
				c := int(next.Add(1) - 1)
				if c >= nchunks {
					break
				}
				lo, hi := c*chunk, min((c+1)*chunk, n)
				var out []Result
				var emit func(Result)
				if fn != nil {
					emit = func(r Result) { out = append(out, r) }
				}
				s, b := runChunk(lo, hi, emit)
				sol += s
				blk += b
				if fn != nil {
					results[c] = out
					close(done[c])
				}
			}
			mu.Lock()
			solvable += sol
			blocks += blk
			mu.Unlock()
		}()
	}
	if fn != nil {
		for c := range nchunks {
			<-done[c]
			for _, r := range results[c] {
				fn(r)
			}
			results[c] = nil
		}
	}
	wg.Wait()
	return n, solvable, blocks
}

// runChunk solves cases lo..hi-1, passes each solvable one to emit unless
// emit is nil, and returns the solvable count and their total blocks. The decimal string is kept in a stack buffer and counted up
// in place, so the loop neither allocates nor divides.
func runChunk(lo, hi int, emit func(Result)) (solvable, blocks int) {
	if lo >= hi {
		return 0, 0
	}
	var buf [6]byte
	k := lo
	for i := 5; i >= 0; i-- {
		buf[i] = byte('0' + k%10)
		k /= 10
	}
	for k := lo; k < hi; k++ {
		v := fromDigest(md5.Sum(buf[:]))
		t, f, s := v.spread()
		if cand, ok := candidates(t, f, s); ok {
			b := solveSpread(t, f, s, cand)
			solvable++
			blocks += Blocks(b).Count()
			if emit != nil {
				emit(Result{K: k, Views: v, Blocks: Blocks(b)})
			}
		}
		for i := 5; i >= 0; i-- {
			if buf[i] < '9' {
				buf[i]++
				break
			}
			buf[i] = '0'
		}
	}
	return solvable, blocks
}
