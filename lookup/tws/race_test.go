//go:build race

package tws_test

// raceEnabled: the race detector slows every test several times, so the
// longest tests check less under it with -short (see raceShort).
const raceEnabled = true
