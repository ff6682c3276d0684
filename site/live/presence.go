package live

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"time"
)

// Presence: the holder of a game's seat is connected while one of its live
// streams is open, on this hub or, when the hub shares presence (Share), on
// any instance's hub on the same database; when none is, it is away since
// the last of them closed. A hub counts its own streams in memory (Arrive),
// so that a stream's opening and closing never wait for a database and a
// seat connected here needs no read; a sharing hub also writes each seat's
// count to the database in the background, says every beat that its
// instance is alive, and reads the other instances' records when asked
// (Presence) and when a game's streams may have news (a seat here came or
// left, or Publish: another instance's writes announce their game as
// changed).

// presenceKept is how long a seat's departure is remembered.
const presenceKept = 24 * time.Hour

// DefaultBeat is how often a hub that shares presence says that its
// instance is alive. A seat held on an instance silent for three beats
// counts as away since the instance's last beat: every instance on one
// database must use the same beat.
const DefaultBeat = 10 * time.Second

// staleBeats is how many beats an instance may miss before its seats stop
// counting: a slow database is forgiven a beat or two, an instance killed
// stops counting within staleBeats+1 beats.
const staleBeats = 3

// presenceWrite bounds each write of a sharing hub to the database, and
// presenceRead its read for a presence event: a database that hangs holds
// a writer of the streams up this long at most.
const (
	presenceWrite = 5 * time.Second
	presenceRead  = 2 * time.Second
)

// colors are the seats' colours, as the hub names them.
var colors = [2]string{"red", "blue"}

// seat is one seat of one game: its id and colour ("red" or "blue").
type seat struct{ id, color string }

// presence is a seat's streams open now, and when its last one closed.
type presence struct {
	n    int
	left time.Time
}

// Seen is a seat holder's presence: connected, or away since Since (when
// its last stream closed, on any instance that shares presence; the hub's
// start if it never had one).
type Seen struct {
	Connected bool
	Since     time.Time // zero while connected
}

// Record is an instance's record of a seat in a PresenceStore: the streams
// its holder has open there, when the instance last said it is alive while
// some were open (Seen), and when the last one closed there (Left, zero if
// none did).
type Record struct {
	Game, Color, Instance string
	Streams               int
	Seen, Left            time.Time
}

// PresenceStore keeps the records of the seats of every instance sharing
// presence (Share) on one database. Each of its writes that changes a
// seat's record must reach the other instances' hubs as a change of the
// game (their Publish), so that their streams hear of it.
type PresenceStore interface {
	// SetPresence writes each record over the one its instance had of
	// that seat, all or none.
	SetPresence(ctx context.Context, records ...Record) error
	// BeatPresence sets Seen to now on the instance's records with streams
	// open, and returns how many it set.
	BeatPresence(ctx context.Context, instance string, now time.Time) (int, error)
	// SweepPresence closes the records with streams open last seen before
	// stale, as if their last stream closed at Seen, and deletes the
	// records without streams whose last one closed before forget.
	SweepPresence(ctx context.Context, stale, forget time.Time) error
	// EndPresence closes the instance's records with streams open, as if
	// their last stream closed at now.
	EndPresence(ctx context.Context, instance string, now time.Time) error
	// GamePresence returns the records of game id, of every instance.
	GamePresence(ctx context.Context, id string) ([]Record, error)
}

// sharing is a hub's part in the presence it shares (Share).
type sharing struct {
	store    PresenceStore
	instance string
	beat     time.Duration
	log      *slog.Logger
	dirty    map[seat]struct{} // seats whose count the database has not been told yet
	wake     chan struct{}
	// resync: the database may have lost records (a beat failed): write
	// every open seat again.
	resync bool
}

// Arrive counts a stream opened by the holder of a seat (game id, colour
// "red" or "blue") until the returned leave is called (once; again does
// nothing). The game's watchers are told: the hub's streams get an event
// "presence" with data {"red": bool, "blue": bool} (whatever the state's
// version, which presence does not change) when it differs from the last
// one they were sent, and its subscribers a notice. Neither Arrive nor
// leave waits for a database.
func (h *Hub) Arrive(id, color string) (leave func()) {
	k := seat{id, color}
	h.mu.Lock()
	p := h.here[k]
	if p == nil {
		p = &presence{}
		h.here[k] = p
	}
	p.n++
	h.seatChanged(k)
	h.mu.Unlock()
	done := false
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if done {
			return
		}
		done = true
		p.n--
		p.left = h.now()
		h.seatChanged(k)
	}
}

// seatChanged tells the watchers of seat k's game that its holder came or
// left, and a sharing hub's writer that the database is to be told; the
// hub's lock is held.
func (h *Hub) seatChanged(k seat) {
	if t := h.s.topics[k.id]; t != nil && h.s.serving {
		t.presence = true
		h.enqueue(k.id, t)
	}
	notify(h.subs[k.id])
	if sh := h.shared; sh != nil {
		sh.dirty[k] = struct{}{}
		select {
		case sh.wake <- struct{}{}:
		default:
		}
	}
}

// presenceEvent is the presence event of seats (Presence's answer).
func presenceEvent(seats map[string]Seen) []byte {
	return fmt.Appendf(nil, "event: presence\ndata: {\"red\":%t,\"blue\":%t}\n\n",
		seats["red"].Connected, seats["blue"].Connected)
}

// presenceBits is seats' connected colours as bits (red 1, blue 2), to
// tell whether a stream has been sent the same already.
func presenceBits(seats map[string]Seen) int8 {
	var b int8
	for i, c := range colors {
		if seats[c].Connected {
			b |= 1 << i
		}
	}
	return b
}

// Presence tells, for each seat of game id ("red" and "blue"), whether its
// holder is connected and if not since when it is away. A hub that shares
// presence (Share) answers for the whole site: its own streams and those
// recorded by every instance alive; it reads the database unless both
// seats are connected here. On an error reading it, Presence returns this
// hub's own answer with the error: a caller that gives something on a
// player's absence (a claim of the win) must refuse then.
func (h *Hub) Presence(ctx context.Context, id string) (map[string]Seen, error) {
	h.mu.Lock()
	sh := h.shared
	here := h.seatsHere(id)
	h.mu.Unlock()
	if sh == nil || here[0].n > 0 && here[1].n > 0 {
		return h.seen(here, [2]bool{}, [2]time.Time{}), nil
	}
	records, err := sh.store.GamePresence(ctx, id)
	if err != nil {
		return h.seen(here, [2]bool{}, [2]time.Time{}), err
	}
	stale := h.now().Add(-staleBeats * sh.beat)
	var on [2]bool
	var left [2]time.Time
	for _, r := range records {
		i := colorIndex(r.Color)
		if i < 0 || r.Instance == sh.instance { // this hub's own: its memory is ahead
			continue
		}
		gone := r.Left
		switch {
		case r.Streams > 0 && !r.Seen.Before(stale):
			on[i] = true
		case r.Streams > 0: // its instance has gone silent: away since it was last heard
			gone = r.Seen
		}
		if gone.After(left[i]) {
			left[i] = gone
		}
	}
	return h.seen(here, on, left), nil
}

// PresenceHere is Presence on this hub's streams alone, whether it shares
// presence or not: it never reads a database.
func (h *Hub) PresenceHere(id string) map[string]Seen {
	h.mu.Lock()
	here := h.seatsHere(id)
	h.mu.Unlock()
	return h.seen(here, [2]bool{}, [2]time.Time{})
}

// seatsHere is game id's seats on this hub (red, blue); the hub's lock is
// held.
func (h *Hub) seatsHere(id string) [2]presence {
	var here [2]presence
	for i, c := range colors {
		if p := h.here[seat{id, c}]; p != nil {
			here[i] = *p
		}
	}
	return here
}

// seen merges the seats here with those elsewhere (connected, and the
// latest departure): connected if either is, else away since the latest
// departure, or the hub's start if none is known.
func (h *Hub) seen(here [2]presence, on [2]bool, left [2]time.Time) map[string]Seen {
	out := make(map[string]Seen, 2)
	for i, c := range colors {
		if here[i].n > 0 || on[i] {
			out[c] = Seen{Connected: true}
			continue
		}
		since := here[i].left
		if left[i].After(since) {
			since = left[i]
		}
		if since.IsZero() {
			since = h.started
		}
		out[c] = Seen{Since: since}
	}
	return out
}

func colorIndex(c string) int {
	for i, name := range colors {
		if c == name {
			return i
		}
	}
	return -1
}

// Share has the hub share its seat holders' presence through store with
// the hubs of the other instances on the same database, until ctx ends:
// Presence then answers for the whole site, and the streams' presence
// events too. The hub writes each seat's streams to store as they open and
// close (in the background: a failed write is logged and tried again at
// the next beat, and never ends a stream), says every beat (DefaultBeat)
// that its instance is alive, and closes the records of instances silent
// for three beats (staleBeats) at their last beat, so that the seats of an
// instance killed stop counting within four. When ctx ends it closes
// its own records (the instance stops), stops sharing and closes the
// channel it returned. The records' times are each instance's clock: the
// instances' clocks must agree to well within a beat. Call it once, before
// the hub serves streams.
func (h *Hub) Share(ctx context.Context, store PresenceStore, beat time.Duration, log *slog.Logger) (stopped <-chan struct{}) {
	done := make(chan struct{})
	sh := h.startSharing(store, beat, log)
	if sh == nil {
		close(done)
		return done
	}
	go func() {
		defer close(done)
		h.share(ctx, sh)
	}()
	return done
}

// startSharing makes the hub share presence through store, its open seats
// to be written, and returns its part; nil if it shares already.
func (h *Hub) startSharing(store PresenceStore, beat time.Duration, log *slog.Logger) *sharing {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	b := make([]byte, 8)
	rand.Read(b)
	sh := &sharing{store: store, instance: hex.EncodeToString(b), beat: beat, log: log,
		dirty: map[seat]struct{}{}, wake: make(chan struct{}, 1)}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.shared != nil {
		return nil
	}
	h.shared = sh
	for k, p := range h.here {
		if p.n > 0 {
			sh.dirty[k] = struct{}{}
		}
	}
	return sh
}

// share is Share's goroutine.
func (h *Hub) share(ctx context.Context, sh *sharing) {
	tick := time.NewTicker(sh.beat)
	defer tick.Stop()
	h.flushPresence(ctx, sh)
	for {
		select {
		case <-ctx.Done():
			h.mu.Lock()
			h.shared = nil
			h.mu.Unlock()
			end, cancel := context.WithTimeout(context.Background(), presenceWrite)
			defer cancel()
			if err := sh.store.EndPresence(end, sh.instance, h.now()); err != nil {
				sh.log.Warn("presence: end", "err", err)
			}
			return
		case <-sh.wake:
			h.flushPresence(ctx, sh)
		case <-tick.C:
			h.beatPresence(ctx, sh)
		}
	}
}

// flushPresence writes, in one go, the count of every seat that changed
// since the last write; after a failure they wait for the next beat.
func (h *Hub) flushPresence(ctx context.Context, sh *sharing) {
	h.mu.Lock()
	if len(sh.dirty) == 0 {
		h.mu.Unlock()
		return
	}
	now := h.now()
	records := make([]Record, 0, len(sh.dirty))
	for k := range sh.dirty {
		if p := h.here[k]; p != nil {
			records = append(records, Record{Game: k.id, Color: k.color, Instance: sh.instance,
				Streams: p.n, Seen: now, Left: p.left})
		}
	}
	clear(sh.dirty)
	h.mu.Unlock()
	wctx, cancel := context.WithTimeout(ctx, presenceWrite)
	err := sh.store.SetPresence(wctx, records...)
	cancel()
	if err != nil {
		if ctx.Err() == nil {
			sh.log.Warn("presence: write", "seats", len(records), "err", err)
		}
		h.mu.Lock()
		for _, r := range records {
			sh.dirty[seat{r.Game, r.Color}] = struct{}{}
		}
		h.mu.Unlock()
	}
}

// beatPresence says that this instance is alive, writes what is left to
// write (and everything again if the database may have lost some), and
// closes the records of instances gone silent.
func (h *Hub) beatPresence(ctx context.Context, sh *sharing) {
	now := h.now()
	wctx, cancel := context.WithTimeout(ctx, presenceWrite)
	beaten, err := sh.store.BeatPresence(wctx, sh.instance, now)
	cancel()
	h.mu.Lock()
	open := 0
	for k, p := range h.here {
		if _, pending := sh.dirty[k]; p.n > 0 && !pending {
			open++
		}
	}
	switch {
	case err != nil:
		sh.resync = true
	case sh.resync || beaten < open:
		// Records lost: while this instance could not beat, another one
		// took it for gone and closed them.
		for k, p := range h.here {
			if p.n > 0 {
				sh.dirty[k] = struct{}{}
			}
		}
		sh.resync = false
	}
	h.mu.Unlock()
	if err != nil {
		if ctx.Err() == nil {
			sh.log.Warn("presence: beat", "err", err)
		}
		return
	}
	h.flushPresence(ctx, sh)
	wctx, cancel = context.WithTimeout(ctx, presenceWrite)
	defer cancel()
	err = sh.store.SweepPresence(wctx, now.Add(-staleBeats*sh.beat), now.Add(-presenceKept))
	if err != nil && ctx.Err() == nil {
		sh.log.Warn("presence: sweep", "err", err)
	}
}

// forgetPresence drops the record of seats that have been away longer than keep
// (the hub's sweep calls it), so that memory does not grow with games
// played: a seat forgotten counts as away since the hub's start.
func (h *Hub) forgetPresence(keep time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	cutoff := h.now().Add(-keep)
	for k, p := range h.here {
		if p.n == 0 && p.left.Before(cutoff) {
			delete(h.here, k)
		}
	}
}
