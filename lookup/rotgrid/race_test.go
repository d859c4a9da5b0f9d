//go:build race

package rotgrid

const raceEnabled = true
