//go:build race

package msquare

const raceEnabled = true
