package search

import "time"

// TimeForMove is the time to spend on one move from a game clock with left
// on it, inc added after each move and movesToGo moves to the next time
// control (0 if unknown, taken as 30): an even share of the time left plus
// three quarters of the increment, never more than a third of what is left,
// and at least a millisecond. Give it to Options.Time.
func TimeForMove(left, inc time.Duration, movesToGo int) time.Duration {
	if movesToGo <= 0 {
		movesToGo = 30
	}
	t := left/time.Duration(movesToGo) + inc*3/4
	t = min(t, left/3)
	return max(t, time.Millisecond)
}
