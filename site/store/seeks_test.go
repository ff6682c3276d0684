package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSeeksSQLite(t *testing.T) {
	t.Parallel()
	seeksSuite(t, func(t *testing.T) store.Store { return open(t, filepath.Join(t.TempDir(), "games.db")) })
}

// TestSeeksPostgres runs each case on a database of its own (as SQLite
// does on a file of its own): its sweeps, at times of its own, must not
// expire the seeks of other tests' instances, nor its lists see theirs.
func TestSeeksPostgres(t *testing.T) {
	t.Parallel()
	seeksSuite(t, func(t *testing.T) store.Store { return open(t, ownDatabase(t, "dsq_seeks_")) })
}

// ownDatabase creates a PostgreSQL database for the test, dropped at its
// end, and returns its URL.
func ownDatabase(t *testing.T, prefix string) string {
	admin, err := sql.Open("pgx", testenv.PostgresURL(t))
	require.NoError(t, err)
	defer admin.Close()
	name := prefix + newID()[:12]
	_, err = admin.Exec("CREATE DATABASE " + name)
	require.NoError(t, err)
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", testenv.PostgresURL(t))
		if err == nil {
			admin.Exec("DROP DATABASE " + name + " WITH (FORCE)")
			admin.Close()
		}
	})
	u, err := url.Parse(testenv.PostgresURL(t))
	require.NoError(t, err)
	u.Path = "/" + name
	return u.String()
}

// lobbyT0 is the tests' time; a beat is a second, an instance stale after
// three.
var lobbyT0 = time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)

const lobbyBeat = time.Second

func staleAt(now time.Time) time.Time { return now.Add(-3 * lobbyBeat) }

var roomy = store.Limits{Player: 10, Total: 1000}

func seekOf(player, control string) *store.Seek {
	return &store.Seek{ID: newID(), Player: player, Name: "name of " + player, Rating: 1500,
		Provisional: true, Control: control, Rated: true, Seat: "seat-of-" + player}
}

// enter opens one lobby stream of player on instance at now.
func enter(t *testing.T, s store.Store, player, instance string, now time.Time) {
	t.Helper()
	_, err := s.SetLobby(context.Background(), player, instance, 1, now, staleAt(now))
	require.NoError(t, err)
}

// pairing makes an online game with the seeker red, the accepter blue
// (token "accepter"), counting its calls.
func pairing(calls *int, mu *sync.Mutex) store.Pairing {
	return func(sk *store.Seek) (*store.Game, string, error) {
		mu.Lock()
		*calls++
		mu.Unlock()
		g := newGame("online")
		g.RedSeat, g.BlueSeat = sk.Seat, "accepter-"+sk.ID
		return g, "red", nil
	}
}

func openIDs(t *testing.T, s store.Store, now time.Time) []string {
	t.Helper()
	open, _, err := s.Seeks(context.Background(), staleAt(now), 100)
	require.NoError(t, err)
	ids := []string{}
	for _, sk := range open {
		ids = append(ids, sk.ID)
	}
	return ids
}

func seeksSuite(t *testing.T, openStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	t.Run("PostListCancel", func(t *testing.T) {
		s := openStore(t)
		now := lobbyT0
		a, b := newID()[:16], newID()[:16]
		sk := seekOf(a, "5+3")
		assert.ErrorIs(t, s.PostSeek(ctx, sk, now, staleAt(now), roomy), store.ErrNoLobby, "no lobby stream: no seek")
		assert.Empty(t, openIDs(t, s, now))
		enter(t, s, a, "i1", now)
		require.NoError(t, s.PostSeek(ctx, sk, now, staleAt(now), roomy))
		assert.ErrorIs(t, s.PostSeek(ctx, sk, now, staleAt(now), roomy), store.ErrExists)
		open, _, err := s.Seeks(ctx, staleAt(now), 100)
		require.NoError(t, err)
		require.Len(t, open, 1)
		got := open[0]
		assert.Equal(t, store.Seek{ID: sk.ID, Player: a, Name: "name of " + a, Rating: 1500, Provisional: true,
			Control: "5+3", Rated: true, Seat: "seat-of-" + a, Created: now}, got)

		assert.ErrorIs(t, s.CancelSeek(ctx, sk.ID, b), store.ErrNotYourSeek)
		assert.Equal(t, []string{sk.ID}, openIDs(t, s, now), "another's cancel changes nothing")
		require.NoError(t, s.CancelSeek(ctx, sk.ID, a))
		assert.Empty(t, openIDs(t, s, now))
		assert.ErrorIs(t, s.CancelSeek(ctx, sk.ID, a), store.ErrSeekGone)
	})

	t.Run("Limits", func(t *testing.T) {
		s := openStore(t)
		now := lobbyT0
		a, b := newID()[:16], newID()[:16]
		enter(t, s, a, "i1", now)
		enter(t, s, b, "i1", now)
		lim := store.Limits{Player: 2, Total: 3}
		require.NoError(t, s.PostSeek(ctx, seekOf(a, "5+3"), now, staleAt(now), lim))
		require.NoError(t, s.PostSeek(ctx, seekOf(a, "3+2"), now, staleAt(now), lim))
		assert.ErrorIs(t, s.PostSeek(ctx, seekOf(a, "1d"), now, staleAt(now), lim), store.ErrTooManySeeks)
		_, err := s.QuickSeek(ctx, seekOf(a, "1d"), now, staleAt(now), lim, nil)
		assert.ErrorIs(t, err, store.ErrTooManySeeks, "quick pairing that would post counts too")
		require.NoError(t, s.PostSeek(ctx, seekOf(b, "5+3"), now, staleAt(now), lim))
		assert.ErrorIs(t, s.PostSeek(ctx, seekOf(b, "1d"), now, staleAt(now), lim), store.ErrLobbyFull)
		assert.Len(t, openIDs(t, s, now), 3)
	})

	t.Run("Accept", func(t *testing.T) {
		s := openStore(t)
		now := lobbyT0
		a, b := newID()[:16], newID()[:16]
		enter(t, s, a, "i1", now)
		enter(t, s, b, "i2", now)
		sk, other, bs := seekOf(a, "5+3"), seekOf(a, "10+5"), seekOf(b, "1d")
		for _, x := range []*store.Seek{sk, other, bs} {
			require.NoError(t, s.PostSeek(ctx, x, now, staleAt(now), roomy))
		}
		var calls int
		var mu sync.Mutex
		_, err := s.AcceptSeek(ctx, sk.ID, a, now, staleAt(now), pairing(&calls, &mu))
		assert.ErrorIs(t, err, store.ErrOwnSeek, "a player's own seek, from another tab")
		assert.Equal(t, 0, calls)

		paired, err := s.AcceptSeek(ctx, sk.ID, b, now, staleAt(now), pairing(&calls, &mu))
		require.NoError(t, err)
		assert.Equal(t, sk.ID, paired.ID)
		assert.Equal(t, "red", paired.Color)
		g, err := s.Get(ctx, paired.Game)
		require.NoError(t, err, "the game is created with the pairing")
		assert.Equal(t, "seat-of-"+a, g.RedSeat, "the seeker's seat from the seek row")
		assert.Empty(t, openIDs(t, s, now), "both players' other seeks are gone")
		_, pairedList, err := s.Seeks(ctx, staleAt(now), 100)
		require.NoError(t, err)
		require.Len(t, pairedList, 1)
		assert.Equal(t, paired.Game, pairedList[0].Game)
		assert.Equal(t, a, pairedList[0].Player)

		_, err = s.AcceptSeek(ctx, sk.ID, newID()[:16], now, staleAt(now), pairing(&calls, &mu))
		assert.ErrorIs(t, err, store.ErrSeekGone, "paired once")
		_, err = s.AcceptSeek(ctx, newID(), b, now, staleAt(now), pairing(&calls, &mu))
		assert.ErrorIs(t, err, store.ErrSeekGone, "no such seek")
		assert.Equal(t, 1, calls)
	})

	t.Run("AcceptRaceHasOneWinner", func(t *testing.T) {
		s := openStore(t)
		now := lobbyT0
		a := newID()[:16]
		enter(t, s, a, "i1", now)
		sk := seekOf(a, "5+3")
		require.NoError(t, s.PostSeek(ctx, sk, now, staleAt(now), roomy))
		var calls int
		var mu sync.Mutex
		var wg sync.WaitGroup
		results := make([]error, 12)
		games := make([]string, 12)
		for i := range results {
			wg.Go(func() {
				p, err := s.AcceptSeek(ctx, sk.ID, fmt.Sprintf("player%02d", i), now, staleAt(now), pairing(&calls, &mu))
				results[i] = err
				if p != nil {
					games[i] = p.Game
				}
			})
		}
		wg.Wait()
		won := 0
		for i, err := range results {
			if err == nil {
				won++
				_, gerr := s.Get(ctx, games[i])
				assert.NoError(t, gerr)
			} else {
				assert.ErrorIs(t, err, store.ErrSeekGone)
			}
		}
		assert.Equal(t, 1, won, "one accept wins")
		assert.Equal(t, 1, calls, "one game is made")
	})

	t.Run("QuickPairsThoseWhoAskAtOnce", func(t *testing.T) {
		s := openStore(t)
		now := lobbyT0
		const n = 10
		players := make([]string, n)
		for i := range players {
			players[i] = newID()[:16]
			enter(t, s, players[i], fmt.Sprintf("i%d", i%2), now)
		}
		var calls int
		var mu sync.Mutex
		var wg sync.WaitGroup
		paired := make([]*store.Seek, n)
		for i := range players {
			wg.Go(func() {
				p, err := s.QuickSeek(ctx, seekOf(players[i], "5+3"), now, staleAt(now), roomy, pairing(&calls, &mu))
				assert.NoError(t, err)
				paired[i] = p
			})
		}
		wg.Wait()
		inGame := map[string]int{}
		for i, p := range paired {
			if p != nil {
				assert.NotEqual(t, players[i], p.Player, "never paired with itself")
				inGame[players[i]]++
				inGame[p.Player]++
			}
		}
		assert.Equal(t, n/2, calls, "every two askers make one game")
		assert.Len(t, inGame, n, "every asker is in a game")
		for p, k := range inGame {
			assert.Equal(t, 1, k, "player %s in one game", p)
		}
		assert.Empty(t, openIDs(t, s, now), "nobody is left waiting")

		// One player alone, from two tabs: its second ask waits too.
		a := newID()[:16]
		enter(t, s, a, "i1", now)
		p, err := s.QuickSeek(ctx, seekOf(a, "3+2"), now, staleAt(now), roomy, pairing(&calls, &mu))
		require.NoError(t, err)
		assert.Nil(t, p)
		p, err = s.QuickSeek(ctx, seekOf(a, "3+2"), now, staleAt(now), roomy, pairing(&calls, &mu))
		require.NoError(t, err)
		assert.Nil(t, p, "not paired with its own seek")
		assert.Len(t, openIDs(t, s, now), 2)
		// Another control, or unrated against rated, does not match.
		b := newID()[:16]
		enter(t, s, b, "i1", now)
		unrated := seekOf(b, "3+2")
		unrated.Rated = false
		p, err = s.QuickSeek(ctx, unrated, now, staleAt(now), roomy, pairing(&calls, &mu))
		require.NoError(t, err)
		assert.Nil(t, p)
		p, err = s.QuickSeek(ctx, seekOf(b, "3+2"), now, staleAt(now), roomy, pairing(&calls, &mu))
		require.NoError(t, err)
		require.NotNil(t, p)
		assert.Equal(t, a, p.Player)
		assert.Empty(t, openIDs(t, s, now), "b's unrated seek and a's second go with the pairing")
	})

	t.Run("SeeksLiveWhileALobbyStreamIsOpen", func(t *testing.T) {
		s := openStore(t)
		now := lobbyT0
		a := newID()[:16]
		enter(t, s, a, "i1", now)
		enter(t, s, a, "i2", now) // a second tab, on another instance
		sk := seekOf(a, "5+3")
		require.NoError(t, s.PostSeek(ctx, sk, now, staleAt(now), roomy))
		n, err := s.SetLobby(ctx, a, "i1", 0, now, staleAt(now))
		require.NoError(t, err)
		assert.Equal(t, 0, n, "still open on i2")
		assert.Equal(t, []string{sk.ID}, openIDs(t, s, now))
		n, err = s.SetLobby(ctx, a, "i2", 0, now, staleAt(now))
		require.NoError(t, err)
		assert.Equal(t, 1, n, "the page left: its seek goes")
		assert.Empty(t, openIDs(t, s, now))
	})

	t.Run("AKilledInstanceTakesItsSeeks", func(t *testing.T) {
		s := openStore(t)
		now := lobbyT0
		a, b, c := newID()[:16], newID()[:16], newID()[:16]
		enter(t, s, a, "dead", now)
		enter(t, s, b, "alive", now)
		enter(t, s, c, "alive", now)
		sa, sb := seekOf(a, "5+3"), seekOf(b, "5+3")
		require.NoError(t, s.PostSeek(ctx, sa, now, staleAt(now), roomy))
		require.NoError(t, s.PostSeek(ctx, sb, now, staleAt(now), roomy))
		// Four beats on, "alive" has beaten, "dead" has not.
		later := now.Add(4 * lobbyBeat)
		require.NoError(t, s.BeatLobby(ctx, "alive", later))
		assert.Equal(t, []string{sb.ID}, openIDs(t, s, later), "a dead instance's seeks are not listed")
		var calls int
		var mu sync.Mutex
		_, err := s.AcceptSeek(ctx, sa.ID, c, later, staleAt(later), pairing(&calls, &mu))
		assert.ErrorIs(t, err, store.ErrSeekGone, "nor paired, even before the sweep")
		p, err := s.QuickSeek(ctx, seekOf(c, "5+3"), later, staleAt(later), roomy, pairing(&calls, &mu))
		require.NoError(t, err)
		assert.Equal(t, sb.ID, p.ID, "quick pairing passes over it too")
		n, err := s.SweepLobby(ctx, staleAt(later), later.Add(-time.Minute))
		require.NoError(t, err)
		assert.Equal(t, 1, n, "the sweep deletes it")
		// When a's page comes back on a live instance, its old seek stays gone.
		enter(t, s, a, "alive", later)
		assert.Empty(t, openIDs(t, s, later))
		_, paired, err := s.Seeks(ctx, staleAt(later), 100)
		require.NoError(t, err)
		assert.Len(t, paired, 1)
		_, err = s.SweepLobby(ctx, staleAt(later), later.Add(time.Millisecond))
		require.NoError(t, err)
		_, paired, err = s.Seeks(ctx, staleAt(later), 100)
		require.NoError(t, err)
		assert.Empty(t, paired, "paired seeks are forgotten in time")
	})

	t.Run("EndLobby", func(t *testing.T) {
		s := openStore(t)
		now := lobbyT0
		a, b := newID()[:16], newID()[:16]
		enter(t, s, a, "stopping", now)
		enter(t, s, b, "stopping", now)
		enter(t, s, b, "other", now)
		require.NoError(t, s.PostSeek(ctx, seekOf(a, "5+3"), now, staleAt(now), roomy))
		sb := seekOf(b, "5+3")
		require.NoError(t, s.PostSeek(ctx, sb, now, staleAt(now), roomy))
		require.NoError(t, s.EndLobby(ctx, "stopping", staleAt(now)))
		assert.Equal(t, []string{sb.ID}, openIDs(t, s, now), "b is still in the lobby on another instance")
	})
}

// TestSeeksAnnounceChangesPostgres: a change of the lobby reaches Listen
// as LobbyChanged (a pairing with its game's id too); a beat or a sweep
// that changes no seek says nothing, so that the instances' beats do not
// have every instance read the lobby every beat.
func TestSeeksAnnounceChangesPostgres(t *testing.T) {
	t.Parallel()
	s := open(t, ownDatabase(t, "dsq_seeks_"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	heard := make(chan string, 100)
	go s.Listen(ctx, func(id string) { heard <- id })
	require.Equal(t, "", <-heard, "listening")
	next := func() string {
		select {
		case id := <-heard:
			return id
		case <-time.After(10 * time.Second):
			return "nothing"
		}
	}
	now := lobbyT0
	a, b := newID()[:16], newID()[:16]
	enter(t, s, a, "i1", now)
	_, err := s.SweepLobby(ctx, staleAt(now), now.Add(-time.Hour))
	require.NoError(t, err)
	require.NoError(t, s.BeatLobby(ctx, "i1", now))
	marker := newGame("online") // announced in commit order: nothing comes before it
	require.NoError(t, s.Create(ctx, marker))
	assert.Equal(t, marker.ID, next(), "the beat and the sweep said nothing")
	sk := seekOf(a, "5+3")
	require.NoError(t, s.PostSeek(ctx, sk, now, staleAt(now), roomy))
	assert.Equal(t, store.LobbyChanged, next(), "the post")
	var calls int
	var mu sync.Mutex
	p, err := s.AcceptSeek(ctx, sk.ID, b, now, staleAt(now), pairing(&calls, &mu))
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{p.Game, store.LobbyChanged}, []string{next(), next()})
}
