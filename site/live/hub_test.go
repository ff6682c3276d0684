package live_test

import (
	"testing"

	"github.com/doushouqi/doushouqi/site/live"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func pending(s *live.Sub) bool {
	select {
	case <-s.C:
		return true
	default:
		return false
	}
}

func TestHub(t *testing.T) {
	h := live.New(3)
	a, err := h.Subscribe("g1")
	require.NoError(t, err)
	b, err := h.Subscribe("g1")
	require.NoError(t, err)
	c, err := h.Subscribe("g2")
	require.NoError(t, err)
	_, err = h.Subscribe("g3")
	assert.ErrorIs(t, err, live.ErrFull)

	h.Publish("g1")
	h.Publish("g1") // coalesces, never blocks
	assert.True(t, pending(a))
	assert.False(t, pending(a), "two changes, one wake-up")
	assert.True(t, pending(b))
	assert.False(t, pending(c), "another game's watcher")

	h.Publish("")
	assert.True(t, pending(a) && pending(b) && pending(c), "an empty id wakes everyone")

	b.Close()
	b.Close()
	assert.Equal(t, 2, h.Watchers())
	h.Publish("g1")
	assert.False(t, pending(b), "closed")
	_, err = h.Subscribe("g3")
	assert.NoError(t, err, "room again after a close")
}
