package games

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
)

// TimeControl is an online game's time control, chosen at its creation:
// none (the zero value); a base time with an increment added after each
// move (Fischer, "5+3": 5 minutes, 3 seconds a move); or correspondence, a
// fixed time for each move ("3d": 3 days), which a move renews.
type TimeControl struct {
	Base      time.Duration // each side's time at the start
	Increment time.Duration // added to the mover's time after each move
	PerMove   time.Duration // correspondence: the time for each move (Base and Increment zero)
}

// The bounds of a time control.
const (
	MaxMinutes   = 180 // base time, minutes
	MaxIncrement = 180 // increment, seconds
	MaxDays      = 14  // correspondence, days per move
)

var errTimeControl = errors.New("must be a time control: minutes+increment such as 5+3, or days per move such as 3d")

// IsZero reports whether tc is no time control.
func (tc TimeControl) IsZero() bool { return tc == TimeControl{} }

// String is tc's text: "5+3", "3d", or "" for none.
func (tc TimeControl) String() string {
	switch {
	case tc.PerMove > 0:
		return fmt.Sprintf("%dd", tc.PerMove/(24*time.Hour))
	case tc.Base > 0:
		return fmt.Sprintf("%d+%d", tc.Base/time.Minute, tc.Increment/time.Second)
	}
	return ""
}

// MarshalText writes String.
func (tc TimeControl) MarshalText() ([]byte, error) { return []byte(tc.String()), nil }

// UnmarshalText reads "M+S" (1..MaxMinutes minutes, 0..MaxIncrement
// seconds), "Nd" (1..MaxDays days) or "" (none); anything else is refused
// and leaves tc unchanged.
func (tc *TimeControl) UnmarshalText(text []byte) error {
	s := string(text)
	var out TimeControl
	switch {
	case s == "":
	case strings.HasSuffix(s, "d"):
		n, err := strconv.Atoi(strings.TrimSuffix(s, "d"))
		if err != nil || n < 1 || n > MaxDays || strings.HasPrefix(s, "+") {
			return errTimeControl
		}
		out.PerMove = time.Duration(n) * 24 * time.Hour
	default:
		m, inc, ok := strings.Cut(s, "+")
		mn, err1 := strconv.Atoi(m)
		in, err2 := strconv.Atoi(inc)
		if !ok || err1 != nil || err2 != nil || strings.HasPrefix(m, "+") || strings.HasPrefix(inc, "+") ||
			mn < 1 || mn > MaxMinutes || in < 0 || in > MaxIncrement {
			return errTimeControl
		}
		out.Base, out.Increment = time.Duration(mn)*time.Minute, time.Duration(in)*time.Second
	}
	*tc = out
	return nil
}

// Clock is a game's clock: its time control, each side's time left when
// the side to move began its turn, and when that was (zero while the clock
// is stopped: before the second move, as lichess starts it, and once the
// game is over).
// Times are kept to the millisecond, as stored.
type Clock struct {
	Control TimeControl
	Left    [2]time.Duration // by dsq.Color
	Started time.Time
}

// Running reports whether the clock of the side to move is running.
func (c Clock) Running() bool { return !c.Control.IsZero() && !c.Started.IsZero() }

// Remaining returns side's time left at now, toMove being the side to move.
func (c Clock) Remaining(side, toMove dsq.Color, now time.Time) time.Duration {
	left := c.Left[side]
	if c.Running() && side == toMove {
		left -= now.Sub(c.Started)
	}
	return max(left, 0)
}

// Deadline is when the side to move runs out of time; zero when the clock
// is not running.
func (c Clock) Deadline(toMove dsq.Color) time.Time {
	if !c.Running() {
		return time.Time{}
	}
	return c.Started.Add(c.Left[toMove])
}

// Flagged reports whether the side to move has run out of time at now.
func (c Clock) Flagged(toMove dsq.Color, now time.Time) bool {
	return c.Running() && !now.Before(c.Deadline(toMove))
}

// newClock is a stopped clock of control tc, each side with its whole time.
func newClock(tc TimeControl) Clock {
	full := tc.Base
	if tc.PerMove > 0 {
		full = tc.PerMove
	}
	return Clock{Control: tc, Left: [2]time.Duration{full, full}}
}

// start gives both sides their whole time and starts the clock of the side
// to move at now.
func (c *Clock) start(now time.Time) {
	if c.Control.IsZero() {
		return
	}
	*c = newClock(c.Control)
	c.Started = ms(now)
}

// punch ends mover's turn at now (it has time left): the time used is taken
// from it, then its increment added (correspondence: its time renewed), and
// the other side's clock starts.
func (c *Clock) punch(mover dsq.Color, now time.Time) {
	if !c.Running() {
		return
	}
	now = ms(now)
	if c.Control.PerMove > 0 {
		c.Left[mover] = c.Control.PerMove
	} else {
		c.Left[mover] = c.Left[mover] - now.Sub(c.Started) + c.Control.Increment
	}
	c.Started = now
}

// handOver ends toMove's turn at now without a move (it accepted a
// takeback, after which the other side is to move): the time used is taken
// from it, with no increment and, in correspondence, no renewal, and the
// other side's clock starts.
func (c *Clock) handOver(toMove dsq.Color, now time.Time) {
	if !c.Running() {
		return
	}
	now = ms(now)
	c.Left[toMove] = c.Remaining(toMove, toMove, now)
	c.Started = now
}

// stop stops the clock at now, the game over: the side to move's time used
// is taken from it.
func (c *Clock) stop(toMove dsq.Color, now time.Time) {
	if !c.Running() {
		return
	}
	c.Left[toMove] = c.Remaining(toMove, toMove, ms(now))
	c.Started = time.Time{}
}

// FirstMoveTime is how long each side of an online game has for its first
// move, from when its turn began (the second seat taken, a rematch begun,
// the first move), before the game aborts (Abort); correspondence gives
// its time for a move instead.
const FirstMoveTime = time.Minute

// firstMoveTime is FirstMoveTime under control tc.
func firstMoveTime(tc TimeControl) time.Duration {
	if tc.PerMove > 0 {
		return tc.PerMove
	}
	return FirstMoveTime
}

// ms is t to the millisecond, as stored.
func ms(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()).UTC() }
