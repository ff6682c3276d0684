package live

import (
	"fmt"
	"time"
)

// presenceKept is how long a seat's departure is remembered.
const presenceKept = 24 * time.Hour

// seat is one seat of one game: its id and colour ("red" or "blue").
type seat struct{ id, color string }

// presence is a seat's streams open now, and when its last one closed.
type presence struct {
	n    int
	left time.Time
}

// Arrive counts a stream opened by the holder of a seat (game id, colour
// "red" or "blue") until the returned leave is called (once; again does
// nothing). The game's watchers are told: the hub's streams get an event
// "presence" with data {"red": bool, "blue": bool} (whatever the state's
// version, which presence does not change), and its subscribers a notice.
func (h *Hub) Arrive(id, color string) (leave func()) {
	k := seat{id, color}
	h.mu.Lock()
	p := h.here[k]
	if p == nil {
		p = &presence{}
		h.here[k] = p
	}
	p.n++
	h.presenceChanged(id)
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
		h.presenceChanged(id)
	}
}

// presenceChanged tells game id's watchers that a seat holder came or
// left; the hub's lock is held.
func (h *Hub) presenceChanged(id string) {
	if t := h.s.topics[id]; t != nil && h.s.serving {
		t.presence = true
		h.enqueue(id, t)
	}
	notify(h.subs[id])
}

// presenceEventLocked is game id's presence event; the hub's lock is held.
func (h *Hub) presenceEventLocked(id string) []byte {
	on := func(color string) bool { p := h.here[seat{id, color}]; return p != nil && p.n > 0 }
	return fmt.Appendf(nil, "event: presence\ndata: {\"red\":%t,\"blue\":%t}\n\n", on("red"), on("blue"))
}

// Presence tells whether the holder of seat (id, color) has a stream open
// on this hub and, if not, since when: its last stream's end, or the hub's
// start if it had none here. Presence is this process's: with several
// instances, a player connected to another one counts as away here.
func (h *Hub) Presence(id, color string) (connected bool, since time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	p := h.here[seat{id, color}]
	switch {
	case p == nil:
		return false, h.started
	case p.n > 0:
		return true, time.Time{}
	}
	return false, p.left
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
