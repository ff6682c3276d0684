// Package longtest is the one switch between the default test suite, which a
// maintainer runs after every change and which answers within a minute on one
// core, and the deep checks (long endgame solves, deep perft, long searches),
// which CI always runs.
//
// The switch is the environment variable DSQ_LONG: set to 1, the deep checks
// run too:
//
//	DSQ_LONG=1 go test ./...
//
// An environment variable rather than a test flag, so that one command covers
// every package of the module (a flag unknown to one package's test binary
// would fail that package).
package longtest

import (
	"os"
	"testing"
)

// Var is the environment variable that turns the deep checks on.
const Var = "DSQ_LONG"

// Enabled reports whether the deep checks run: DSQ_LONG is "1".
func Enabled() bool { return os.Getenv(Var) == "1" }

// Skip skips the calling test unless the deep checks run, saying how to run
// it.
func Skip(tb testing.TB) {
	tb.Helper()
	if !Enabled() {
		tb.Skip("a deep check: runs with " + Var + "=1")
	}
}
