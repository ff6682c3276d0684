//go:build race || mutation

package doushouqi_test

// quickTests is true under the race detector and under the mutation tag
// (gremlins unleash --tags mutation). The race detector makes
// single-goroutine tests 5-10x slower and finds nothing in them; a mutation
// run runs the suite once per mutant. Both then check fewer positions and
// shallower trees; the plain run checks them all.
const quickTests = true
