package games

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/ai"
	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newService returns a service on a fresh SQLite file and a pool of one
// engine.
func newService(t *testing.T) *Service {
	t.Helper()
	return serviceOn(t, filepath.Join(t.TempDir(), "games.db"))
}

// serviceOn returns a service on the database dsn (a SQLite file or a
// postgres:// URL) and a pool of one engine, then applies opts to its
// Config; closed at the end of the test.
func serviceOn(t *testing.T, dsn string, opts ...func(*Config)) *Service {
	t.Helper()
	db, err := store.Open(context.Background(), dsn)
	require.NoError(t, err)
	pool := ai.New(1, 4, 1)
	t.Cleanup(func() {
		pool.Close(context.Background())
		db.Close()
	})
	cfg := Config{Store: db, Pool: pool, AITime: 200 * time.Millisecond}
	for _, o := range opts {
		o(&cfg)
	}
	return New(cfg)
}

// forEachStore runs test on a service on a fresh SQLite file, and on
// PostgreSQL ($DSQ_TEST_POSTGRES; skipped without it, failed under CI),
// the AI replying with no least reply time.
func forEachStore(t *testing.T, test func(t *testing.T, s *Service)) {
	noWait := func(c *Config) { c.MinReply = func(int) time.Duration { return 0 } }
	t.Run("sqlite", func(t *testing.T) {
		test(t, serviceOn(t, filepath.Join(t.TempDir(), "games.db"), noWait))
	})
	t.Run("postgres", func(t *testing.T) {
		test(t, serviceOn(t, testenv.PostgresURL(t), noWait))
	})
}

// refused asserts that err is a refusal with code and returns it.
func refused(t *testing.T, err error, code string) *Error {
	t.Helper()
	var e *Error
	require.True(t, errors.As(err, &e), "%v is not a refusal", err)
	assert.Equal(t, code, e.Code, "%v", err)
	return e
}

// stored returns game id as the database holds it, not the cache.
func stored(t *testing.T, s *Service, id string) *Game {
	t.Helper()
	g, err := s.load(context.Background(), id, true)
	require.NoError(t, err)
	return g
}

// storeAI writes an AI game at level 1 from start straight into s's store,
// the AI playing aiColor and the player holding the seat token "player".
func storeAI(t *testing.T, s *Service, aiColor dsq.Color, start string) *Game {
	t.Helper()
	pos, err := dsq.ParsePosition(start)
	require.NoError(t, err)
	play, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	g := &Game{ID: randomHex(), Mode: AI, play: play, AIColor: aiColor, Level: 1}
	g.seats[aiColor.Other()] = hashToken("player")
	r, err := g.row()
	require.NoError(t, err)
	require.NoError(t, s.cfg.Store.Create(context.Background(), r))
	return g
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

// TestChangeNeverChangesAVersion: a change makes a new version and leaves
// the one readers hold as it was, refused changes included.
func TestChangeNeverChangesAVersion(t *testing.T) {
	t.Parallel()
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
	assert.Equal(t, "water", refusal.Code)
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
	t.Parallel()
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
	assert.Equal(t, CodeConflict, refusal.Code)
	// And b now has the stored version.
	g, err := b.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 1, g.Ply())
	res, err := b.Change(ctx, id, c.Seats["blue"], Move{Move: dsq.NewMove(dsq.A7, dsq.A6), Ply: 1})
	require.NoError(t, err)
	assert.Equal(t, 2, res.Game.Ply())
}

// TestChangeRetriesOnASharedDatabase: on PostgreSQL, where other instances
// change games, a change refused on a cached version is tried again on the
// stored one, which the client may have seen already: here the second
// instance has not heard of the first's move (no listener), and the next
// move, made on the state the client saw, is taken.
func TestChangeRetriesOnASharedDatabase(t *testing.T) {
	t.Parallel()
	dsn := testenv.PostgresURL(t)
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
