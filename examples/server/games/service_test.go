package games

import (
	"context"
	"errors"
	"github.com/doushouqi/doushouqi/search"
	"os"
	"path/filepath"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/examples/server/ai"
	"github.com/doushouqi/doushouqi/examples/server/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newService returns a service on a fresh SQLite file and a pool of one
// engine.
func newService(t *testing.T) *Service {
	t.Helper()
	return serviceOn(t, filepath.Join(t.TempDir(), "games.db"))
}

func serviceOn(t *testing.T, file string) *Service {
	t.Helper()
	db, err := store.Open(context.Background(), file)
	require.NoError(t, err)
	pool := ai.New(1, 4, 1)
	t.Cleanup(func() {
		pool.Close(context.Background())
		db.Close()
	})
	return New(Config{Store: db, Pool: pool, AITime: 200 * time.Millisecond})
}

// waitAI waits until the AI has nothing left to do in game id.
func waitAI(t *testing.T, s *Service, id string) *Game {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		g, err := s.Get(context.Background(), id)
		require.NoError(t, err)
		if !g.AIThinking() {
			return g
		}
		require.True(t, time.Now().Before(deadline), "the AI did nothing")
		time.Sleep(10 * time.Millisecond)
	}
}

// locksHeld counts the game locks held now.
func (s *Service) locksHeld() int {
	n := 0
	for i := range s.locks {
		if s.locks[i].TryLock() {
			s.locks[i].Unlock()
		} else {
			n++
		}
	}
	return n
}

// TestNoSearchUnderALock: the AI's searches (its opening move, its answer to
// a draw offer) run with no game lock held, and the offer's change returns
// while the answer is still being searched: the search below waits for the
// test, which only lets it go after the change has returned.
func TestNoSearchUnderALock(t *testing.T) {
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
	offer, pending := res.Game.Game.DrawOffer()
	assert.True(t, pending)
	assert.Equal(t, dsq.Blue, offer)
	assert.True(t, res.Game.AIThinking())
	assert.Equal(t, 0, <-held, "no lock held while the AI weighs the offer")
	// Meanwhile the game is read and refuses moves: the AI is thinking.
	now, err := s.Get(ctx, g.ID)
	require.NoError(t, err)
	_, pending = now.Game.DrawOffer()
	assert.True(t, pending)
	_, err = s.Change(ctx, g.ID, c.Seats["blue"], Move{Move: dsq.NewMove(dsq.A7, dsq.A6), Ply: 1})
	assert.Equal(t, errAIThinking, err)

	release <- struct{}{}
	g = waitAI(t, s, g.ID)
	_, pending = g.Game.DrawOffer()
	assert.False(t, pending, "declined: an even game")
	assert.False(t, g.Over())
	assert.Equal(t, 1, g.Ply())
}

// TestAIJobStartsOverOnAStaleVersion: the player resigns while the AI
// searches its move; the AI's move, searched on the old version, is not
// stored over the resignation.
func TestAIJobStartsOverOnAStaleVersion(t *testing.T) {
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
	assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Red}, g.Game.Outcome())
	assert.Equal(t, 0, g.Ply(), "no move after the resignation")
	assert.Equal(t, res.Game.Version, g.Version)
}

// TestChangeNeverChangesAVersion: a change makes a new version and leaves
// the one readers hold as it was, refused changes included.
func TestChangeNeverChangesAVersion(t *testing.T) {
	s := newService(t)
	ctx := context.Background()
	c, err := s.Create(ctx, Spec{Mode: "local"})
	require.NoError(t, err)
	before, err := s.Get(ctx, c.Game.ID)
	require.NoError(t, err)
	res, err := s.Change(ctx, before.ID, c.Seats["red"], Move{Move: dsq.NewMove(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	assert.Equal(t, 1, res.Game.Ply())
	assert.Equal(t, before.Version+1, res.Game.Version)
	_, err = s.Change(ctx, before.ID, c.Seats["blue"], Move{Move: dsq.NewMove(dsq.C7, dsq.C6), Ply: 1})
	var refusal *Error
	require.True(t, errors.As(err, &refusal))
	assert.Equal(t, Illegal, refusal.Kind)
	assert.Equal(t, 0, before.Ply(), "the version read before is as it was")
	after, err := s.Get(ctx, before.ID)
	require.NoError(t, err)
	assert.Same(t, res.Game, after, "the cache holds the new version")
	assert.Equal(t, 1, after.Ply())
}

// TestChangeRetriesAStaleCache: two services on one database, the second
// unaware of the first's change (no notice between them): its change on
// the stale cached version fails to store and is made again on the stored
// one.
func TestChangeRetriesAStaleCache(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.db")
	a, b := serviceOn(t, file), serviceOn(t, file)
	ctx := context.Background()
	c, err := a.Create(ctx, Spec{Mode: "local"})
	require.NoError(t, err)
	id := c.Game.ID
	_, err = b.Get(ctx, id) // b caches version 1
	require.NoError(t, err)
	_, err = a.Change(ctx, id, c.Seats["red"], Move{Move: dsq.NewMove(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	// b's client saw version 1 too: its move is refused as stale, from the
	// stored version, not stored over a's.
	_, err = b.Change(ctx, id, c.Seats["red"], Move{Move: dsq.NewMove(dsq.G3, dsq.G4), Ply: 0})
	var refusal *Error
	require.True(t, errors.As(err, &refusal), "%v", err)
	assert.Equal(t, Conflict, refusal.Kind)
	// And b now has the stored version.
	g, err := b.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 1, g.Ply())
	res, err := b.Change(ctx, id, c.Seats["blue"], Move{Move: dsq.NewMove(dsq.A7, dsq.A6), Ply: 1})
	require.NoError(t, err)
	assert.Equal(t, 2, res.Game.Ply())
}

// TestLevels: the levels the service takes are those of Levels, and only
// an AI game has one.
func TestLevels(t *testing.T) {
	s := newService(t)
	ctx := context.Background()
	level := func(n int) *int { return &n }
	for _, n := range []int{0, -1, len(Levels) + 1} {
		_, err := s.Create(ctx, Spec{Mode: "ai", Level: level(n)})
		var refusal *Error
		require.True(t, errors.As(err, &refusal), "level %d", n)
		assert.Equal(t, Invalid, refusal.Kind)
		assert.Equal(t, "level must be 1 to 8", refusal.Message)
	}
	for _, l := range Levels {
		c, err := s.Create(ctx, Spec{Mode: "ai", Level: level(l.Number)})
		require.NoError(t, err)
		assert.Equal(t, l.Number, c.Game.Level)
	}
	c, err := s.Create(ctx, Spec{Mode: "ai"})
	require.NoError(t, err)
	assert.Equal(t, DefaultLevel, c.Game.Level)
	_, err = s.Create(ctx, Spec{Mode: "online", Level: level(3)})
	assert.Error(t, err, "only an AI game has a level")
	// A stored level the site no longer has is played at the nearest.
	assert.Equal(t, search.MaxLevel, s.searchOptions(&Game{Level: 99}).Level)
	assert.Equal(t, search.Level(1), s.searchOptions(&Game{Level: 0}).Level)
	// Two games at one level are seeded apart.
	assert.NotEqual(t, s.searchOptions(&Game{ID: "a", Level: 2}).Seed, s.searchOptions(&Game{ID: "b", Level: 2}).Seed)
}

// TestChangeRetriesOnASharedDatabase: on PostgreSQL, where other instances
// change games, a change refused on a cached version is tried again on the
// stored one, which the client may have seen already: here the second
// instance has not heard of the first's move (no listener), and the next
// move, made on the state the client saw, is taken.
func TestChangeRetriesOnASharedDatabase(t *testing.T) {
	dsn := os.Getenv("DSQ_TEST_POSTGRES")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("DSQ_TEST_POSTGRES is not set: CI must run this test on PostgreSQL")
		}
		t.Skip("DSQ_TEST_POSTGRES not set (a postgres:// URL)")
	}
	a, b := serviceOn(t, dsn), serviceOn(t, dsn)
	ctx := context.Background()
	c, err := a.Create(ctx, Spec{Mode: "online"})
	require.NoError(t, err)
	id := c.Game.ID
	_, err = b.Get(ctx, id) // b caches the game with a free seat
	require.NoError(t, err)
	res, err := a.Change(ctx, id, "", Join{Invite: c.Invite})
	require.NoError(t, err)
	blue := res.Seats["blue"]
	_, err = a.Change(ctx, id, c.Seats["red"], Move{Move: dsq.NewMove(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	// Blue's token is unknown to b's cached version, and so is Red's move.
	res, err = b.Change(ctx, id, blue, Move{Move: dsq.NewMove(dsq.A7, dsq.A6), Ply: 1})
	require.NoError(t, err)
	assert.Equal(t, 2, res.Game.Ply())
}
