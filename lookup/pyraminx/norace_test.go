//go:build !race

package pyraminx

const raceEnabled = false
