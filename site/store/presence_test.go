package store_test

import (
	"context"
	"database/sql"
	"net/url"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPresenceSQLite(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "games.db")
	presenceSuite(t, func(t *testing.T) store.Store { return open(t, file) })
}

// TestPresencePostgres runs on a database of its own: its sweeps, at times
// of its own, must not close the records of other tests' instances alive on
// the test database, nor theirs its records.
func TestPresencePostgres(t *testing.T) {
	t.Parallel()
	admin, err := sql.Open("pgx", testenv.PostgresURL(t))
	require.NoError(t, err)
	defer admin.Close()
	name := "dsq_presence_" + newID()[:12]
	_, err = admin.Exec("CREATE DATABASE " + name)
	require.NoError(t, err)
	t.Cleanup(func() { admin.Exec("DROP DATABASE " + name + " WITH (FORCE)") })
	u, err := url.Parse(testenv.PostgresURL(t))
	require.NoError(t, err)
	u.Path = "/" + name
	presenceSuite(t, func(t *testing.T) store.Store { return open(t, u.String()) })
}

// byInstance sorts records by instance then colour, for comparing.
func byInstance(ps []store.Presence) []store.Presence {
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].Instance != ps[j].Instance {
			return ps[i].Instance < ps[j].Instance
		}
		return ps[i].Color < ps[j].Color
	})
	return ps
}

func presenceSuite(t *testing.T, open func(t *testing.T) store.Store) {
	ctx := context.Background()
	at := func(sec int) time.Time { return time.Date(2000, 1, 1, 0, 0, sec, 0, time.UTC) }

	t.Run("records by instance", func(t *testing.T) {
		a, b := open(t), open(t)
		id, other := newID(), newID()
		i1, i2 := "i1-"+newID(), "i2-"+newID()
		got, err := a.GamePresence(ctx, id)
		require.NoError(t, err)
		assert.Empty(t, got, "nobody yet")

		require.NoError(t, a.SetPresence(ctx, store.Presence{Game: id, Color: "red", Instance: i1, Streams: 2, Seen: at(1)}))
		require.NoError(t, b.SetPresence(ctx, store.Presence{Game: id, Color: "red", Instance: i2, Streams: 0, Seen: at(2), Left: at(3)}))
		require.NoError(t, b.SetPresence(ctx, store.Presence{Game: other, Color: "red", Instance: i2, Streams: 1, Seen: at(2)}))
		got, err = b.GamePresence(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, []store.Presence{
			{Game: id, Color: "red", Instance: i1, Streams: 2, Seen: at(1)},
			{Game: id, Color: "red", Instance: i2, Streams: 0, Seen: at(2), Left: at(3)},
		}, byInstance(got), "each instance's own, another game's apart")

		require.NoError(t, a.SetPresence(ctx,
			store.Presence{Game: id, Color: "red", Instance: i1, Streams: 0, Seen: at(4), Left: at(4)},
			store.Presence{Game: id, Color: "blue", Instance: i1, Streams: 1, Seen: at(5)}))
		require.NoError(t, a.SetPresence(ctx), "none: nothing to write")
		got, err = a.GamePresence(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, []store.Presence{
			{Game: id, Color: "blue", Instance: i1, Streams: 1, Seen: at(5)},
			{Game: id, Color: "red", Instance: i1, Streams: 0, Seen: at(4), Left: at(4)},
			{Game: id, Color: "red", Instance: i2, Streams: 0, Seen: at(2), Left: at(3)},
		}, byInstance(got), "a write replaces the instance's records of those seats")
	})

	t.Run("beat, sweep, end", func(t *testing.T) {
		s := open(t)
		id := newID()
		alive, dead, ending := "alive-"+newID(), "dead-"+newID(), "ending-"+newID()
		set := func(p store.Presence) { p.Game = id; require.NoError(t, s.SetPresence(ctx, p)) }
		set(store.Presence{Color: "red", Instance: alive, Streams: 1, Seen: at(10)})
		set(store.Presence{Color: "blue", Instance: alive, Streams: 0, Seen: at(10), Left: at(11)})
		set(store.Presence{Color: "blue", Instance: dead, Streams: 3, Seen: at(12), Left: at(5)})
		set(store.Presence{Color: "red", Instance: dead, Streams: 0, Seen: at(1), Left: at(2)})
		set(store.Presence{Color: "red", Instance: ending, Streams: 1, Seen: at(25)})

		n, err := s.BeatPresence(ctx, alive, at(30))
		require.NoError(t, err)
		assert.Equal(t, 1, n, "only the records with streams open")
		n, err = s.BeatPresence(ctx, "nobody-"+newID(), at(30))
		require.NoError(t, err)
		assert.Zero(t, n)

		// Silent since before 20: the dead instance's open record closes at
		// its last beat; closed before 3: deleted.
		require.NoError(t, s.SweepPresence(ctx, at(20), at(3)))
		require.NoError(t, s.EndPresence(ctx, ending, at(40)))
		got, err := s.GamePresence(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, []store.Presence{
			{Game: id, Color: "blue", Instance: alive, Streams: 0, Seen: at(10), Left: at(11)},
			{Game: id, Color: "red", Instance: alive, Streams: 1, Seen: at(30)},
			{Game: id, Color: "blue", Instance: dead, Streams: 0, Seen: at(12), Left: at(12)},
			{Game: id, Color: "red", Instance: ending, Streams: 0, Seen: at(25), Left: at(40)},
		}, byInstance(got))
	})

	t.Run("listen hears presence", func(t *testing.T) {
		a, b := open(t), open(t)
		if !a.Shared() {
			return // one process: nobody else to tell
		}
		heard := make(chan string, 64)
		lctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go b.Listen(lctx, func(id string) { heard <- id })
		id, instance := newID(), "i-"+newID()
		wait := func(what string, write func()) {
			t.Helper()
			deadline := time.After(30 * time.Second)
			for {
				write() // the listener may not be connected yet: write until it hears
				select {
				case got := <-heard:
					if got == id {
						return
					}
				case <-time.After(100 * time.Millisecond):
				case <-deadline:
					t.Fatalf("%s: no notification", what)
				}
			}
		}
		streams := 0
		wait("set", func() {
			streams++
			require.NoError(t, a.SetPresence(ctx, store.Presence{Game: id, Color: "red", Instance: instance, Streams: streams, Seen: at(1)}))
		})
		wait("sweep", func() {
			require.NoError(t, a.SetPresence(ctx, store.Presence{Game: id, Color: "red", Instance: instance, Streams: 1, Seen: at(1)}))
			for len(heard) > 0 {
				<-heard // the set's
			}
			require.NoError(t, a.SweepPresence(ctx, at(2), at(0)))
		})
		wait("end", func() {
			require.NoError(t, a.SetPresence(ctx, store.Presence{Game: id, Color: "red", Instance: instance, Streams: 1, Seen: at(1)}))
			for len(heard) > 0 {
				<-heard
			}
			require.NoError(t, a.EndPresence(ctx, instance, at(3)))
		})
	})
}
