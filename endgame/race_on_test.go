//go:build race

package endgame_test

// raceBuild is true under the race detector, which makes single-goroutine
// checks 5-10x slower and finds nothing in them: under it the tests still
// solve their tables on every thread, and check a sample of the positions
// that the plain run checks all of.
const raceBuild = true
