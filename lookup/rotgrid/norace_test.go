//go:build !race

package rotgrid

const raceEnabled = false
