package games

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mv(from, to dsq.Square) dsq.Move { return dsq.NewMove(from, to) }

// TestMove: a move by the seat whose turn it is makes and stores the next
// version; every other request is refused with the game left as it was.
func TestMove(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		c, err := s.Create(ctx, Spec{Mode: "local"})
		require.NoError(t, err)
		id, red, blue := c.Game.ID, c.Seats["red"], c.Seats["blue"]

		res, err := s.Change(ctx, id, red, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
		require.NoError(t, err)
		assert.Nil(t, res.Seats, "a move hands out no seat")
		assert.Equal(t, []dsq.Move{mv(dsq.A3, dsq.A4)}, res.Game.Moves())
		assert.Equal(t, dsq.Blue, res.Game.Position().SideToMove())
		assert.Equal(t, c.Game.Version+1, res.Game.Version)
		assert.Equal(t, res.Game.Moves(), stored(t, s, id).Moves(), "stored")

		for _, tc := range []struct {
			name  string
			id    string
			token string
			move  Move
			code  string
		}{
			{"not your turn", id, red, Move{Move: mv(dsq.A7, dsq.A6), Ply: 1}, CodeConflict},
			{"stale ply", id, blue, Move{Move: mv(dsq.A7, dsq.A6), Ply: 0}, CodeConflict},
			{"ply ahead", id, blue, Move{Move: mv(dsq.A7, dsq.A6), Ply: 2}, CodeConflict},
			{"no token", id, "", Move{Move: mv(dsq.A7, dsq.A6), Ply: 1}, CodeNoSeat},
			{"another game's token", id, "0123", Move{Move: mv(dsq.A7, dsq.A6), Ply: 1}, CodeNoSeat},
			{"unknown game", randomHex(), blue, Move{Move: mv(dsq.A7, dsq.A6), Ply: 1}, CodeNotFound},
			{"not an id", "../" + id, blue, Move{Move: mv(dsq.A7, dsq.A6), Ply: 1}, CodeNotFound},
		} {
			_, err := s.Change(ctx, tc.id, tc.token, tc.move)
			refused(t, err, tc.code)
		}

		// An illegal move is refused with the library's reason.
		_, err = s.Change(ctx, id, blue, Move{Move: mv(dsq.C7, dsq.C6), Ply: 1})
		e := refused(t, err, "water")
		assert.Equal(t, mv(dsq.C7, dsq.C6), e.Move)
		assert.Equal(t, "c7c6: the leopard cannot enter the water: only the rat may be on water", e.Message)
		assert.ErrorIs(t, err, dsq.ErrWater)
		var me *dsq.MoveError
		require.True(t, errors.As(err, &me))
		assert.Equal(t, "the leopard cannot enter the water: only the rat may be on water", me.Reason())

		after := stored(t, s, id)
		assert.Equal(t, res.Game.Version, after.Version, "refused moves change nothing")
		assert.Equal(t, 1, after.Ply())

		// Once the game is over no move is taken.
		_, err = s.Change(ctx, id, blue, Resign{})
		require.NoError(t, err)
		_, err = s.Change(ctx, id, blue, Move{Move: mv(dsq.A7, dsq.A6), Ply: 1})
		assert.Equal(t, errOver, err)

		// An online game waits for its second player.
		o, err := s.Create(ctx, Spec{Mode: "online"})
		require.NoError(t, err)
		_, err = s.Change(ctx, o.Game.ID, o.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
		assert.Equal(t, errNoOpponent, err)
	})
}

// TestUndo: a local game takes back one move, an AI game the player's move
// and the AI's reply; an online game none; a game with too few moves, a
// stale ply or an ended game are refused.
func TestUndo(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		c, err := s.Create(ctx, Spec{Mode: "local"})
		require.NoError(t, err)
		id, red, blue := c.Game.ID, c.Seats["red"], c.Seats["blue"]
		_, err = s.Change(ctx, id, red, Undo{Ply: 0})
		refused(t, err, CodeConflict) // nothing to take back
		_, err = s.Change(ctx, id, red, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
		require.NoError(t, err)
		_, err = s.Change(ctx, id, blue, Undo{Ply: 0})
		refused(t, err, CodeConflict)                     // stale
		res, err := s.Change(ctx, id, blue, Undo{Ply: 1}) // either seat of a local game
		require.NoError(t, err)
		assert.Equal(t, 0, res.Game.Ply())
		assert.Equal(t, dsq.Red, res.Game.Position().SideToMove())
		assert.Equal(t, 0, stored(t, s, id).Ply())
		assert.Equal(t, c.Game.Version+2, res.Game.Version, "an undo is a change like any: a new version")
		_, err = s.Change(ctx, id, "", Undo{Ply: 0})
		refused(t, err, CodeNoSeat)

		// AI game: the player's move and the AI's reply.
		a, err := s.Create(ctx, Spec{Mode: "ai"})
		require.NoError(t, err)
		_, err = s.Change(ctx, a.Game.ID, a.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
		require.NoError(t, err)
		g := waitAI(t, s, a.Game.ID)
		require.Equal(t, 2, g.Ply())
		res, err = s.Change(ctx, g.ID, a.Seats["red"], Undo{Ply: 2})
		require.NoError(t, err)
		assert.Equal(t, 0, res.Game.Ply())
		assert.False(t, res.Game.AIThinking(), "the player is to move again")

		// The AI opened as Red: one move is not the player's to take back.
		b, err := s.Create(ctx, Spec{Mode: "ai", Color: "blue"})
		require.NoError(t, err)
		g = waitAI(t, s, b.Game.ID)
		require.Equal(t, 1, g.Ply())
		_, err = s.Change(ctx, g.ID, b.Seats["blue"], Undo{Ply: 1})
		refused(t, err, CodeConflict)

		// Online: never.
		o, err := s.Create(ctx, Spec{Mode: "online"})
		require.NoError(t, err)
		j, err := s.Change(ctx, o.Game.ID, "", Join{Invite: o.Invite})
		require.NoError(t, err)
		_, err = s.Change(ctx, o.Game.ID, o.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
		require.NoError(t, err)
		_, err = s.Change(ctx, o.Game.ID, j.Seats["blue"], Undo{Ply: 1})
		refused(t, err, CodeConflict)
		_, err = s.Change(ctx, o.Game.ID, o.Seats["red"], Undo{Ply: 1})
		refused(t, err, CodeConflict)

		// Ended: refused.
		_, err = s.Change(ctx, id, red, Resign{})
		require.NoError(t, err)
		_, err = s.Change(ctx, id, red, Undo{Ply: 0})
		assert.Equal(t, errOver, err)
	})
}

// TestResign: the asking seat resigns and the other side wins, stored with
// the library's reason; a second resignation, a resignation before an
// online game's second player came, and one without a seat are refused.
func TestResign(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		c, err := s.Create(ctx, Spec{Mode: "local"})
		require.NoError(t, err)
		_, err = s.Change(ctx, c.Game.ID, "", Resign{})
		refused(t, err, CodeNoSeat)
		res, err := s.Change(ctx, c.Game.ID, c.Seats["blue"], Resign{}) // not Blue's turn: a resignation needs none
		require.NoError(t, err)
		assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Red}, res.Game.Outcome())
		assert.True(t, res.Game.IsOver())
		row, err := s.cfg.Store.Get(ctx, c.Game.ID)
		require.NoError(t, err)
		assert.Equal(t, []any{true, "resignation", "red"}, []any{row.Over, row.Reason, row.Winner}, "the columns for SQL")
		_, err = s.Change(ctx, c.Game.ID, c.Seats["red"], Resign{})
		assert.Equal(t, errOver, err)

		o, err := s.Create(ctx, Spec{Mode: "online", Color: "blue"})
		require.NoError(t, err)
		_, err = s.Change(ctx, o.Game.ID, o.Seats["blue"], Resign{})
		assert.Equal(t, errNoOpponent, err, "no win for a player who never came")
		assert.False(t, stored(t, s, o.Game.ID).IsOver())

		a, err := s.Create(ctx, Spec{Mode: "ai"})
		require.NoError(t, err)
		res, err = s.Change(ctx, a.Game.ID, a.Seats["red"], Resign{})
		require.NoError(t, err)
		assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}, res.Game.Outcome())
		assert.False(t, res.Game.AIThinking(), "nothing left for the AI")
	})
}

// TestDrawOfferAndAnswer: one offer at a time, answered only by the other
// side: declined it is gone, accepted the game is drawn by agreement.
func TestDrawOfferAndAnswer(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		c, err := s.Create(ctx, Spec{Mode: "local"})
		require.NoError(t, err)
		id, red, blue := c.Game.ID, c.Seats["red"], c.Seats["blue"]
		offer := func(g *Game) (dsq.Color, bool) { return g.DrawOffer() }

		_, err = s.Change(ctx, id, blue, AcceptDraw{})
		refused(t, err, CodeConflict) // no offer
		_, err = s.Change(ctx, id, blue, DeclineDraw{})
		refused(t, err, CodeConflict)
		_, err = s.Change(ctx, id, "", OfferDraw{})
		refused(t, err, CodeNoSeat)

		res, err := s.Change(ctx, id, red, OfferDraw{})
		require.NoError(t, err)
		by, pending := offer(res.Game)
		assert.True(t, pending)
		assert.Equal(t, dsq.Red, by)
		by, pending = offer(stored(t, s, id))
		assert.True(t, pending, "the offer is stored")
		assert.Equal(t, dsq.Red, by)
		_, err = s.Change(ctx, id, blue, OfferDraw{})
		refused(t, err, CodeConflict) // one pending already
		_, err = s.Change(ctx, id, red, AcceptDraw{})
		refused(t, err, CodeConflict) // one's own offer
		_, err = s.Change(ctx, id, red, DeclineDraw{})
		refused(t, err, CodeConflict)

		res, err = s.Change(ctx, id, blue, DeclineDraw{})
		require.NoError(t, err)
		_, pending = offer(res.Game)
		assert.False(t, pending)
		assert.False(t, res.Game.IsOver())

		_, err = s.Change(ctx, id, blue, OfferDraw{})
		require.NoError(t, err)
		res, err = s.Change(ctx, id, red, AcceptDraw{})
		require.NoError(t, err)
		assert.Equal(t, dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.NoColor}, res.Game.Outcome())
		g := stored(t, s, id)
		assert.Equal(t, dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.NoColor}, g.Outcome(), "stored")
		row, err := s.cfg.Store.Get(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, []any{true, "agreed", "", ""}, []any{row.Over, row.Reason, row.Winner, row.DrawOffer})
		_, err = s.Change(ctx, id, red, OfferDraw{})
		assert.Equal(t, errOver, err)
		_, err = s.Change(ctx, id, red, AcceptDraw{})
		assert.Equal(t, errOver, err)

		o, err := s.Create(ctx, Spec{Mode: "online"})
		require.NoError(t, err)
		_, err = s.Change(ctx, o.Game.ID, o.Seats["red"], OfferDraw{})
		assert.Equal(t, errNoOpponent, err)
	})
}

// TestJoin: an online game's free seat goes once, to the bearer of its
// invitation, never to its creator; the invitation is given again to the
// creator alone while the seat is free.
func TestJoin(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		c, err := s.Create(ctx, Spec{Mode: "online", Color: "blue"})
		require.NoError(t, err)
		id, blue := c.Game.ID, c.Seats["blue"]
		require.Len(t, c.Invite, 32)
		assert.Equal(t, map[string]bool{"red": false, "blue": true}, seatedOf(c.Game))

		again, err := s.Invite(ctx, id, blue)
		require.NoError(t, err)
		assert.Equal(t, c.Invite, again)
		_, err = s.Invite(ctx, id, "")
		refused(t, err, CodeNoSeat)

		for _, bad := range []string{"", "0123", c.Invite[:31] + "x", c.Invite + "0"} {
			_, err = s.Change(ctx, id, "", Join{Invite: bad})
			refused(t, err, CodeNotYourSeat)
		}
		_, err = s.Change(ctx, id, blue, Join{Invite: c.Invite})
		refused(t, err, CodeConflict) // the creator cannot take both seats

		res, err := s.Change(ctx, id, "", Join{Invite: c.Invite})
		require.NoError(t, err)
		require.Len(t, res.Seats, 1)
		red := res.Seats["red"]
		require.NotEmpty(t, red)
		assert.Equal(t, map[string]bool{"red": true, "blue": true}, seatedOf(res.Game))
		seat, ok := stored(t, s, id).SeatOf(red)
		assert.True(t, ok, "the seat is stored")
		assert.Equal(t, dsq.Red, seat)

		_, err = s.Change(ctx, id, "", Join{Invite: c.Invite})
		refused(t, err, CodeConflict) // taken: the invitation worked once
		_, err = s.Invite(ctx, id, blue)
		refused(t, err, CodeConflict)
		_, err = s.Change(ctx, id, red, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
		assert.NoError(t, err, "the new seat plays")

		l, err := s.Create(ctx, Spec{Mode: "local"})
		require.NoError(t, err)
		_, err = s.Change(ctx, l.Game.ID, "", Join{Invite: c.Invite})
		refused(t, err, CodeConflict)
		_, err = s.Invite(ctx, l.Game.ID, l.Seats["red"])
		refused(t, err, CodeConflict)
	})
}

func seatedOf(g *Game) map[string]bool {
	return map[string]bool{"red": g.Seated(dsq.Red), "blue": g.Seated(dsq.Blue)}
}

// seen is a Presence where the colours in on are connected and the others
// away since since.
func seen(since time.Time, on ...dsq.Color) func(*Config) {
	return func(c *Config) {
		c.Presence = func(_ string, col dsq.Color) (bool, time.Time) {
			for _, o := range on {
				if o == col {
					return true, time.Time{}
				}
			}
			return false, since
		}
	}
}

// TestClaim: a player may claim the win when the opponent has no stream
// open and has been away for the abandonment time (untimed) or for its
// clock's time left (timed); refused while the opponent is connected or
// may still come back.
func TestClaim(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFakeTime()
	left := f.Now()
	file := filepath.Join(t.TempDir(), "games.db")

	connected := serviceOn(t, file, onClock(f), seen(left, dsq.Red, dsq.Blue))
	id, red, _ := opened(t, connected, "")
	f.Advance(time.Hour)
	_, err := connected.Change(ctx, id, red, Claim{})
	refused(t, err, CodeOpponentConnected)

	s := serviceOn(t, file, onClock(f), seen(left, dsq.Red), func(c *Config) { c.AbandonAfter = 2 * time.Hour })
	_, err = s.Change(ctx, id, red, Claim{})
	e := refused(t, err, CodeOpponentMayReturn)
	assert.Contains(t, e.Message, "1h0m0s")
	assert.Equal(t, time.Hour, e.RetryAfter, "the wait is given for a client to say in its words")
	f.Advance(time.Hour)
	res, err := s.Change(ctx, id, red, Claim{})
	require.NoError(t, err)
	assert.Equal(t, dsq.Outcome{Reason: dsq.Abandoned, Winner: dsq.Red}, res.Game.Outcome())
	assert.Equal(t, dsq.Abandoned, stored(t, s, id).Outcome().Reason)
	_, err = s.Change(ctx, id, red, Claim{})
	assert.Equal(t, errOver, err)

	// Timed: Blue moves with one minute left and leaves, Red to move.
	id, red, blue := opened(t, s, "5+0")
	_, err = s.Change(ctx, id, red, Move{Move: mv(dsq.G3, dsq.G4), Ply: 2})
	require.NoError(t, err)
	f.Advance(4 * time.Minute)
	_, err = s.Change(ctx, id, blue, Move{Move: mv(dsq.G7, dsq.G6), Ply: 3})
	require.NoError(t, err)
	left = f.Now()
	s = serviceOn(t, file, onClock(f), seen(left, dsq.Red))
	f.Advance(time.Minute - time.Second)
	_, err = s.Change(ctx, id, red, Claim{})
	refused(t, err, CodeOpponentMayReturn)
	f.Advance(time.Second)
	res, err = s.Change(ctx, id, red, Claim{})
	require.NoError(t, err)
	assert.Equal(t, dsq.Outcome{Reason: dsq.Abandoned, Winner: dsq.Red}, res.Game.Outcome())
	assert.False(t, res.Game.Clock.Running(), "the clock stops")

	local, err := s.Create(ctx, Spec{Mode: "local"})
	require.NoError(t, err)
	_, err = s.Change(ctx, local.Game.ID, local.Seats["red"], Claim{})
	refused(t, err, CodeConflict)
	_, err = s.Change(ctx, id, "", Claim{})
	refused(t, err, CodeNoSeat)
	_, err = s.Change(ctx, id, blue, Claim{})
	assert.Equal(t, errOver, err)

	// Timed, the one who left to move: the claim waits for the time they
	// had when they left, when their flag falls anyway; never half of it.
	id2, red2, _ := opened(t, s, "5+0")
	_, err = s.Change(ctx, id2, red2, Move{Move: mv(dsq.G3, dsq.G4), Ply: 2})
	require.NoError(t, err)
	s = serviceOn(t, file, onClock(f), seen(f.Now(), dsq.Red))
	f.Advance(150 * time.Second)
	_, err = s.Change(ctx, id2, red2, Claim{})
	e = refused(t, err, CodeOpponentMayReturn) // half of their time is not their time
	assert.Equal(t, 150*time.Second, e.RetryAfter)
}

// TestRematch: after the end either player offers a rematch and the other
// accepts it: a new game with the colours swapped and the same time
// control, whose seats the same tokens hold, its first move due at once
// (the clock starts after both first moves); its id is set on the old game. Or the other declines; no offer before the end.
func TestRematch(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFakeTime()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), onClock(f))
	id, red, blue := clocked(t, s, "3+2")
	_, err := s.Change(ctx, id, red, OfferRematch{})
	refused(t, err, CodeConflict)
	_, err = s.Change(ctx, id, blue, Resign{})
	require.NoError(t, err)
	_, err = s.Change(ctx, id, red, AcceptRematch{})
	refused(t, err, CodeConflict)
	res, err := s.Change(ctx, id, blue, OfferRematch{})
	require.NoError(t, err)
	assert.Equal(t, "blue", res.Game.RematchOffer)
	_, err = s.Change(ctx, id, blue, AcceptRematch{})
	refused(t, err, CodeConflict) // one's own offer
	_, err = s.Change(ctx, id, blue, OfferRematch{})
	refused(t, err, CodeConflict) // offered already

	// Red offers too: the two offers cross, and the rematch begins as if
	// Red had accepted.
	res, err = s.Change(ctx, id, red, OfferRematch{})
	require.NoError(t, err)
	next := res.Game.RematchID
	require.True(t, ValidID(next))
	assert.Equal(t, rematchID(id), next, "one rematch per game, however often the change is tried")
	assert.Equal(t, next, stored(t, s, id).RematchID)
	g := stored(t, s, next)
	assert.Equal(t, Online, g.Mode)
	assert.Equal(t, 0, g.Ply())
	assert.Equal(t, Clock{Control: TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second},
		Left: [2]time.Duration{3 * time.Minute, 3 * time.Minute}}, g.Clock)
	assert.Equal(t, f.Now().Add(FirstMoveTime), g.FirstMoveBy)
	assert.Equal(t, [2]time.Time{f.Now(), f.Now()}, [2]time.Time{g.SeenAt(dsq.Red), g.SeenAt(dsq.Blue)}, "both here as it begins")
	for token, want := range map[string]dsq.Color{red: dsq.Blue, blue: dsq.Red} {
		c, ok := g.SeatOf(token)
		assert.True(t, ok)
		assert.Equal(t, want, c, "colours swapped")
	}
	_, err = s.Change(ctx, next, blue, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err, "the old Blue opens the rematch as Red")
	_, err = s.Change(ctx, id, red, AcceptRematch{})
	refused(t, err, CodeConflict)

	id, red, blue = clocked(t, s, "")
	_, err = s.Change(ctx, id, red, Resign{})
	require.NoError(t, err)
	_, err = s.Change(ctx, id, red, OfferRematch{})
	require.NoError(t, err)
	res, err = s.Change(ctx, id, blue, DeclineRematch{})
	require.NoError(t, err)
	assert.Equal(t, RematchDeclined, res.Game.RematchOffer)
	assert.Empty(t, res.Game.RematchID)
	_, err = s.Change(ctx, id, blue, AcceptRematch{})
	refused(t, err, CodeConflict)
	_, err = s.Change(ctx, id, red, OfferRematch{})
	refused(t, err, CodeConflict)
}

// TestRematchAcceptedOnceAcrossInstances: an acceptance made again on a
// second instance whose cache has not heard of the first makes no second
// game: it is refused, and the rematch stays the first one.
func TestRematchAcceptedOnceAcrossInstances(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "games.db")
	a, b := serviceOn(t, file), serviceOn(t, file)
	id, red, blue := clocked(t, a, "")
	_, err := a.Change(ctx, id, red, Resign{})
	require.NoError(t, err)
	_, err = a.Change(ctx, id, red, OfferRematch{})
	require.NoError(t, err)
	_, err = b.Get(ctx, id) // b caches the offer
	require.NoError(t, err)
	res, err := a.Change(ctx, id, blue, AcceptRematch{})
	require.NoError(t, err)
	_, err = b.Change(ctx, id, blue, AcceptRematch{})
	refused(t, err, CodeConflict)
	assert.Equal(t, res.Game.RematchID, stored(t, b, id).RematchID)
	assert.Equal(t, res.Game.Version, stored(t, b, id).Version)
}

// TestAbortBeforeTheSecondMove: either player may abort an online game
// before both first moves: it ends with no result, nothing more is played
// in it, and no statistics count it; from the second move on it is
// resigned, not aborted; a watcher or another mode cannot abort.
func TestAbortBeforeTheSecondMove(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"))
	id, red, blue := clocked(t, s, "5+3")
	_, err := s.Change(ctx, id, "", Abort{})
	refused(t, err, CodeNoSeat)
	res, err := s.Change(ctx, id, red, Abort{})
	require.NoError(t, err)
	assert.True(t, res.Game.Aborted)
	assert.True(t, res.Game.Ended())
	assert.False(t, res.Game.IsOver(), "no result")
	g := stored(t, s, id)
	assert.True(t, g.Aborted, "stored")
	assert.True(t, g.FirstMoveBy.IsZero(), "no first move due")
	_, err = s.Change(ctx, id, red, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	assert.Equal(t, errOver, err)
	_, err = s.Change(ctx, id, blue, Abort{})
	assert.Equal(t, errOver, err)
	_, err = s.Change(ctx, id, blue, OfferRematch{})
	refused(t, err, CodeConflict)

	id, red, _ = clocked(t, s, "")
	_, err = s.Change(ctx, id, red, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	res, err = s.Change(ctx, id, red, Abort{})
	require.NoError(t, err, "the first mover may abort too, before the second move")
	assert.True(t, res.Game.Aborted)

	id, _, blue = opened(t, s, "")
	_, err = s.Change(ctx, id, blue, Abort{})
	refused(t, err, CodeTooLate)
	local, err := s.Create(ctx, Spec{Mode: "local"})
	require.NoError(t, err)
	_, err = s.Change(ctx, local.Game.ID, local.Seats["red"], Abort{})
	refused(t, err, CodeConflict)

	st, err := s.cfg.Store.Stats(ctx)
	require.NoError(t, err)
	assert.Equal(t, 0, st.Overall.Games, "an aborted game has no result to count")
}

// TestClaimCountsFromTheLastSignOfLife: on a site up for an hour, with the
// opponent never seen on a stream, the claim waits the whole abandonment
// time from the opponent's last change of the game (its seat taken, its
// last move), never from the site's start; before both first moves there
// is nothing to claim.
func TestClaimCountsFromTheLastSignOfLife(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFakeTime()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), onClock(f)) // away since the service started
	f.Advance(time.Hour)
	id, red, blue := clocked(t, s, "")
	_, err := s.Change(ctx, id, red, Claim{})
	refused(t, err, CodeOpening) // the moment the friend joins: nothing to claim
	_, err = s.Change(ctx, id, red, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	f.Advance(30 * time.Second)
	_, err = s.Change(ctx, id, blue, Move{Move: mv(dsq.A7, dsq.A6), Ply: 1})
	require.NoError(t, err)
	_, err = s.Change(ctx, id, red, Claim{})
	e := refused(t, err, CodeOpponentMayReturn)
	assert.Equal(t, DefaultAbandonAfter, e.RetryAfter, "the whole wait from Blue's move")

	_, err = s.Change(ctx, id, red, Move{Move: mv(dsq.G3, dsq.G4), Ply: 2})
	require.NoError(t, err)
	f.Advance(4 * time.Minute)
	_, err = s.Change(ctx, id, red, Claim{})
	assert.Equal(t, time.Minute, refused(t, err, CodeOpponentMayReturn).RetryAfter)
	_, err = s.Change(ctx, id, blue, Move{Move: mv(dsq.G7, dsq.G6), Ply: 3}) // a move by POST alone
	require.NoError(t, err)
	f.Advance(time.Second)
	_, err = s.Change(ctx, id, red, Claim{})
	assert.Equal(t, DefaultAbandonAfter-time.Second, refused(t, err, CodeOpponentMayReturn).RetryAfter, "the move is a sign of life")
	f.Advance(DefaultAbandonAfter - time.Second)
	res, err := s.Change(ctx, id, red, Claim{})
	require.NoError(t, err)
	assert.Equal(t, dsq.Outcome{Reason: dsq.Abandoned, Winner: dsq.Red}, res.Game.Outcome())
}

// TestUndoAfterAnAIGame: the player of a finished AI game may take its end
// back: a resignation alone, or a game ended by the rules back to the
// player's last move (the AI's den entry and the move before it); the
// game then goes on, the player to move.
func TestUndoAfterAnAIGame(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	a, err := s.Create(ctx, Spec{Mode: "ai"})
	require.NoError(t, err)
	_, err = s.Change(ctx, a.Game.ID, a.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	g := waitAI(t, s, a.Game.ID)
	res, err := s.Change(ctx, g.ID, a.Seats["red"], Resign{})
	require.NoError(t, err)
	require.True(t, res.Game.IsOver())
	res, err = s.Change(ctx, g.ID, a.Seats["red"], Undo{Ply: 2})
	require.NoError(t, err)
	assert.False(t, res.Game.IsOver(), "the resignation is taken back")
	assert.Equal(t, 2, res.Game.Ply(), "and nothing else")
	assert.False(t, stored(t, s, g.ID).IsOver())

	// Blue (the AI) has entered Red's den: its move and Red's before it go.
	pos, err := dsq.ParsePosition("7/7/7/7/7/7/7/3e3/R6 b 0 1")
	require.NoError(t, err)
	play, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	require.NoError(t, play.Play(mv(dsq.D2, dsq.D3)))
	require.NoError(t, play.Play(mv(dsq.A1, dsq.A2)))
	require.NoError(t, play.Play(mv(dsq.D3, dsq.D2)))
	require.NoError(t, play.Play(mv(dsq.A2, dsq.A1)))
	before := play.Clone()
	require.NoError(t, play.Play(mv(dsq.D2, dsq.D1)))
	require.True(t, play.IsOver())
	c := &change{next: &Game{play: play, Mode: AI, AIColor: dsq.Blue, Level: 1}}
	require.NoError(t, undoEnded(c))
	assert.False(t, c.next.IsOver())
	assert.Equal(t, 3, c.next.Ply(), "back to Red's last move")
	assert.Equal(t, dsq.Red, c.next.Position().SideToMove())

	// The player's own winning move: that move alone.
	c = &change{next: &Game{play: before, Mode: AI, AIColor: dsq.Red, Level: 1}}
	require.NoError(t, c.next.play.Play(mv(dsq.D2, dsq.D1)))
	require.NoError(t, undoEnded(c))
	assert.Equal(t, 4, c.next.Ply())
	assert.Equal(t, dsq.Blue, c.next.Position().SideToMove())
}
