//go:build !race

package tws_test

const raceEnabled = false
