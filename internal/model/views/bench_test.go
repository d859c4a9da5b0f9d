package views

import (
	"crypto/md5"
	"testing"
)

// BenchmarkBattery times the whole published battery, hashing included, on
// all CPUs; one op is the full million cases.
func BenchmarkBattery(b *testing.B) {
	for b.Loop() {
		if c, s, n := Battery(1000000, 0); c != 1000000 || s != 5360 || n != 69519 {
			b.Fatalf("Battery = %d %d %d", c, s, n)
		}
	}
}

// BenchmarkBatterySerial is BenchmarkBattery on one goroutine.
func BenchmarkBatterySerial(b *testing.B) {
	for b.Loop() {
		Battery(1000000, 1)
	}
}

// BenchmarkHash times the hashing alone: one op is one million MD5 sums of
// 6-digit strings, on one goroutine.
func BenchmarkHash(b *testing.B) {
	var sink byte
	for b.Loop() {
		buf := [6]byte{'0', '0', '0', '0', '0', '0'}
		for range 1000000 {
			h := md5.Sum(buf[:])
			sink ^= h[0]
			for i := 5; i >= 0; i-- {
				if buf[i] < '9' {
					buf[i]++
					break
				}
				buf[i] = '0'
			}
		}
	}
	_ = sink
}

// BenchmarkSolve times Solve on the battery's solvable cases; one op is
// one case.
func BenchmarkSolve(b *testing.B) {
	var cases []Views
	BatteryEach(1000000, 0, func(r Result) { cases = append(cases, r.Views) })
	b.ResetTimer()
	i := 0
	for b.Loop() {
		Solve(cases[i])
		if i++; i == len(cases) {
			i = 0
		}
	}
}

// BenchmarkSolveHardest times Solve on case 347177, the one that needs 18
// blocks.
func BenchmarkSolveHardest(b *testing.B) {
	v := BatteryCase(347177)
	for b.Loop() {
		Solve(v)
	}
}

// BenchmarkImpossible times rejecting an impossible case (hash excluded).
func BenchmarkImpossible(b *testing.B) {
	v := BatteryCase(0)
	for b.Loop() {
		Solve(v)
	}
}
