//go:build race

package pocket

const raceEnabled = true
