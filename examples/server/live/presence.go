package live

import "time"

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
// nothing). The game's watchers are told, so that the other player sees it.
func (h *Hub) Arrive(id, color string) (leave func()) {
	k := seat{id, color}
	h.mu.Lock()
	p := h.here[k]
	if p == nil {
		p = &presence{}
		h.here[k] = p
	}
	p.n++
	h.mu.Unlock()
	h.Publish(id)
	done := false
	return func() {
		h.mu.Lock()
		if done {
			h.mu.Unlock()
			return
		}
		done = true
		p.n--
		p.left = h.now()
		h.mu.Unlock()
		h.Publish(id)
	}
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
