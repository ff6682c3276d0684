package games

import (
	"context"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeTime is a clock the test moves by hand.
type fakeTime struct{ ns atomic.Int64 }

func newFakeTime() *fakeTime {
	f := &fakeTime{}
	f.ns.Store(time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC).UnixNano())
	return f
}

func (f *fakeTime) Now() time.Time          { return time.Unix(0, f.ns.Load()).UTC() }
func (f *fakeTime) Advance(d time.Duration) { f.ns.Add(int64(d)) }

// onClock sets a service's time to f's.
func onClock(f *fakeTime) func(*Config) { return func(c *Config) { c.Now = f.Now } }

// clocked creates an online game with time control tc on s and seats both
// players; it returns the game's id and the two seat tokens.
func clocked(t *testing.T, s *Service, tc string) (id, red, blue string) {
	t.Helper()
	ctx := context.Background()
	var control TimeControl
	require.NoError(t, control.UnmarshalText([]byte(tc)))
	c, err := s.Create(ctx, Spec{Mode: "online", Clock: control})
	require.NoError(t, err)
	res, err := s.Change(ctx, c.Game.ID, "", Join{Invite: c.Invite})
	require.NoError(t, err)
	return c.Game.ID, c.Seats["red"], res.Seats["blue"]
}

// opened is clocked with both first moves played (a3a4, a7a6): the clock
// runs from then on, Red to move.
func opened(t *testing.T, s *Service, tc string) (id, red, blue string) {
	t.Helper()
	ctx := context.Background()
	id, red, blue = clocked(t, s, tc)
	_, err := s.Change(ctx, id, red, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	_, err = s.Change(ctx, id, blue, Move{Move: mv(dsq.A7, dsq.A6), Ply: 1})
	require.NoError(t, err)
	return id, red, blue
}

func TestTimeControlText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want TimeControl
	}{
		{"", TimeControl{}},
		{"5+3", TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second}},
		{"1+0", TimeControl{Base: time.Minute}},
		{"180+180", TimeControl{Base: 180 * time.Minute, Increment: 180 * time.Second}},
		{"3d", TimeControl{PerMove: 72 * time.Hour}},
		{"14d", TimeControl{PerMove: 14 * 24 * time.Hour}},
	} {
		var got TimeControl
		require.NoError(t, got.UnmarshalText([]byte(tc.in)), "%q", tc.in)
		assert.Equal(t, tc.want, got, "UnmarshalText(%q)", tc.in)
		assert.Equal(t, tc.in, got.String(), "String of %q", tc.in)
	}
	for _, in := range []string{"5", "0+3", "5+", "+5", "5++3", "181+0", "5+181", "5+-1", "0d", "15d", "d", "+3d", "3 d", "5+3d", "x"} {
		tc := TimeControl{Base: time.Minute}
		assert.Error(t, tc.UnmarshalText([]byte(in)), "%q", in)
		assert.Equal(t, TimeControl{Base: time.Minute}, tc, "a refused %q changes nothing", in)
	}
}

// TestClockRunsFromTheSecondMove: an online game's clock starts after
// both sides' first moves (as lichess starts it), each with its whole
// time; until then each side has FirstMoveTime for its first move. A move
// takes the time used (server time) from the mover and adds the
// increment, and starts the other side's clock.
func TestClockRunsFromTheSecondMove(t *testing.T) {
	t.Parallel()
	f := newFakeTime()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), onClock(f))
	ctx := context.Background()
	var tc TimeControl
	require.NoError(t, tc.UnmarshalText([]byte("5+3")))
	c, err := s.Create(ctx, Spec{Mode: "online", Clock: tc})
	require.NoError(t, err)
	assert.False(t, c.Game.Clock.Running(), "no clock runs before both are seated")
	assert.Equal(t, [2]time.Duration{5 * time.Minute, 5 * time.Minute}, c.Game.Clock.Left)
	f.Advance(time.Hour)
	res, err := s.Change(ctx, c.Game.ID, "", Join{Invite: c.Invite})
	require.NoError(t, err)
	full := Clock{Control: tc, Left: [2]time.Duration{5 * time.Minute, 5 * time.Minute}}
	assert.Equal(t, full, res.Game.Clock, "no clock runs at the join")
	assert.Equal(t, f.Now().Add(FirstMoveTime), res.Game.FirstMoveBy, "Red's first move is due")
	blue := res.Seats["blue"]

	f.Advance(50 * time.Second)
	res, err = s.Change(ctx, c.Game.ID, c.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	assert.Equal(t, full, res.Game.Clock, "no clock runs after one move")
	assert.Equal(t, f.Now().Add(FirstMoveTime), res.Game.FirstMoveBy, "Blue's first move is due")
	f.Advance(40 * time.Second)
	res, err = s.Change(ctx, c.Game.ID, blue, Move{Move: mv(dsq.A7, dsq.A6), Ply: 1})
	require.NoError(t, err)
	assert.Equal(t, Clock{Control: tc, Left: full.Left, Started: f.Now()}, res.Game.Clock, "the clock starts, each side with its whole time")
	assert.True(t, res.Game.FirstMoveBy.IsZero())
	assert.Equal(t, res.Game.Clock, stored(t, s, c.Game.ID).Clock, "stored")

	f.Advance(10*time.Second + 250*time.Millisecond)
	res, err = s.Change(ctx, c.Game.ID, c.Seats["red"], Move{Move: mv(dsq.G3, dsq.G4), Ply: 2})
	require.NoError(t, err)
	want := Clock{Control: tc, Left: [2]time.Duration{5*time.Minute - 10250*time.Millisecond + 3*time.Second, 5 * time.Minute}, Started: f.Now()}
	assert.Equal(t, want, res.Game.Clock)
	assert.Equal(t, want, stored(t, s, c.Game.ID).Clock, "stored")
	assert.Equal(t, f.Now().Add(5*time.Minute), res.Game.Clock.Deadline(dsq.Blue))
	f.Advance(time.Minute)
	assert.Equal(t, 4*time.Minute, res.Game.Clock.Remaining(dsq.Blue, dsq.Blue, f.Now()))
	assert.Equal(t, want.Left[dsq.Red], res.Game.Clock.Remaining(dsq.Red, dsq.Blue, f.Now()), "the waiting side's time stands")
}

// TestCorrespondenceRenewsTheMoversTime: days per move: a move gives the
// mover its whole time again, whatever it used.
func TestCorrespondenceRenewsTheMoversTime(t *testing.T) {
	t.Parallel()
	f := newFakeTime()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), onClock(f))
	ctx := context.Background()
	id, red, blue := opened(t, s, "2d")
	f.Advance(47 * time.Hour)
	res, err := s.Change(ctx, id, red, Move{Move: mv(dsq.G3, dsq.G4), Ply: 2})
	require.NoError(t, err)
	assert.Equal(t, [2]time.Duration{48 * time.Hour, 48 * time.Hour}, res.Game.Clock.Left)
	f.Advance(47 * time.Hour)
	res, err = s.Change(ctx, id, blue, Resign{})
	require.NoError(t, err)
	assert.False(t, res.Game.Clock.Running(), "the clock stops at the end")
	assert.Equal(t, [2]time.Duration{48 * time.Hour, time.Hour}, res.Game.Clock.Left, "the time used is taken at the end")
}

// TestFlagFallOnRead: once the side to move has run out of time, the next
// read ends the game as its loss by time forfeit, stored once; an action
// that comes first is refused and stores the flag fall instead.
func TestFlagFallOnRead(t *testing.T) {
	t.Parallel()
	f := newFakeTime()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), onClock(f))
	ctx := context.Background()
	id, _, _ := opened(t, s, "1+0")
	f.Advance(time.Minute - time.Millisecond)
	g, err := s.Get(ctx, id)
	require.NoError(t, err)
	assert.False(t, g.IsOver(), "a millisecond left")
	f.Advance(time.Millisecond)
	g, err = s.Get(ctx, id)
	require.NoError(t, err)
	require.True(t, g.IsOver())
	assert.Equal(t, dsq.Outcome{Reason: dsq.TimeForfeit, Winner: dsq.Blue}, g.Outcome())
	assert.Equal(t, time.Duration(0), g.Clock.Left[dsq.Red])
	assert.False(t, g.Clock.Running())
	st := stored(t, s, id)
	assert.Equal(t, g.Version, st.Version, "stored")
	again, err := s.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, g.Version, again.Version, "a flag falls once")

	id, red, _ := opened(t, s, "1+0")
	f.Advance(2 * time.Minute)
	_, err = s.Change(ctx, id, red, Move{Move: mv(dsq.G3, dsq.G4), Ply: 2})
	assert.Equal(t, errTimeUp, err)
	st = stored(t, s, id)
	assert.Equal(t, 2, st.Ply(), "the late move is not played")
	assert.Equal(t, dsq.Outcome{Reason: dsq.TimeForfeit, Winner: dsq.Blue}, st.Outcome())
}

// TestFlagFallLosesWithAnyMaterial pins RULES.md's decision: a flag fall is
// a loss whatever the side with time left has, here a lone rat against a
// full army.
func TestFlagFallLosesWithAnyMaterial(t *testing.T) {
	t.Parallel()
	f := newFakeTime()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), onClock(f))
	pos, err := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/7/7/7/R6 b 0 1")
	require.NoError(t, err)
	play, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	g := &Game{ID: randomHex(), Mode: Online, play: play,
		Clock: Clock{Control: TimeControl{Base: time.Minute}}}
	g.seats = [2]string{hashToken("red"), hashToken("blue")}
	g.Clock.start(f.Now())
	r, err := g.row()
	require.NoError(t, err)
	require.NoError(t, s.cfg.Store.Create(context.Background(), r))
	f.Advance(time.Minute)
	got, err := s.Get(context.Background(), g.ID)
	require.NoError(t, err)
	assert.Equal(t, dsq.Outcome{Reason: dsq.TimeForfeit, Winner: dsq.Red}, got.Outcome())
}

// TestSweepEndsGamesOutOfTime: the sweep ends the games nobody reads whose
// side to move ran out, each once, and no other.
func TestSweepEndsGamesOutOfTime(t *testing.T) {
	t.Parallel()
	f := newFakeTime()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), onClock(f))
	ctx := context.Background()
	short, _, _ := opened(t, s, "1+0")
	long, _, _ := opened(t, s, "10+0")
	f.Advance(2 * time.Minute)
	n, err := s.Sweep(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Equal(t, dsq.TimeForfeit, stored(t, s, short).Outcome().Reason)
	assert.False(t, stored(t, s, long).IsOver())
	n, err = s.Sweep(ctx)
	require.NoError(t, err)
	assert.Equal(t, 0, n, "a flag falls once")
}

// TestMoveAndFlagFallRace: a move made as the mover's time runs out, with
// a sweep and readers at the same moment: either the move is played (and
// the flag has not fallen) or the game is lost on time (and the move is
// not played), never both, never neither.
func TestMoveAndFlagFallRace(t *testing.T) {
	t.Parallel()
	f := newFakeTime()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), onClock(f))
	ctx := context.Background()
	moved, flagged := 0, 0
	for range 40 {
		id, red, _ := opened(t, s, "1+0")
		f.Advance(time.Minute - time.Millisecond)
		var (
			wg      sync.WaitGroup
			moveErr error
		)
		wg.Go(func() {
			_, moveErr = s.Change(ctx, id, red, Move{Move: mv(dsq.G3, dsq.G4), Ply: 2})
		})
		wg.Go(func() { f.Advance(time.Millisecond) })
		wg.Go(func() { _, _ = s.Sweep(ctx) })
		wg.Go(func() { _, _ = s.Get(ctx, id) })
		wg.Wait()
		g := stored(t, s, id)
		if moveErr == nil {
			moved++
			assert.Equal(t, 3, g.Ply())
			assert.False(t, g.IsOver(), "the move was in time: no flag falls")
		} else {
			flagged++
			assert.Contains(t, []error{errTimeUp, errOver}, moveErr, "refused by its own flag fall or another's")
			assert.Equal(t, 2, g.Ply())
			assert.Equal(t, dsq.Outcome{Reason: dsq.TimeForfeit, Winner: dsq.Blue}, g.Outcome())
		}
		f.Advance(time.Hour) // no game of this round is due in the next
		_, _ = s.Sweep(ctx)
	}
	t.Logf("moves in time %d, flag falls %d", moved, flagged)
}

// TestClocksKeptAcrossARestart: a service reopened on the same database
// (another process, or the same after a restart) has the clocks as stored
// and makes the flag fall at the stored time.
func TestClocksKeptAcrossARestart(t *testing.T) {
	t.Parallel()
	f := newFakeTime()
	file := filepath.Join(t.TempDir(), "games.db")
	a := serviceOn(t, file, onClock(f))
	ctx := context.Background()
	id, red, blue := opened(t, a, "3+2")
	f.Advance(time.Minute)
	res, err := a.Change(ctx, id, red, Move{Move: mv(dsq.G3, dsq.G4), Ply: 2})
	require.NoError(t, err)
	f.Advance(30 * time.Second)

	b := serviceOn(t, file, onClock(f))
	g, err := b.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, res.Game.Clock, g.Clock)
	assert.Equal(t, 2*time.Minute+30*time.Second, g.Clock.Remaining(dsq.Blue, dsq.Blue, f.Now()))
	res, err = b.Change(ctx, id, blue, Move{Move: mv(dsq.G7, dsq.G6), Ply: 3})
	require.NoError(t, err)
	assert.Equal(t, 2*time.Minute+32*time.Second, res.Game.Clock.Left[dsq.Blue])

	c := serviceOn(t, file, onClock(f))
	f.Advance(2*time.Minute + 2*time.Second) // Red's 2:02 are up
	n, err := c.Sweep(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Equal(t, dsq.Outcome{Reason: dsq.TimeForfeit, Winner: dsq.Blue}, stored(t, c, id).Outcome())
}

// TestClocksAcrossInstancesOnPostgres: two instances on one PostgreSQL
// database share the clocks: one's move is timed on the other, and a move
// on one racing the other's sweep at the flag's moment: exactly one wins.
func TestClocksAcrossInstancesOnPostgres(t *testing.T) {
	t.Parallel()
	dsn := testenv.PostgresURL(t)
	f := newFakeTime()
	a, b := serviceOn(t, dsn, onClock(f)), serviceOn(t, dsn, onClock(f))
	ctx := context.Background()
	id, red, blue := opened(t, a, "2+1")
	f.Advance(30 * time.Second)
	_, err := a.Change(ctx, id, red, Move{Move: mv(dsq.G3, dsq.G4), Ply: 2})
	require.NoError(t, err)
	f.Advance(20 * time.Second)
	res, err := b.Change(ctx, id, blue, Move{Move: mv(dsq.G7, dsq.G6), Ply: 3})
	require.NoError(t, err)
	assert.Equal(t, [2]time.Duration{91 * time.Second, 101 * time.Second}, res.Game.Clock.Left)

	moved, flagged := 0, 0
	for range 15 {
		id, red, _ := opened(t, a, "1+0")
		f.Advance(time.Minute - time.Millisecond)
		var (
			wg      sync.WaitGroup
			moveErr error
		)
		wg.Go(func() {
			_, moveErr = a.Change(ctx, id, red, Move{Move: mv(dsq.G3, dsq.G4), Ply: 2})
		})
		wg.Go(func() { f.Advance(time.Millisecond) })
		wg.Go(func() { _, _, _ = b.settle(ctx, id) })
		wg.Wait()
		g := stored(t, b, id)
		if moveErr == nil {
			moved++
			assert.Equal(t, 3, g.Ply())
			assert.False(t, g.IsOver())
		} else {
			flagged++
			assert.Equal(t, 2, g.Ply())
			assert.Equal(t, dsq.TimeForfeit, g.Outcome().Reason)
		}
		f.Advance(time.Hour)
	}
	t.Logf("moves in time %d, flag falls %d", moved, flagged)
}

// TestFirstMoveNotMadeAborts: a side that has not made its first move
// FirstMoveTime after its turn began aborts the game, on the next read or
// by the sweep, once; a move that comes too late is refused.
func TestFirstMoveNotMadeAborts(t *testing.T) {
	t.Parallel()
	f := newFakeTime()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), onClock(f))
	ctx := context.Background()
	id, red, _ := clocked(t, s, "5+3")
	f.Advance(FirstMoveTime - time.Millisecond)
	g, err := s.Get(ctx, id)
	require.NoError(t, err)
	assert.False(t, g.Ended(), "a millisecond left")
	f.Advance(time.Millisecond)
	g, err = s.Get(ctx, id)
	require.NoError(t, err)
	assert.True(t, g.Aborted)
	assert.False(t, g.IsOver(), "no result")
	assert.True(t, stored(t, s, id).Aborted)
	_, err = s.Change(ctx, id, red, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	assert.Equal(t, errOver, err)

	// Blue never makes its first move: the sweep aborts the game.
	id, red, _ = clocked(t, s, "")
	_, err = s.Change(ctx, id, red, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	f.Advance(FirstMoveTime)
	n, err := s.Sweep(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.True(t, stored(t, s, id).Aborted)
	n, err = s.Sweep(ctx)
	require.NoError(t, err)
	assert.Equal(t, 0, n, "aborted once")

	// A late first move is refused, and the game aborted instead.
	id, red, _ = clocked(t, s, "1+0")
	f.Advance(2 * FirstMoveTime)
	_, err = s.Change(ctx, id, red, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	assert.Equal(t, errAborted, err)
	assert.Equal(t, 0, stored(t, s, id).Ply())
}
