package store_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The suite runs on SQLite always and on PostgreSQL when DSQ_TEST_POSTGRES
// holds its URL (under CI=true a missing URL fails).

func TestSQLite(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "games.db")
	suite(t, func(t *testing.T) store.Store { return open(t, file) })
}

func TestPostgres(t *testing.T) {
	t.Parallel()
	dsn := testenv.PostgresURL(t)
	suite(t, func(t *testing.T) store.Store { return open(t, dsn) })
}

func open(t *testing.T, dsn string) store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), dsn)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

func newID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func newGame(mode string) *store.Game {
	g := &store.Game{ID: newID(), Mode: mode, Record: []byte(`{"moves":[],"result":"*"}`),
		First: "red", ToMove: "red", RedSeat: "aa", BlueSeat: "bb"}
	if mode == "ai" {
		g.AIColor, g.Level, g.BlueSeat = "blue", 3, ""
	}
	return g
}

// finish gives g n moves and ends it (winner "" for a draw). The store
// keeps the record as it is given: these tests need no real game.
func finish(g *store.Game, n int, reason, winner string) {
	g.Record = fmt.Appendf(nil, `{"moves":%d,"result":%q}`, n, reason)
	g.Ply = n
	g.Over, g.Reason, g.Winner = true, reason, winner
}

func suite(t *testing.T, open func(t *testing.T) store.Store) {
	ctx := context.Background()

	t.Run("migrations run once", func(t *testing.T) {
		a := open(t)
		b := open(t) // a second open finds the schema in place
		g := newGame("local")
		require.NoError(t, a.Create(ctx, g))
		got, err := b.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, g.ID, got.ID)
	})

	t.Run("seen times and abort kept", func(t *testing.T) {
		s := open(t)
		g := newGame("online")
		seen := time.UnixMilli(time.Now().UnixMilli()).UTC()
		g.RedSeen = seen
		require.NoError(t, s.Create(ctx, g))
		got, err := s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, seen, got.RedSeen)
		assert.True(t, got.BlueSeen.IsZero(), "never seen")
		assert.False(t, got.Aborted)
		got.BlueSeen, got.Aborted = seen.Add(time.Second), true
		require.NoError(t, s.Update(ctx, got))
		again, err := s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, seen.Add(time.Second), again.BlueSeen)
		assert.True(t, again.Aborted)
	})

	t.Run("ping writes", func(t *testing.T) {
		s := open(t)
		require.NoError(t, s.Ping(ctx))
		require.NoError(t, s.Ping(ctx), "again: the same row")
		require.NoError(t, s.Close())
		assert.Error(t, s.Ping(ctx), "a closed database")
	})

	t.Run("create and get", func(t *testing.T) {
		s := open(t)
		g := newGame("ai")
		g.Record = []byte(`{"moves":["a3a4","a7a6"],"result":"*","drawOffer":"red"}`)
		g.Ply, g.DrawOffer = 2, "red"
		require.NoError(t, s.Create(ctx, g))
		assert.Equal(t, int64(1), g.Version)
		assert.WithinDuration(t, time.Now(), g.Created, time.Minute)
		got, err := s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, g, got)

		assert.ErrorIs(t, s.Create(ctx, g), store.ErrExists)
		_, err = s.Get(ctx, newID())
		assert.ErrorIs(t, err, store.ErrNotFound)
	})

	t.Run("update with versions", func(t *testing.T) {
		s := open(t)
		g := newGame("online")
		require.NoError(t, s.Create(ctx, g))
		stale := *g
		g.Record, g.Ply = []byte(`{"moves":["a3a4"],"result":"*"}`), 1
		g.ToMove = "blue"
		require.NoError(t, s.Update(ctx, g))
		assert.Equal(t, int64(2), g.Version)

		stale.Record, stale.Ply = []byte(`{"moves":["g3g4"],"result":"*"}`), 1
		assert.ErrorIs(t, s.Update(ctx, &stale), store.ErrConflict)
		assert.Equal(t, int64(1), stale.Version, "a refused update changes nothing")
		got, err := s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.JSONEq(t, `{"moves":["a3a4"],"result":"*"}`, string(got.Record))
		assert.Equal(t, 1, got.Ply)
		assert.Equal(t, int64(2), got.Version)

		missing := newGame("local")
		assert.ErrorIs(t, s.Update(ctx, missing), store.ErrNotFound)
	})

	t.Run("racing updates: one wins", func(t *testing.T) {
		s := open(t)
		g := newGame("online")
		require.NoError(t, s.Create(ctx, g))
		const n = 8
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() {
				c := *g
				c.Ply = 1
				errs[i] = s.Update(ctx, &c)
			})
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			if err == nil {
				won++
			} else {
				assert.ErrorIs(t, err, store.ErrConflict)
			}
		}
		assert.Equal(t, 1, won)
		got, err := s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, int64(2), got.Version)
	})

	t.Run("AI to move", func(t *testing.T) {
		s := open(t)
		waiting := newGame("ai")
		waiting.ToMove = "blue"
		player := newGame("ai")
		offered := newGame("ai") // the player's offer: the AI must answer it
		offered.DrawOffer = "red"
		over := newGame("ai")
		over.ToMove = "blue"
		finish(over, 3, "resignation", "red")
		local := newGame("local")
		local.ToMove = "blue"
		for _, g := range []*store.Game{waiting, player, offered, over, local} {
			require.NoError(t, s.Create(ctx, g))
		}
		ids, err := s.AIToMove(ctx, 1000)
		require.NoError(t, err)
		assert.Contains(t, ids, waiting.ID)
		assert.Contains(t, ids, offered.ID)
		for _, id := range []string{player.ID, over.ID, local.ID} {
			assert.NotContains(t, ids, id)
		}
	})

	t.Run("clock and rematch kept", func(t *testing.T) {
		s := open(t)
		g := newGame("online")
		g.ClockBase, g.ClockIncrement = 5*time.Minute, 3*time.Second
		g.RedLeft, g.BlueLeft = 5*time.Minute, 5*time.Minute
		require.NoError(t, s.Create(ctx, g))
		got, err := s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, g, got)

		started := time.UnixMilli(1_800_000_000_123).UTC()
		g.RedLeft, g.TurnStarted, g.Deadline = 4*time.Minute+1500*time.Millisecond, started, started.Add(5*time.Minute)
		g.RematchOffer, g.RematchID = "blue", newID()
		require.NoError(t, s.Update(ctx, g))
		got, err = s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, g, got)
	})

	t.Run("takeback requests kept", func(t *testing.T) {
		s := open(t)
		g := newGame("online")
		g.TakebackBy, g.Takebacks, g.TakebackDeclined = "blue", [2]int{1, 3}, [2]bool{true, false}
		require.NoError(t, s.Create(ctx, g))
		got, err := s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, g, got)

		g.TakebackBy, g.Takebacks, g.TakebackDeclined = "", [2]int{2, 3}, [2]bool{false, true}
		require.NoError(t, s.Update(ctx, g))
		got, err = s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, g, got)
	})

	t.Run("expired", func(t *testing.T) {
		s := open(t)
		at := time.UnixMilli(1_000_000_000_000).UTC() // 2001: before any other test's deadline
		late, later, running, untimed, over := newGame("online"), newGame("online"), newGame("online"), newGame("online"), newGame("online")
		late.Deadline, later.Deadline, running.Deadline = at.Add(-time.Minute), at, at.Add(time.Millisecond)
		over.Deadline = at.Add(-time.Hour)
		finish(over, 3, "time forfeit", "red")
		for _, g := range []*store.Game{later, late, running, untimed, over} {
			require.NoError(t, s.Create(ctx, g))
		}
		ids, err := s.Expired(ctx, at, 100_000)
		require.NoError(t, err)
		mine := map[string]bool{late.ID: true, later.ID: true, running.ID: true, untimed.ID: true, over.ID: true}
		var got []string
		for _, id := range ids { // a shared database holds other tests' games too
			if mine[id] {
				got = append(got, id)
			}
		}
		assert.Equal(t, []string{late.ID, later.ID}, got, "due games, the earliest first")
		ids, err = s.Expired(ctx, at, 1)
		require.NoError(t, err)
		assert.Len(t, ids, 1)
	})

	t.Run("reviews", func(t *testing.T) {
		s := open(t)
		over, playing := newGame("ai"), newGame("online")
		finish(over, 5, "den entered", "red")
		for _, g := range []*store.Game{over, playing} {
			require.NoError(t, s.Create(ctx, g))
		}
		now := time.Now()
		unreviewed := func(at time.Time) []string {
			ids, err := s.Unreviewed(ctx, at, 1000)
			require.NoError(t, err)
			assert.NotContains(t, ids, playing.ID, "a game not over has no review")
			return ids
		}
		assert.Contains(t, unreviewed(now), over.ID)
		review, claimed, err := s.Review(ctx, over.ID, now)
		require.NoError(t, err)
		assert.Nil(t, review)
		assert.False(t, claimed)

		ok, err := s.ClaimReview(ctx, over.ID, now, now.Add(time.Minute))
		require.NoError(t, err)
		assert.True(t, ok)
		ok, err = s.ClaimReview(ctx, over.ID, now, now.Add(time.Minute))
		require.NoError(t, err)
		assert.False(t, ok, "claimed already")
		_, claimed, err = s.Review(ctx, over.ID, now)
		require.NoError(t, err)
		assert.True(t, claimed)
		assert.NotContains(t, unreviewed(now), over.ID, "claimed")
		later := now.Add(2 * time.Minute) // the claim ran out (its process stopped)
		assert.Contains(t, unreviewed(later), over.ID)
		ok, err = s.ClaimReview(ctx, over.ID, later, later.Add(time.Minute))
		require.NoError(t, err)
		assert.True(t, ok, "a claim that ran out is taken over")

		require.NoError(t, s.ReleaseReview(ctx, over.ID))
		_, claimed, err = s.Review(ctx, over.ID, now)
		require.NoError(t, err)
		assert.False(t, claimed, "released")

		// Racing claims: one wins.
		const n = 8
		var wg sync.WaitGroup
		wins := make([]bool, n)
		for i := range n {
			wg.Go(func() {
				ok, err := s.ClaimReview(ctx, over.ID, now, now.Add(time.Minute))
				assert.NoError(t, err)
				wins[i] = ok
			})
		}
		wg.Wait()
		won := 0
		for _, ok := range wins {
			if ok {
				won++
			}
		}
		assert.Equal(t, 1, won)

		require.NoError(t, s.SaveReview(ctx, over.ID, []byte(`{"moves":[1]}`)))
		require.NoError(t, s.SaveReview(ctx, over.ID, []byte(`{"moves":[2]}`)), "a second review is no error")
		review, claimed, err = s.Review(ctx, over.ID, now)
		require.NoError(t, err)
		assert.JSONEq(t, `{"moves":[1]}`, string(review), "the first review stays")
		assert.False(t, claimed)
		ok, err = s.ClaimReview(ctx, over.ID, later, later.Add(time.Minute))
		require.NoError(t, err)
		assert.False(t, ok, "a stored review is never claimed again")
		assert.NotContains(t, unreviewed(later), over.ID)
		assert.Error(t, s.SaveReview(ctx, over.ID, nil), "an empty review is refused")

		ids, err := s.Unreviewed(ctx, now, 0)
		require.NoError(t, err)
		assert.Empty(t, ids, "the limit holds")
	})

	t.Run("listen", func(t *testing.T) {
		a, b := open(t), open(t)
		if !a.Shared() {
			assert.NoError(t, a.Listen(ctx, func(string) {}), "a private store returns at once")
			return
		}
		heard := make(chan string, 16)
		lctx, cancel := context.WithCancel(ctx)
		done := make(chan error)
		go func() { done <- b.Listen(lctx, func(id string) { heard <- id }) }()
		g := newGame("online")
		// The listener may not be connected yet: create until it hears.
		deadline := time.After(30 * time.Second)
		require.NoError(t, a.Create(ctx, g))
		for ok := false; !ok; {
			g.Ply++
			require.NoError(t, a.Update(ctx, g))
			select {
			case id := <-heard:
				ok = id == g.ID // "" (listening began) comes first
			case <-time.After(100 * time.Millisecond):
			case <-deadline:
				t.Fatal("no notification from the other store")
			}
		}
		cancel()
		assert.NoError(t, <-done)
	})
}

// TestStats fills a fresh database and checks every figure.
func TestStats(t *testing.T) {
	// Not parallel: on PostgreSQL it counts every game in the shared database, before and after.
	t.Run("sqlite", func(t *testing.T) {
		statsSuite(t, open(t, filepath.Join(t.TempDir(), "stats.db")))
	})
	t.Run("postgres", func(t *testing.T) {
		s := open(t, testenv.PostgresURL(t))
		statsSuite(t, s)
	})
}

func statsSuite(t *testing.T, s store.Store) {
	ctx := context.Background()
	before, err := s.Stats(ctx) // the PostgreSQL test database may hold games already
	require.NoError(t, err)

	add := func(mode string, n int, reason, winner, first string) {
		g := newGame(mode)
		g.First = first
		finish(g, n, reason, winner)
		require.NoError(t, s.Create(ctx, g))
	}
	add("ai", 10, "den entered", "red", "red")
	add("ai", 20, "resignation", "blue", "red")
	add("local", 30, "no-capture move limit", "", "red")
	add("online", 40, "den entered", "blue", "blue")
	add("online", 50, "agreed", "", "red")
	require.NoError(t, s.Create(ctx, newGame("online"))) // unfinished: not counted

	after, err := s.Stats(ctx)
	require.NoError(t, err)
	diff := func(a, b store.Stats) store.Stats {
		d := store.Stats{Games: b.Games - a.Games, RedWins: b.RedWins - a.RedWins,
			BlueWins: b.BlueWins - a.BlueWins, Draws: b.Draws - a.Draws,
			FirstPlayerWins:  b.FirstPlayerWins - a.FirstPlayerWins,
			SecondPlayerWins: b.SecondPlayerWins - a.SecondPlayerWins, ByReason: map[string]int{}}
		for k, v := range b.ByReason {
			if v != a.ByReason[k] {
				d.ByReason[k] = v - a.ByReason[k]
			}
		}
		return d
	}
	assert.Equal(t, store.Stats{Games: 5, RedWins: 1, BlueWins: 2, Draws: 2, FirstPlayerWins: 2, SecondPlayerWins: 1,
		ByReason: map[string]int{"den entered": 2, "resignation": 1, "no-capture move limit": 1, "agreed": 1}},
		diff(before.Overall, after.Overall))
	assert.Equal(t, store.Stats{Games: 2, RedWins: 1, BlueWins: 1, FirstPlayerWins: 1, SecondPlayerWins: 1,
		ByReason: map[string]int{"den entered": 1, "resignation": 1}},
		diff(before.ByMode["ai"], after.ByMode["ai"]))
	assert.Equal(t, store.Stats{Games: 2, BlueWins: 1, Draws: 1, FirstPlayerWins: 1,
		ByReason: map[string]int{"den entered": 1, "agreed": 1}},
		diff(before.ByMode["online"], after.ByMode["online"]))

	if before.Overall.Games == 0 { // a fresh database: the lengths are these games'
		require.NotNil(t, after.Overall.AverageMoves)
		assert.InDelta(t, 30.0, *after.Overall.AverageMoves, 1e-9)
		assert.Equal(t, 50, *after.Overall.MaxMoves)
		assert.Equal(t, 10, *after.Overall.MinMoves)
		assert.Equal(t, 15.0, *after.ByMode["ai"].AverageMoves)
		assert.Equal(t, 30, *after.ByMode["local"].MinMoves)
	}
}

func TestEmptyStats(t *testing.T) {
	t.Parallel()
	s := open(t, filepath.Join(t.TempDir(), "empty.db"))
	st, err := s.Stats(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 0, st.Overall.Games)
	assert.Nil(t, st.Overall.AverageMoves)
	assert.Nil(t, st.Overall.MaxMoves)
	for _, m := range store.Modes {
		assert.Contains(t, st.ByMode, m)
		assert.NotNil(t, st.ByMode[m].ByReason)
	}
}

func TestOpenErrors(t *testing.T) {
	t.Parallel()
	_, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "no-such-dir", "x.db"))
	assert.Error(t, err)
	_, err = store.Open(context.Background(), "")
	assert.Error(t, err)
	_, err = store.Open(context.Background(), filepath.Join(t.TempDir(), "x.db?mode=ro"))
	assert.Error(t, err)
	assert.False(t, errors.Is(err, store.ErrNotFound))
}
