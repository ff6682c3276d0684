package search

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestTimeForMove(t *testing.T) {
	for _, c := range []struct {
		left, inc time.Duration
		togo      int
		want      time.Duration
	}{
		{30 * time.Second, 0, 0, time.Second},                       // 30 s over 30 moves
		{30 * time.Second, time.Second, 0, 1750 * time.Millisecond}, // plus 3/4 of the increment
		{10 * time.Second, 0, 5, 2 * time.Second},                   // the moves to go
		{3 * time.Second, 10 * time.Second, 0, time.Second},         // never more than a third
		{0, 0, 0, time.Millisecond},                                 // at least a millisecond
	} {
		assert.Equal(t, c.want, TimeForMove(c.left, c.inc, c.togo), "TimeForMove(%v, %v, %d)", c.left, c.inc, c.togo)
	}
}
