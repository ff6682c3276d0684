package live

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPresence: a seat is connected while one of its streams is open, away
// since its last one closed, and away since the hub's start if it never
// had one; each arrival and departure tells the game's watchers.
func TestPresence(t *testing.T) {
	h := New(10)
	at := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	h.now = func() time.Time { return at }
	ctx := context.Background()
	seen := func(id, color string) Seen {
		t.Helper()
		seats, err := h.Presence(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, seats, h.PresenceHere(id), "a hub that does not share: the same")
		return seats[color]
	}
	assert.Equal(t, Seen{Since: h.started}, seen("g", "red"), "never seen: away since the start")

	sub, err := h.Subscribe("g")
	require.NoError(t, err)
	leave1 := h.Arrive("g", "red")
	leave2 := h.Arrive("g", "red") // a second tab
	<-sub.C
	assert.Equal(t, Seen{Connected: true}, seen("g", "red"))
	assert.False(t, seen("g", "blue").Connected, "the other seat is apart")
	assert.False(t, seen("other", "red").Connected, "and so is the same colour of another game")

	leave1()
	leave1() // twice: once
	assert.True(t, seen("g", "red").Connected, "one tab still open")
	at = at.Add(time.Minute)
	leave2()
	<-sub.C
	assert.Equal(t, Seen{Since: at}, seen("g", "red"))

	at = at.Add(presenceKept + time.Second)
	h.forgetPresence(presenceKept)
	assert.Equal(t, Seen{Since: h.started}, seen("g", "red"), "forgotten after a day")
}

// memPresence is a PresenceStore in memory, as a database shared by
// instances: each write that changes a record announces its game to
// changed, as the database's notifications do.
type memPresence struct {
	mu      sync.Mutex
	records map[[3]string]Record // by game, colour, instance
	reads   int
	fail    bool
	changed func(id string)
}

var errDown = errors.New("the database is down")

func newMemPresence() *memPresence {
	return &memPresence{records: map[[3]string]Record{}, changed: func(string) {}}
}

// change runs f on the records and announces the games it names.
func (m *memPresence) change(f func() []string) error {
	m.mu.Lock()
	if m.fail {
		m.mu.Unlock()
		return errDown
	}
	ids := f()
	changed := m.changed
	m.mu.Unlock()
	for _, id := range ids {
		changed(id)
	}
	return nil
}

func (m *memPresence) SetPresence(_ context.Context, records ...Record) error {
	return m.change(func() []string {
		var ids []string
		for _, r := range records {
			m.records[[3]string{r.Game, r.Color, r.Instance}] = r
			ids = append(ids, r.Game)
		}
		return ids
	})
}

func (m *memPresence) BeatPresence(_ context.Context, instance string, now time.Time) (int, error) {
	n := 0
	err := m.change(func() []string {
		for k, r := range m.records {
			if r.Instance == instance && r.Streams > 0 {
				r.Seen = now
				m.records[k] = r
				n++
			}
		}
		return nil
	})
	return n, err
}

func (m *memPresence) SweepPresence(_ context.Context, stale, forget time.Time) error {
	return m.change(func() []string {
		var ids []string
		for k, r := range m.records {
			switch {
			case r.Streams > 0 && r.Seen.Before(stale):
				r.Streams, r.Left = 0, r.Seen
				m.records[k] = r
				ids = append(ids, r.Game)
			case r.Streams == 0 && r.Left.Before(forget):
				delete(m.records, k)
			}
		}
		return ids
	})
}

func (m *memPresence) EndPresence(_ context.Context, instance string, now time.Time) error {
	return m.change(func() []string {
		var ids []string
		for k, r := range m.records {
			if r.Instance == instance && r.Streams > 0 {
				r.Streams, r.Left = 0, now
				m.records[k] = r
				ids = append(ids, r.Game)
			}
		}
		return ids
	})
}

func (m *memPresence) GamePresence(_ context.Context, id string) ([]Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reads++
	if m.fail {
		return nil, errDown
	}
	var out []Record
	for _, r := range m.records {
		if r.Game == id {
			out = append(out, r)
		}
	}
	return out, nil
}

func (m *memPresence) record(id, color, instance string) (Record, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.records[[3]string{id, color, instance}]
	return r, ok
}

func (m *memPresence) setFail(fail bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.fail = fail
}

func (m *memPresence) readCount() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.reads
}

// cutOff is an instance's way to a PresenceStore, which the test cuts as a
// kill -9 would: every call fails.
type cutOff struct {
	PresenceStore
	off atomic.Bool
}

func (c *cutOff) SetPresence(ctx context.Context, records ...Record) error {
	if c.off.Load() {
		return errDown
	}
	return c.PresenceStore.SetPresence(ctx, records...)
}

func (c *cutOff) BeatPresence(ctx context.Context, instance string, now time.Time) (int, error) {
	if c.off.Load() {
		return 0, errDown
	}
	return c.PresenceStore.BeatPresence(ctx, instance, now)
}

// instances are hubs on one shared presence, with one clock, whose beats
// and writes the test makes (as their Share goroutines would).
type instances struct {
	store *memPresence
	at    time.Time
	mu    sync.Mutex
}

func (in *instances) now() time.Time {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.at
}

func (in *instances) advance(d time.Duration) {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.at = in.at.Add(d)
}

const testBeat = time.Second

func (in *instances) hub(t *testing.T) (*Hub, *sharing, *cutOff) {
	h := New(10)
	h.now = in.now
	h.started = in.now()
	way := &cutOff{PresenceStore: in.store}
	sh := h.startSharing(way, testBeat, nil)
	require.NotNil(t, sh)
	return h, sh, way
}

// TestSharedPresence: hubs sharing presence see one another's seat
// holders: connected while a stream is open on any of them, away since
// the last one closed anywhere; an instance gone silent stops counting
// after staleBeats beats, away since its last beat; its records, lost
// while it could not beat, are written again once it can.
func TestSharedPresence(t *testing.T) {
	ctx := context.Background()
	in := &instances{store: newMemPresence(), at: time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)}
	a, shA, _ := in.hub(t)
	in.advance(time.Minute) // b started later
	b, shB, wayB := in.hub(t)
	seen := func(h *Hub) map[string]Seen {
		t.Helper()
		seats, err := h.Presence(ctx, "g")
		require.NoError(t, err)
		return seats
	}

	leaveRed := b.Arrive("g", "red")
	assert.Equal(t, Seen{Since: a.started}, seen(a)["red"], "not written yet")
	b.flushPresence(ctx, shB)
	assert.Equal(t, map[string]Seen{"red": {Connected: true}, "blue": {Since: a.started}}, seen(a), "on b: connected on a too")
	assert.Equal(t, map[string]Seen{"red": {Since: a.started}, "blue": {Since: a.started}}, a.PresenceHere("g"), "not here")

	leaveBlue := a.Arrive("g", "blue")
	leaveRedA := a.Arrive("g", "red")
	reads := in.store.readCount()
	assert.Equal(t, map[string]Seen{"red": {Connected: true}, "blue": {Connected: true}}, seen(a))
	assert.Equal(t, reads, in.store.readCount(), "both seats here: no read")
	leaveRedA()
	leaveBlue()
	a.flushPresence(ctx, shA)
	assert.True(t, seen(a)["red"].Connected, "gone from a, still on b")

	in.advance(time.Second)
	leaveRed()
	b.flushPresence(ctx, shB)
	assert.Equal(t, Seen{Since: in.now()}, seen(a)["red"], "left b last: away since then")
	assert.Equal(t, Seen{Since: in.now().Add(-time.Second)}, seen(b)["blue"], "left a: b knows since when")

	// b beats, then is cut off from the database as if killed.
	b.Arrive("g", "red")
	b.flushPresence(ctx, shB)
	in.advance(testBeat)
	b.beatPresence(ctx, shB)
	lastBeat := in.now()
	wayB.off.Store(true)
	in.advance(staleBeats * testBeat)
	assert.True(t, seen(a)["red"].Connected, "silent for staleBeats beats: still counted")
	in.advance(time.Millisecond)
	assert.Equal(t, Seen{Since: lastBeat}, seen(a)["red"], "silent longer: away since its last beat")

	announced := make(chan string, 4)
	in.store.mu.Lock()
	in.store.changed = func(id string) { announced <- id }
	in.store.mu.Unlock()
	a.beatPresence(ctx, shA)
	assert.Equal(t, "g", <-announced, "a's sweep closes b's record, and tells the instances")
	r, _ := in.store.record("g", "red", shB.instance)
	assert.Equal(t, Record{Game: "g", Color: "red", Instance: shB.instance, Seen: lastBeat, Left: lastBeat}, r)

	b.beatPresence(ctx, shB) // fails: b cannot tell
	wayB.off.Store(false)
	in.advance(testBeat)
	b.beatPresence(ctx, shB)
	assert.Equal(t, "g", <-announced, "b writes its seat again")
	assert.True(t, seen(a)["red"].Connected, "b's player counts again")
}

// TestSharedPresenceFailures: a failed write is tried again at the next
// beat and ends no stream; a failed read returns the hub's own answer with
// the error.
func TestSharedPresenceFailures(t *testing.T) {
	ctx := context.Background()
	in := &instances{store: newMemPresence(), at: time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)}
	a, shA, _ := in.hub(t)
	b, shB, wayB := in.hub(t)

	wayB.off.Store(true)
	b.Arrive("g", "red")
	b.flushPresence(ctx, shB)
	_, ok := in.store.record("g", "red", shB.instance)
	assert.False(t, ok, "not written")
	wayB.off.Store(false)
	b.beatPresence(ctx, shB)
	r, ok := in.store.record("g", "red", shB.instance)
	assert.True(t, ok && r.Streams == 1, "written at the next beat")

	leave := a.Arrive("g", "blue")
	in.store.setFail(true)
	seats, err := a.Presence(ctx, "g")
	assert.ErrorIs(t, err, errDown)
	assert.Equal(t, map[string]Seen{"red": {Since: a.started}, "blue": {Connected: true}}, seats, "this hub's own")
	leave()
	a.flushPresence(ctx, shA) // fails, kept for later
	in.store.setFail(false)
	a.beatPresence(ctx, shA)
	r, ok = in.store.record("g", "blue", shA.instance)
	assert.True(t, ok && r.Streams == 0 && r.Left.Equal(in.now()), "the departure written at the next beat")
}

// TestSharedPresenceReachesStreams: a seat holder who comes or leaves on
// another instance reaches this hub's streams as a presence event (the
// other's write announced as a change of the game), once per change.
func TestSharedPresenceReachesStreams(t *testing.T) {
	ctx := context.Background()
	in := &instances{store: newMemPresence(), at: time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)}
	a, _, _ := in.hub(t)
	b, shB, _ := in.hub(t)
	var version atomic.Int64
	version.Store(1)
	a.Serve(func(context.Context, string) (int64, []byte, error) {
		v := version.Load()
		return v, fmt.Appendf(nil, `{"version":%d}`, v), nil
	}, time.Hour)
	defer a.Stop()
	in.store.changed = a.Publish // as the database's notifications reach a

	srv, cli := net.Pipe()
	defer cli.Close()
	sub, err := a.Subscribe("g")
	require.NoError(t, err)
	require.NoError(t, a.Adopt(sub, srv, 1, func() {}))
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(cli)
		for sc.Scan() {
			if l := sc.Text(); l != "" {
				lines <- l
			}
		}
	}()
	next := func() string {
		t.Helper()
		select {
		case l := <-lines:
			return l
		case <-time.After(5 * time.Second):
			t.Fatal("no event")
		}
		return ""
	}

	leave := b.Arrive("g", "blue")
	b.flushPresence(ctx, shB)
	assert.Equal(t, "event: presence", next())
	assert.Equal(t, `data: {"red":false,"blue":true}`, next())

	version.Store(2)
	a.Publish("g") // a move: its state, and no presence again
	assert.Equal(t, "event: state", next())
	assert.Equal(t, `data: {"version":2}`, next())

	leave()
	b.flushPresence(ctx, shB)
	assert.Equal(t, "event: presence", next())
	assert.Equal(t, `data: {"red":false,"blue":false}`, next())
	select {
	case l := <-lines:
		t.Fatalf("unexpected %q", l)
	case <-time.After(50 * time.Millisecond):
	}
}

// TestShareEnds: a hub sharing presence writes its seats in the background
// until its context ends; then it closes its records and shares no more.
func TestShareEnds(t *testing.T) {
	store := newMemPresence()
	h := New(10)
	early := h.Arrive("g", "red") // before Share: written too
	ctx, cancel := context.WithCancel(context.Background())
	stopped := h.Share(ctx, store, time.Hour, nil)
	instance := h.shared.instance
	require.Eventually(t, func() bool {
		r, ok := store.record("g", "red", instance)
		return ok && r.Streams == 1
	}, 5*time.Second, time.Millisecond)
	h.Arrive("g", "blue")
	require.Eventually(t, func() bool {
		r, ok := store.record("g", "blue", instance)
		return ok && r.Streams == 1
	}, 5*time.Second, time.Millisecond)
	early()
	require.Eventually(t, func() bool {
		r, ok := store.record("g", "red", instance)
		return ok && r.Streams == 0 && !r.Left.IsZero()
	}, 5*time.Second, time.Millisecond)

	cancel()
	<-stopped
	r, _ := store.record("g", "blue", instance)
	assert.Zero(t, r.Streams, "the instance stops: its records close")
	assert.False(t, r.Left.IsZero())
	reads := store.readCount()
	_, err := h.Presence(context.Background(), "g")
	require.NoError(t, err)
	assert.Equal(t, reads, store.readCount(), "no longer shared: no read")
}
