//go:build !race

package msquare

const raceEnabled = false
