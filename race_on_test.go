//go:build race

package doushouqi_test

// raceEnabled reports whether the tests run under the race detector, which
// makes single-goroutine tests 5-10x slower and finds nothing in them: the
// agreement tests then check fewer positions (the race run is for the
// concurrent code; the plain run checks them all).
const raceEnabled = true
