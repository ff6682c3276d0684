//go:build !race

package endgame_test

// raceBuild is true under the race detector.
const raceBuild = false
