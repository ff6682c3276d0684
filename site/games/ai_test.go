package games

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAIMoves: a player's move leaves the AI thinking; its job plays a
// legal reply and stores it as the next version.
func TestAIMoves(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		c, err := s.Create(ctx, Spec{Mode: "ai", Level: new(2)})
		require.NoError(t, err)
		assert.Equal(t, dsq.Blue, c.Game.AIColor)
		assert.False(t, c.Game.AIThinking(), "the player opens")
		res, err := s.Change(ctx, c.Game.ID, c.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
		require.NoError(t, err)
		assert.True(t, res.Game.AIThinking())
		g := waitAI(t, s, c.Game.ID)
		require.Equal(t, 2, g.Ply())
		assert.Equal(t, dsq.Red, g.Position().SideToMove())
		assert.Equal(t, res.Game.Version+1, g.Version)
		assert.Equal(t, g.Moves(), stored(t, s, g.ID).Moves(), "the reply is stored")
		_, err = s.Change(ctx, g.ID, c.Seats["red"], Move{Move: mv(dsq.G3, dsq.G4), Ply: 2})
		assert.NoError(t, err, "the player's turn again")
	})
}

// TestAIAnswersDrawOffer: the AI accepts a draw when its search finds it
// clearly behind, and declines it otherwise; either way as a job, the
// offer pending meanwhile.
func TestAIAnswersDrawOffer(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		// Blue (the AI) without its lion, tiger and elephant: it accepts.
		g := storeAI(t, s, dsq.Blue, "7/1d3c1/r1p1w2/7/7/7/E1W1P1R/1C3D1/T5L r 0 1")
		res, err := s.Change(ctx, g.ID, "player", OfferDraw{})
		require.NoError(t, err)
		by, pending := res.Game.DrawOffer()
		assert.True(t, pending)
		assert.Equal(t, dsq.Red, by)
		assert.True(t, res.Game.AIThinking(), "the AI weighs the offer")
		assert.False(t, res.Game.IsOver())
		g = waitAI(t, s, g.ID)
		assert.Equal(t, dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.NoColor}, g.Outcome())
		assert.Equal(t, dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.NoColor}, stored(t, s, g.ID).Outcome())

		// Red (the player) without them: the AI declines and plays on.
		g = storeAI(t, s, dsq.Blue, "l5t/1d3c1/r1p1w1e/7/7/7/2W1P1R/1C3D1/7 r 0 1")
		_, err = s.Change(ctx, g.ID, "player", OfferDraw{})
		require.NoError(t, err)
		g = waitAI(t, s, g.ID)
		assert.False(t, g.IsOver())
		_, pending = g.DrawOffer()
		assert.False(t, pending, "declined")
		_, err = s.Change(ctx, g.ID, "player", Move{Move: mv(dsq.G3, dsq.G4), Ply: 0})
		assert.NoError(t, err, "the game goes on")
	})
}

// TestAIWaitsItsMinReply: a reply found sooner than its level's least
// reply time is stored once that time has passed since the player's move,
// or at once by Drain (a shutdown), which waits until it is stored.
func TestAIWaitsItsMinReply(t *testing.T) {
	t.Parallel()
	var least atomic.Int64
	least.Store(int64(600 * time.Millisecond))
	s := serviceOn(t, filepath.Join(t.TempDir(), "games.db"), func(c *Config) {
		c.MinReply = func(int) time.Duration { return time.Duration(least.Load()) }
	})
	ctx := context.Background()
	c, err := s.Create(ctx, Spec{Mode: "ai"})
	require.NoError(t, err)
	res, err := s.Change(ctx, c.Game.ID, c.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	g := waitAI(t, s, c.Game.ID)
	assert.Equal(t, 2, g.Ply())
	assert.GreaterOrEqual(t, g.Updated.Sub(res.Game.Updated), 550*time.Millisecond, "the reply waited")

	least.Store(int64(time.Hour))
	_, err = s.Change(ctx, g.ID, c.Seats["red"], Move{Move: mv(dsq.G3, dsq.G4), Ply: 2})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return len(s.delayed) == 1
	}, 10*time.Second, 5*time.Millisecond, "the reply waits for its time")
	s.Drain() // an hour early
	assert.Equal(t, 4, stored(t, s, g.ID).Ply(), "stored before Drain returned")
}

// TestAIResumes: a stored game where the AI is to move, made by a process
// that stopped, is taken up by Resume, and by the first read of it.
func TestAIResumes(t *testing.T) {
	// Not parallel: Resume takes up every AI game to move in the shared PostgreSQL database.
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		g := storeAI(t, s, dsq.Red, dsq.StartNotation) // the AI opens
		s.Resume(ctx)
		assert.Equal(t, 1, waitAI(t, s, g.ID).Ply(), "resumed")

		g = storeAI(t, s, dsq.Red, dsq.StartNotation)
		read, err := s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.True(t, read.AIThinking())
		assert.Equal(t, 1, waitAI(t, s, g.ID).Ply(), "taken up when read")
	})
}

// TestAIBusy: with the AI pool full, a change that would leave the AI
// something to do is refused as Busy and nothing is stored; once there is
// room it is taken.
func TestAIBusy(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	c, err := s.Create(ctx, Spec{Mode: "ai"})
	require.NoError(t, err)
	var tickets []interface{ Release() }
	for {
		tk, err := s.cfg.Pool.Reserve()
		if err != nil {
			break
		}
		tickets = append(tickets, tk)
	}
	_, err = s.Change(ctx, c.Game.ID, c.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	assert.Equal(t, errBusy, err)
	assert.Equal(t, c.Game.Version, stored(t, s, c.Game.ID).Version, "nothing stored")
	_, err = s.Change(ctx, c.Game.ID, c.Seats["red"], OfferDraw{})
	assert.Equal(t, errBusy, err, "the AI's answer needs the pool too")
	_, err = s.Create(ctx, Spec{Mode: "ai", Color: "blue"})
	assert.Equal(t, errBusy, err, "so does an AI that opens")
	_, err = s.Change(ctx, c.Game.ID, c.Seats["red"], Resign{})
	assert.NoError(t, err, "a change that leaves the AI nothing to do needs no room")
	for _, tk := range tickets {
		tk.Release()
	}
	c, err = s.Create(ctx, Spec{Mode: "ai", Color: "blue"})
	require.NoError(t, err)
	assert.Equal(t, 1, waitAI(t, s, c.Game.ID).Ply())
}

// TestNoSearchUnderALock: the AI's searches (its opening move, its answer to
// a draw offer) run with no game lock held, and the offer's change returns
// while the answer is still being searched: the search below waits for the
// test, which only lets it go after the change has returned.
func TestNoSearchUnderALock(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	held := make(chan int, 8)
	release := make(chan struct{}, 8)
	s.searching = func(string) {
		held <- s.locksHeld()
		<-release
	}

	// The AI opens as Red: a move searched by a job.
	c, err := s.Create(ctx, Spec{Mode: "ai", Color: "blue"})
	require.NoError(t, err)
	assert.True(t, c.Game.AIThinking())
	assert.Equal(t, 0, <-held, "no lock held while the AI searches its move")
	release <- struct{}{}
	g := waitAI(t, s, c.Game.ID)
	assert.Equal(t, 1, g.Ply())

	// The player offers a draw: the change returns with the offer pending
	// while the AI's answer waits in its search.
	res, err := s.Change(ctx, g.ID, c.Seats["blue"], OfferDraw{})
	require.NoError(t, err)
	offer, pending := res.Game.DrawOffer()
	assert.True(t, pending)
	assert.Equal(t, dsq.Blue, offer)
	assert.True(t, res.Game.AIThinking())
	assert.Equal(t, 0, <-held, "no lock held while the AI weighs the offer")
	// Meanwhile the game is read and refuses moves: the AI is thinking.
	now, err := s.Get(ctx, g.ID)
	require.NoError(t, err)
	_, pending = now.DrawOffer()
	assert.True(t, pending)
	_, err = s.Change(ctx, g.ID, c.Seats["blue"], Move{Move: dsq.NewMove(dsq.A7, dsq.A6), Ply: 1})
	assert.Equal(t, errAIThinking, err)

	release <- struct{}{}
	g = waitAI(t, s, g.ID)
	_, pending = g.DrawOffer()
	assert.False(t, pending, "declined: an even game")
	assert.False(t, g.IsOver())
	assert.Equal(t, 1, g.Ply())
}

// TestAIJobStartsOverOnAStaleVersion: the player resigns while the AI
// searches its move; the AI's move, searched on the old version, is not
// stored over the resignation.
func TestAIJobStartsOverOnAStaleVersion(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	searching := make(chan struct{}, 4)
	release := make(chan struct{})
	s.searching = func(string) {
		searching <- struct{}{}
		<-release
	}
	c, err := s.Create(ctx, Spec{Mode: "ai", Color: "blue"})
	require.NoError(t, err)
	<-searching
	res, err := s.Change(ctx, c.Game.ID, c.Seats["blue"], Resign{})
	require.NoError(t, err)
	close(release)
	g := waitAI(t, s, c.Game.ID)
	assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Red}, g.Outcome())
	assert.Equal(t, 0, g.Ply(), "no move after the resignation")
	assert.Equal(t, res.Game.Version, g.Version)
}

// TestAIPlacesPerClient: the AI places a change takes are counted for the
// client its context carries: a client that holds its most places is
// refused, another client is not, and the refused client's game is left
// unchanged.
func TestAIPlacesPerClient(t *testing.T) {
	t.Parallel()
	s := newService(t) // one engine and four queued jobs: at most one place per client
	hog, fair := WithClient(context.Background(), "192.0.2.1"), WithClient(context.Background(), "192.0.2.2")
	hogGame, err := s.Create(hog, Spec{Mode: "ai", Level: new(1)})
	require.NoError(t, err)
	fairGame, err := s.Create(fair, Spec{Mode: "ai", Level: new(1)})
	require.NoError(t, err)
	held, err := s.cfg.Pool.ReserveFor("192.0.2.1")
	require.NoError(t, err)
	defer held.Release()

	_, err = s.Change(hog, hogGame.Game.ID, hogGame.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	assert.Equal(t, errBusy, err, "the hog's client holds its place")
	assert.Equal(t, hogGame.Game.Version, stored(t, s, hogGame.Game.ID).Version, "nothing stored")
	_, err = s.Create(hog, Spec{Mode: "ai", Color: "blue"})
	assert.Equal(t, errBusy, err, "nor may it start a game where the AI opens")

	_, err = s.Change(fair, fairGame.Game.ID, fairGame.Seats["red"], Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err, "another client is let in")
	assert.Equal(t, 2, waitAI(t, s, fairGame.Game.ID).Ply())
}
