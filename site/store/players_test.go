package store_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPlayersSQLite(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "games.db")
	playersSuite(t, func(t *testing.T) store.Store { return open(t, file) })
}

func TestPlayersPostgres(t *testing.T) {
	t.Parallel()
	dsn := testenv.PostgresURL(t)
	playersSuite(t, func(t *testing.T) store.Store { return open(t, dsn) })
}

func newPlayer(t *testing.T, s store.Store) *store.Player {
	t.Helper()
	p := &store.Player{ID: newID()[:16], Token: newID() + newID()}
	require.NoError(t, s.CreatePlayer(context.Background(), p))
	return p
}

// ratedGame is a finished online game between red and blue, rated in
// blitz, red winning.
func ratedGame(red, blue string) *store.Game {
	g := newGame("online")
	finish(g, 9, "resignation", "red")
	g.RedPlayer, g.BluePlayer, g.RedName, g.BlueName = red, blue, "Alice", "Bob"
	g.Rated, g.RatingClass = true, "blitz"
	return g
}

// fixedRate is a rate function for RateGame: each player gains (red) or
// loses (blue) 10 points and counts one game more; it counts its calls.
type fixedRate struct {
	mu    sync.Mutex
	calls int
	seen  [2]*store.Rating
}

func (f *fixedRate) rate(g *store.Game, red, blue *store.Rating) (*store.RatingUpdate, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	f.seen = [2]*store.Rating{red, blue}
	r, b := store.Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}, store.Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}
	if red != nil {
		r = *red
	}
	if blue != nil {
		b = *blue
	}
	r.Rating, b.Rating = r.Rating+10, b.Rating-10
	r.Games, b.Games = r.Games+1, b.Games+1
	return &store.RatingUpdate{Red: r, Blue: b, RedChange: 10, BlueChange: -10}, nil
}

func playersSuite(t *testing.T, open func(t *testing.T) store.Store) {
	ctx := context.Background()

	t.Run("create and find a player", func(t *testing.T) {
		s := open(t)
		p := newPlayer(t, s)
		assert.WithinDuration(t, time.Now(), p.Created, time.Minute)
		byID, err := s.Player(ctx, p.ID)
		require.NoError(t, err)
		assert.Equal(t, p, byID)
		byToken, err := s.PlayerByToken(ctx, p.Token)
		require.NoError(t, err)
		assert.Equal(t, p, byToken)

		_, err = s.Player(ctx, newID()[:16])
		assert.ErrorIs(t, err, store.ErrNoPlayer)
		_, err = s.PlayerByToken(ctx, "nope")
		assert.ErrorIs(t, err, store.ErrNoPlayer)
		assert.ErrorIs(t, s.CreatePlayer(ctx, &store.Player{ID: p.ID, Token: "other"}), store.ErrExists, "id taken")
		assert.ErrorIs(t, s.CreatePlayer(ctx, &store.Player{ID: newID()[:16], Token: p.Token}), store.ErrExists, "token taken")
	})

	t.Run("a name's skeleton is one player's", func(t *testing.T) {
		s := open(t)
		a, b := newPlayer(t, s), newPlayer(t, s)
		skel := "skel" + newID()
		at := time.UnixMilli(time.Now().UnixMilli()).UTC()
		require.NoError(t, s.RenamePlayer(ctx, a.ID, "Alice", skel, at))
		assert.ErrorIs(t, s.RenamePlayer(ctx, b.ID, "ALICE", skel, at), store.ErrNameTaken)
		got, err := s.Player(ctx, b.ID)
		require.NoError(t, err)
		assert.Equal(t, "", got.Name, "refused: unchanged")
		require.NoError(t, s.RenamePlayer(ctx, a.ID, "alice", skel, at), "its own name, written otherwise")
		got, err = s.Player(ctx, a.ID)
		require.NoError(t, err)
		assert.Equal(t, "alice", got.Name)
		assert.Equal(t, at, got.Renamed)
		assert.ErrorIs(t, s.RenamePlayer(ctx, newID()[:16], "Carol", "carol"+newID(), at), store.ErrNoPlayer)

		// Once a renames, its old name is free.
		require.NoError(t, s.RenamePlayer(ctx, a.ID, "Alicia", skel+"x", at))
		require.NoError(t, s.RenamePlayer(ctx, b.ID, "Alice", skel, at))
	})

	t.Run("of players racing for one name one gets it", func(t *testing.T) {
		a, b := open(t), open(t) // two connections' pools, as two instances
		skel := "race" + newID()
		players := make([]*store.Player, 8)
		for i := range players {
			players[i] = newPlayer(t, a)
		}
		var wg sync.WaitGroup
		errs := make([]error, len(players))
		for i, p := range players {
			s := a
			if i%2 == 1 {
				s = b
			}
			wg.Go(func() { errs[i] = s.RenamePlayer(ctx, p.ID, "Racer", skel, time.Now()) })
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			if err == nil {
				won++
			} else {
				assert.ErrorIs(t, err, store.ErrNameTaken)
			}
		}
		assert.Equal(t, 1, won)
	})

	t.Run("game players kept", func(t *testing.T) {
		s := open(t)
		g := ratedGame("aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb")
		g.Over, g.Reason, g.Winner = false, "", ""
		g.RedRating, g.BlueRating, g.RedProvisional = 1512, 1490, true
		require.NoError(t, s.Create(ctx, g))
		got, err := s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, g, got)
		got.BlueName, got.BlueRating, got.Rated = "Robert", 1600, false
		require.NoError(t, s.Update(ctx, got))
		again, err := s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, got, again)
	})

	t.Run("a rated game rates once", func(t *testing.T) {
		s := open(t)
		red, blue := newPlayer(t, s), newPlayer(t, s)
		g := ratedGame(red.ID, blue.ID)
		require.NoError(t, s.Create(ctx, g))
		ids, err := s.Unrated(ctx, 1000)
		require.NoError(t, err)
		assert.Contains(t, ids, g.ID)

		f := &fixedRate{}
		done, err := s.RateGame(ctx, g.ID, time.Now(), f.rate)
		require.NoError(t, err)
		assert.True(t, done)
		assert.Equal(t, [2]*store.Rating{nil, nil}, f.seen, "new players: no ratings yet")
		got, err := s.Get(ctx, g.ID)
		require.NoError(t, err)
		assert.True(t, got.RatedDone)
		assert.Equal(t, 10, got.RedChange)
		assert.Equal(t, -10, got.BlueChange)
		assert.Equal(t, g.Version+1, got.Version, "a change of the game")
		rs, err := s.Ratings(ctx, red.ID)
		require.NoError(t, err)
		require.Len(t, rs, 1)
		assert.Equal(t, "blitz", rs[0].Class)
		assert.InDelta(t, 1510, rs[0].Rating, 1e-9)
		assert.Equal(t, 1, rs[0].Games)

		done, err = s.RateGame(ctx, g.ID, time.Now(), f.rate)
		require.NoError(t, err)
		assert.False(t, done, "rated already")
		assert.Equal(t, 1, f.calls)
		ids, err = s.Unrated(ctx, 1000)
		require.NoError(t, err)
		assert.NotContains(t, ids, g.ID)

		// The next game reads the ratings the first one left.
		g2 := ratedGame(red.ID, blue.ID)
		require.NoError(t, s.Create(ctx, g2))
		done, err = s.RateGame(ctx, g2.ID, time.Now(), f.rate)
		require.NoError(t, err)
		assert.True(t, done)
		require.NotNil(t, f.seen[0])
		assert.InDelta(t, 1510, f.seen[0].Rating, 1e-9)
		assert.InDelta(t, 1490, f.seen[1].Rating, 1e-9)
		rs, err = s.Ratings(ctx, blue.ID)
		require.NoError(t, err)
		assert.InDelta(t, 1480, rs[0].Rating, 1e-9)
		assert.Equal(t, 2, rs[0].Games)
	})

	t.Run("racing instances rate a game once", func(t *testing.T) {
		a, b := open(t), open(t)
		red, blue := newPlayer(t, a), newPlayer(t, a)
		g := ratedGame(red.ID, blue.ID)
		require.NoError(t, a.Create(ctx, g))
		f := &fixedRate{}
		var wg sync.WaitGroup
		results := make([]bool, 6)
		for i := range results {
			s := a
			if i%2 == 1 {
				s = b
			}
			wg.Go(func() {
				done, err := s.RateGame(ctx, g.ID, time.Now(), f.rate)
				assert.NoError(t, err)
				results[i] = done
			})
		}
		wg.Wait()
		n := 0
		for _, done := range results {
			if done {
				n++
			}
		}
		assert.Equal(t, 1, n)
		assert.Equal(t, 1, f.calls)
		rs, err := a.Ratings(ctx, red.ID)
		require.NoError(t, err)
		assert.InDelta(t, 1510, rs[0].Rating, 1e-9, "one game's gain")
	})

	t.Run("one player's games ending at once rate one after the other", func(t *testing.T) {
		a, b := open(t), open(t)
		p, q := newPlayer(t, a), newPlayer(t, a)
		var ids []string
		for i := range 6 {
			g := ratedGame(p.ID, q.ID)
			if i%2 == 1 {
				g.RedPlayer, g.BluePlayer = q.ID, p.ID // the other way round: no circle of locks
			}
			require.NoError(t, a.Create(ctx, g))
			ids = append(ids, g.ID)
		}
		f := &fixedRate{}
		var wg sync.WaitGroup
		for i, id := range ids {
			s := a
			if i%2 == 1 {
				s = b
			}
			wg.Go(func() {
				done, err := s.RateGame(ctx, id, time.Now(), f.rate)
				assert.NoError(t, err)
				assert.True(t, done)
			})
		}
		wg.Wait()
		for _, id := range []string{p.ID, q.ID} {
			rs, err := a.Ratings(ctx, id)
			require.NoError(t, err)
			require.Len(t, rs, 1)
			assert.Equal(t, 6, rs[0].Games, "no game's update lost")
			assert.InDelta(t, 1500, rs[0].Rating, 1e-9, "three won, three lost, each counted")
		}
	})

	t.Run("games that never rate", func(t *testing.T) {
		s := open(t)
		red, blue := newPlayer(t, s), newPlayer(t, s)
		cases := map[string]func(g *store.Game){
			"aborted":    func(g *store.Game) { g.Over, g.Reason, g.Winner, g.Aborted = false, "", "", true },
			"unfinished": func(g *store.Game) { g.Over, g.Reason, g.Winner = false, "", "" },
			"unrated":    func(g *store.Game) { g.Rated = false },
			"no class":   func(g *store.Game) { g.RatingClass = "" },
			"one player": func(g *store.Game) { g.BluePlayer = g.RedPlayer },
			"no player":  func(g *store.Game) { g.BluePlayer = "" },
		}
		f := &fixedRate{}
		for name, change := range cases {
			g := ratedGame(red.ID, blue.ID)
			change(g)
			require.NoError(t, s.Create(ctx, g))
			done, err := s.RateGame(ctx, g.ID, time.Now(), f.rate)
			require.NoError(t, err)
			assert.False(t, done, name)
			ids, err := s.Unrated(ctx, 1000)
			require.NoError(t, err)
			assert.NotContains(t, ids, g.ID, name)
		}
		assert.Equal(t, 0, f.calls)
		rs, err := s.Ratings(ctx, red.ID)
		require.NoError(t, err)
		assert.Empty(t, rs)
	})

	t.Run("games to watch, best rated first", func(t *testing.T) {
		s := open(t)
		now := time.Now()
		mk := func(red, blue int, change func(g *store.Game)) *store.Game {
			g := newGame("online")
			g.RedRating, g.BlueRating = red, blue
			g.Deadline = now.Add(time.Hour)
			if change != nil {
				change(g)
			}
			require.NoError(t, s.Create(ctx, g))
			return g
		}
		low := mk(1400, 1400, nil)
		high := mk(1900, 1800, nil)
		mid := mk(1500, 1500, func(g *store.Game) { g.Deadline = time.Time{} }) // no clock, changed now
		mk(2500, 2500, func(g *store.Game) { finish(g, 3, "resignation", "red") })
		mk(2500, 2500, func(g *store.Game) { g.Aborted = true })
		mk(2500, 2500, func(g *store.Game) { g.BlueSeat = "" })
		mk(2500, 2500, func(g *store.Game) { g.Mode = "local" })
		got, err := s.Watchable(ctx, now.Add(-time.Hour), 100)
		require.NoError(t, err)
		var ids []string
		for _, g := range got {
			if g.ID == low.ID || g.ID == high.ID || g.ID == mid.ID {
				ids = append(ids, g.ID)
			} else {
				assert.Less(t, g.RedRating, 2500, "not to watch: %+v", g) // another test's game
			}
		}
		assert.Equal(t, []string{high.ID, mid.ID, low.ID}, ids)
		got, err = s.Watchable(ctx, now.Add(time.Hour), 100)
		require.NoError(t, err)
		for _, g := range got {
			assert.NotEqual(t, mid.ID, g.ID, "no clock, unchanged since active")
		}
	})
}
