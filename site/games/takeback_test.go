package games

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// play makes move (from-to text) in game id for token at ply, and fails
// the test if it is refused.
func play(t *testing.T, s *Service, id, token, move string, ply int) *Game {
	t.Helper()
	m, err := dsq.ParseMove(move)
	require.NoError(t, err)
	res, err := s.Change(context.Background(), id, token, Move{Move: m, Ply: ply})
	require.NoError(t, err)
	return res.Game
}

// unchanged asserts that a refused call left game id as it was at version.
func unchanged(t *testing.T, s *Service, id string, version int64) {
	t.Helper()
	assert.Equal(t, version, stored(t, s, id).Version, "a refused call changes nothing")
}

// TestTakebackOfAMoveNotYetAnswered: the asker's last move, not yet
// replied to, is taken back (one ply): the one who accepts was to move,
// its time used is taken from it, the asker's clock starts; the request
// never stopped the clock.
func TestTakebackOfAMoveNotYetAnswered(t *testing.T) {
	t.Parallel()
	f := newFakeTime()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), onClock(f))
	ctx := context.Background()
	id, red, blue := opened(t, s, "5+3")
	f.Advance(10 * time.Second)
	g := play(t, s, id, red, "g3g4", 2)
	redLeft := 5*time.Minute - 10*time.Second + 3*time.Second
	require.Equal(t, redLeft, g.Clock.Left[dsq.Red])

	f.Advance(5 * time.Second)
	res, err := s.Change(ctx, id, red, OfferTakeback{Ply: 3})
	require.NoError(t, err)
	asker, ok := res.Game.TakebackOffer()
	assert.True(t, ok)
	assert.Equal(t, dsq.Red, asker)
	assert.Equal(t, MaxTakebacks-1, res.Game.TakebacksLeft(dsq.Red))
	assert.Equal(t, g.Clock, res.Game.Clock, "a request never stops or changes the clock")
	f.Advance(20 * time.Second)
	assert.Equal(t, 5*time.Minute-25*time.Second, stored(t, s, id).Clock.Remaining(dsq.Blue, dsq.Blue, f.Now()),
		"Blue's time ran while the request waited")

	res, err = s.Change(ctx, id, blue, AcceptTakeback{Ply: 3})
	require.NoError(t, err)
	back := res.Game
	assert.Equal(t, []dsq.Move{mv(dsq.A3, dsq.A4), mv(dsq.A7, dsq.A6)}, back.Moves())
	assert.Equal(t, dsq.Red, back.Position().SideToMove())
	_, ok = back.TakebackOffer()
	assert.False(t, ok, "answered")
	want := Clock{Control: back.Clock.Control, Left: [2]time.Duration{redLeft, 5*time.Minute - 25*time.Second}, Started: f.Now()}
	assert.Equal(t, want, back.Clock, "Blue's time used is taken, no increment; Red's clock starts now")
	got := stored(t, s, id)
	assert.Equal(t, back.Moves(), got.Moves())
	assert.Equal(t, want, got.Clock, "stored")
	assert.Equal(t, MaxTakebacks-1, got.TakebacksLeft(dsq.Red), "stored")
	play(t, s, id, red, "e3d3", 2) // Red plays on
}

// TestTakebackAfterTheReply: a request made after the opponent replied
// takes back the reply and the asker's move (two plies); the asker was to
// move and stays so, its clock running on from the start of its turn.
func TestTakebackAfterTheReply(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		id, red, blue := opened(t, s, "5+3")
		play(t, s, id, red, "g3g4", 2)
		g := play(t, s, id, blue, "g7g6", 3)
		_, err := s.Change(ctx, id, red, OfferTakeback{Ply: 4})
		require.NoError(t, err)
		res, err := s.Change(ctx, id, blue, AcceptTakeback{Ply: 4})
		require.NoError(t, err)
		assert.Equal(t, 2, res.Game.Ply())
		assert.Equal(t, dsq.Red, res.Game.Position().SideToMove())
		assert.Equal(t, g.Clock, res.Game.Clock, "the asker's clock runs on, unstopped, from its turn's start")
		assert.Equal(t, res.Game.Position(), stored(t, s, id).Position())
	})
}

// TestTakebackNeverStopsTheClock: a side to move that asks and runs out of
// time while its request waits loses on time.
func TestTakebackNeverStopsTheClock(t *testing.T) {
	t.Parallel()
	f := newFakeTime()
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), onClock(f))
	ctx := context.Background()
	id, red, blue := opened(t, s, "1+0")
	play(t, s, id, red, "g3g4", 2)
	play(t, s, id, blue, "g7g6", 3)
	_, err := s.Change(ctx, id, red, OfferTakeback{Ply: 4})
	require.NoError(t, err)
	f.Advance(time.Minute)
	_, err = s.Change(ctx, id, blue, AcceptTakeback{Ply: 4})
	refused(t, err, CodeTimeUp)
	g, err := s.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, dsq.TimeForfeit, g.Outcome().Reason)
	assert.Equal(t, dsq.Blue, g.Outcome().Winner)
	_, ok := g.TakebackOffer()
	assert.False(t, ok, "no request outlives the game")
	r, err := g.Row()
	require.NoError(t, err)
	assert.Equal(t, "", r.TakebackBy)
}

// TestTakebackLimit: each player may ask MaxTakebacks times in a game;
// the next request is refused with nothing changed, and the opponent's
// own requests are counted apart.
func TestTakebackLimit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newService(t)
	id, red, blue := opened(t, s, "")
	for range MaxTakebacks {
		play(t, s, id, red, "g3g4", 2)
		_, err := s.Change(ctx, id, red, OfferTakeback{Ply: 3})
		require.NoError(t, err)
		_, err = s.Change(ctx, id, blue, AcceptTakeback{Ply: 3})
		require.NoError(t, err)
	}
	g := play(t, s, id, red, "g3g4", 2)
	assert.Equal(t, 0, g.TakebacksLeft(dsq.Red))
	_, err := s.Change(ctx, id, red, OfferTakeback{Ply: 3})
	refused(t, err, CodeTakebackLimit)
	unchanged(t, s, id, g.Version)
	play(t, s, id, blue, "g7g6", 3)
	_, err = s.Change(ctx, id, blue, OfferTakeback{Ply: 4})
	require.NoError(t, err, "Blue's requests are its own")
}

// TestDeclinedTakebackWaitsForTheAskersMove: a declined request may not be
// made again until the asker has moved; the opponent's move does not free
// it.
func TestDeclinedTakebackWaitsForTheAskersMove(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		id, red, blue := opened(t, s, "")
		play(t, s, id, red, "g3g4", 2)
		_, err := s.Change(ctx, id, red, OfferTakeback{Ply: 3})
		require.NoError(t, err)
		res, err := s.Change(ctx, id, blue, DeclineTakeback{Ply: 3})
		require.NoError(t, err)
		assert.Equal(t, 3, res.Game.Ply(), "nothing taken back")
		assert.True(t, res.Game.TakebackDeclined(dsq.Red))
		assert.True(t, stored(t, s, id).TakebackDeclined(dsq.Red), "stored")

		_, err = s.Change(ctx, id, red, OfferTakeback{Ply: 3})
		refused(t, err, CodeTakebackDeclined)
		unchanged(t, s, id, res.Game.Version)
		g := play(t, s, id, blue, "g7g6", 3)
		_, err = s.Change(ctx, id, red, OfferTakeback{Ply: 4})
		refused(t, err, CodeTakebackDeclined)
		unchanged(t, s, id, g.Version)
		g = play(t, s, id, red, "e3d3", 4)
		assert.False(t, g.TakebackDeclined(dsq.Red), "Red moved")
		_, err = s.Change(ctx, id, red, OfferTakeback{Ply: 5})
		require.NoError(t, err)
	})
}

// TestTakebackLapsesWithAMove: a move by either side ends the pending
// request; an answer to it afterwards is refused with nothing changed.
func TestTakebackLapsesWithAMove(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		id, red, blue := opened(t, s, "")
		play(t, s, id, red, "g3g4", 2)
		_, err := s.Change(ctx, id, red, OfferTakeback{Ply: 3})
		require.NoError(t, err)
		g := play(t, s, id, blue, "g7g6", 3)
		_, ok := g.TakebackOffer()
		assert.False(t, ok, "the opponent's move")
		_, ok = stored(t, s, id).TakebackOffer()
		assert.False(t, ok, "stored")
		_, err = s.Change(ctx, id, blue, AcceptTakeback{Ply: 3})
		refused(t, err, CodeConflict)
		_, err = s.Change(ctx, id, blue, AcceptTakeback{Ply: 4})
		refused(t, err, CodeConflict)
		unchanged(t, s, id, g.Version)

		// The asker's own move ends it too.
		_, err = s.Change(ctx, id, red, OfferTakeback{Ply: 4})
		require.NoError(t, err)
		g = play(t, s, id, red, "e3d3", 4)
		_, ok = g.TakebackOffer()
		assert.False(t, ok, "the asker's move")
		_, err = s.Change(ctx, id, blue, AcceptTakeback{Ply: 5})
		refused(t, err, CodeConflict)
		unchanged(t, s, id, g.Version)
		assert.Equal(t, MaxTakebacks-2, g.TakebacksLeft(dsq.Red), "a lapsed request counts")
	})
}

// TestTakebackRefusals: what cannot be asked or answered is refused, and
// changes nothing.
func TestTakebackRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newService(t)

	// Before both first moves: nothing is taken back (abort instead).
	id, red, blue := clocked(t, s, "")
	_, err := s.Change(ctx, id, red, OfferTakeback{Ply: 0})
	refused(t, err, CodeConflict)
	play(t, s, id, red, "a3a4", 0)
	_, err = s.Change(ctx, id, red, OfferTakeback{Ply: 1})
	refused(t, err, CodeConflict)
	play(t, s, id, blue, "a7a6", 1)
	_, err = s.Change(ctx, id, blue, OfferTakeback{Ply: 2})
	refused(t, err, CodeConflict) // Blue's first move started the clock
	g := play(t, s, id, red, "g3g4", 2)
	_, err = s.Change(ctx, id, blue, OfferTakeback{Ply: 3})
	refused(t, err, CodeConflict) // Blue's only move is its first
	unchanged(t, s, id, g.Version)

	for _, tc := range []struct {
		name  string
		token string
		a     Action
		code  string
	}{
		{"a watcher asks", "", OfferTakeback{Ply: 3}, CodeNoSeat},
		{"stale ply", red, OfferTakeback{Ply: 2}, CodeConflict},
		{"nothing to accept", blue, AcceptTakeback{Ply: 3}, CodeConflict},
		{"nothing to decline", blue, DeclineTakeback{Ply: 3}, CodeConflict},
	} {
		_, err := s.Change(ctx, id, tc.token, tc.a)
		refused(t, err, tc.code)
	}
	unchanged(t, s, id, g.Version)

	res, err := s.Change(ctx, id, red, OfferTakeback{Ply: 3})
	require.NoError(t, err)
	v := res.Game.Version
	for _, tc := range []struct {
		name  string
		token string
		a     Action
	}{
		{"asked twice", red, OfferTakeback{Ply: 3}},
		{"accepted by its asker", red, AcceptTakeback{Ply: 3}},
		{"declined by its asker", red, DeclineTakeback{Ply: 3}},
		{"a second request beside it", blue, OfferTakeback{Ply: 3}},
		{"a draw offer beside it", blue, OfferDraw{}},
		{"an accept on a stale ply", blue, AcceptTakeback{Ply: 2}},
	} {
		_, err := s.Change(ctx, id, tc.token, tc.a)
		refused(t, err, CodeConflict)
		unchanged(t, s, id, v)
	}
	_, err = s.Change(ctx, id, blue, DeclineTakeback{Ply: 3})
	require.NoError(t, err)
	res, err = s.Change(ctx, id, blue, OfferDraw{})
	require.NoError(t, err)
	_, err = s.Change(ctx, id, red, OfferTakeback{Ply: 3})
	refused(t, err, CodeConflict) // nor a request beside a draw offer
	unchanged(t, s, id, res.Game.Version)

	_, err = s.Change(ctx, id, red, Resign{})
	require.NoError(t, err)
	_, err = s.Change(ctx, id, blue, OfferTakeback{Ply: 3})
	refused(t, err, CodeConflict)

	// A game still waiting for its second player.
	o, err := s.Create(ctx, Spec{Mode: "online"})
	require.NoError(t, err)
	_, err = s.Change(ctx, o.Game.ID, o.Seats["red"], OfferTakeback{Ply: 0})
	assert.Equal(t, errNoOpponent, err)
}

// TestAIAndLocalGamesKeepTheirUndo: takeback requests are an online
// game's; AI and local games refuse them and undo as before, and an online
// game refuses Undo.
func TestAIAndLocalGamesKeepTheirUndo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newService(t)
	local, err := s.Create(ctx, Spec{Mode: "local"})
	require.NoError(t, err)
	id, red, blue := local.Game.ID, local.Seats["red"], local.Seats["blue"]
	play(t, s, id, red, "a3a4", 0)
	play(t, s, id, blue, "a7a6", 1)
	g := play(t, s, id, red, "g3g4", 2)
	for _, a := range []Action{OfferTakeback{Ply: 3}, AcceptTakeback{Ply: 3}, DeclineTakeback{Ply: 3}} {
		_, err = s.Change(ctx, id, red, a)
		refused(t, err, CodeConflict)
	}
	unchanged(t, s, id, g.Version)
	res, err := s.Change(ctx, id, blue, Undo{Ply: 3})
	require.NoError(t, err)
	assert.Equal(t, 2, res.Game.Ply(), "a local game undoes at once")

	aiGame := storeAI(t, s, dsq.Blue, dsq.NewGame().Position().String())
	_, err = s.Change(ctx, aiGame.ID, "player", OfferTakeback{Ply: 0})
	refused(t, err, CodeConflict)

	oid, ored, _ := opened(t, s, "")
	play(t, s, oid, ored, "g3g4", 2)
	_, err = s.Change(ctx, oid, ored, Undo{Ply: 3})
	refused(t, err, CodeConflict)
}

// TestTakebackAcceptRacesAMoveAcrossInstances: the asker moving on one
// instance while the opponent accepts on another: exactly one of them is
// stored, the other refused, and the game is the one that was.
func TestTakebackAcceptRacesAMoveAcrossInstances(t *testing.T) {
	t.Parallel()
	dsn := testenv.PostgresURL(t)
	a, b := serviceOn(t, dsn), serviceOn(t, dsn)
	ctx := context.Background()
	accepted, moved := 0, 0
	for range 10 {
		id, red, blue := opened(t, a, "")
		play(t, a, id, red, "g3g4", 2)
		play(t, a, id, blue, "g7g6", 3)
		_, err := a.Change(ctx, id, red, OfferTakeback{Ply: 4})
		require.NoError(t, err)
		_, err = b.Get(ctx, id) // b has the request cached
		require.NoError(t, err)
		var (
			wg                 sync.WaitGroup
			moveErr, acceptErr error
		)
		wg.Go(func() { _, moveErr = a.Change(ctx, id, red, Move{Move: mv(dsq.E3, dsq.D3), Ply: 4}) })
		wg.Go(func() { _, acceptErr = b.Change(ctx, id, blue, AcceptTakeback{Ply: 4}) })
		wg.Wait()
		g := stored(t, b, id)
		_, pending := g.TakebackOffer()
		assert.False(t, pending)
		if acceptErr == nil {
			accepted++
			refused(t, moveErr, CodeConflict)
			assert.Equal(t, 2, g.Ply())
		} else {
			moved++
			require.NoError(t, moveErr)
			refused(t, acceptErr, CodeConflict)
			assert.Equal(t, 5, g.Ply())
		}
	}
	t.Logf("accepted %d, moved %d", accepted, moved)
}
