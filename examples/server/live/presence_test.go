package live

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestPresence: a seat is connected while one of its streams is open, away
// since its last one closed, and away since the hub's start if it never
// had one; each arrival and departure tells the game's watchers.
func TestPresence(t *testing.T) {
	h := New(10)
	at := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	h.now = func() time.Time { return at }
	on, since := h.Presence("g", "red")
	assert.False(t, on)
	assert.Equal(t, h.started, since, "never seen: away since the start")

	sub, err := h.Subscribe("g")
	assert.NoError(t, err)
	leave1 := h.Arrive("g", "red")
	leave2 := h.Arrive("g", "red") // a second tab
	<-sub.C
	on, _ = h.Presence("g", "red")
	assert.True(t, on)
	on, _ = h.Presence("g", "blue")
	assert.False(t, on, "the other seat is apart")
	on, _ = h.Presence("other", "red")
	assert.False(t, on, "and so is the same colour of another game")

	leave1()
	leave1() // twice: once
	on, _ = h.Presence("g", "red")
	assert.True(t, on, "one tab still open")
	at = at.Add(time.Minute)
	leave2()
	<-sub.C
	on, since = h.Presence("g", "red")
	assert.False(t, on)
	assert.Equal(t, at, since)

	at = at.Add(presenceKept + time.Second)
	h.forgetPresence(presenceKept)
	_, since = h.Presence("g", "red")
	assert.Equal(t, h.started, since, "forgotten after a day")
}
