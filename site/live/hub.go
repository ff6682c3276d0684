// Package live tells the watchers of a game that it changed: a Hub of
// subscriptions by game id, fed by this process's own changes and, with a
// shared database, by the database's notifications of other processes'
// changes. A subscriber is only told "game X changed"; it reads the game
// itself, so a slow watcher never holds anything up and never sees a stale
// state. The hub also serves Server-Sent Events streams whose connections
// it has taken over (Adopt, stream.go), at a small fraction of the memory a
// goroutine per stream costs, and counts the players' own streams as their
// presence, shared with the other instances through the database when told
// to (Arrive, Share, presence.go).
package live

import (
	"errors"
	"sync"
	"time"
)

// ErrFull is returned by Subscribe when the hub has its maximum of watchers.
var ErrFull = errors.New("live: too many watchers")

// Hub holds the subscriptions. The zero value is not usable; use New.
type Hub struct {
	mu   sync.Mutex
	subs map[string]map[*Sub]struct{}
	n    int // subscriptions and streams
	max  int
	s    streamHub // stream.go

	here    map[seat]*presence // seat holders' streams (presence.go)
	shared  *sharing           // nil: presence is this hub's alone (presence.go)
	started time.Time
	now     func() time.Time
}

// Sub is one watcher of one game.
type Sub struct {
	// C receives a value when the game may have changed. Changes coalesce:
	// one value may stand for several.
	C   <-chan struct{}
	c   chan struct{}
	id  string
	hub *Hub
}

// New returns a hub for at most max watchers (subscriptions and streams)
// at once.
func New(max int) *Hub {
	return &Hub{subs: map[string]map[*Sub]struct{}{}, max: max,
		here: map[seat]*presence{}, started: time.Now(), now: time.Now}
}

// SetClock has the hub read the time from now (time.Now by default) and
// count its start from it, for tests that run presence on a clock of
// their own. Call it before the hub is used.
func (h *Hub) SetClock(now func() time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.now, h.started = now, now()
}

// Subscribe watches the game id until Close.
func (h *Hub) Subscribe(id string) (*Sub, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n >= h.max {
		return nil, ErrFull
	}
	c := make(chan struct{}, 1)
	s := &Sub{C: c, c: c, id: id, hub: h}
	if h.subs[id] == nil {
		h.subs[id] = map[*Sub]struct{}{}
	}
	h.subs[id][s] = struct{}{}
	h.n++
	return s, nil
}

// Close ends the subscription; calling it again does nothing.
func (s *Sub) Close() {
	h := s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	set := h.subs[s.id]
	if _, ok := set[s]; !ok {
		return
	}
	delete(set, s)
	if len(set) == 0 {
		delete(h.subs, s.id)
	}
	h.n--
}

// Publish tells the watchers of game id that it changed; an empty id tells
// every watcher. When the hub shares presence (Share), its streams are
// also sent the game's presence if it changed: the change may be another
// instance's record of a player who came or left. It never blocks.
func (h *Hub) Publish(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.publishStreams(id)
	if id == "" {
		for _, set := range h.subs {
			notify(set)
		}
		return
	}
	notify(h.subs[id])
}

func notify(set map[*Sub]struct{}) {
	for s := range set {
		select {
		case s.c <- struct{}{}:
		default: // one is pending already
		}
	}
}

// Watchers returns the number of subscriptions and streams.
func (h *Hub) Watchers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n
}
