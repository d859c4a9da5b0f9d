//go:build !race

package rotgame

const raceEnabled = false
