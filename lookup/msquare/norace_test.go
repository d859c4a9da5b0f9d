//go:build !race

package msquare_test

const raceEnabled = false
