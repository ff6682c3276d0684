package main

import (
	"fmt"
	"testing"

	"github.com/doushouqi/doushouqi/examples/server/store"
	"github.com/stretchr/testify/assert"
)

func TestGameCache(t *testing.T) {
	c := newGameCache(3)
	for i := range 5 {
		c.put(&store.Game{ID: fmt.Sprint(i), Version: 1, Moves: []string{"a3a4"}})
	}
	assert.Equal(t, 3, c.len(), "bounded")
	_, ok := c.get("0")
	assert.False(t, ok, "the least recently used went first")
	g, ok := c.get("2")
	assert.True(t, ok)
	g.Moves[0] = "changed" // a copy: the cache is not changed through it
	g2, _ := c.get("2")
	assert.Equal(t, "a3a4", g2.Moves[0])

	c.put(&store.Game{ID: "2", Version: 3})
	c.put(&store.Game{ID: "2", Version: 2}) // older: ignored
	g, _ = c.get("2")
	assert.Equal(t, int64(3), g.Version)

	c.put(&store.Game{ID: "5", Version: 1}) // "3" is now the oldest
	_, ok = c.get("3")
	assert.False(t, ok)
	c.remove("2")
	_, ok = c.get("2")
	assert.False(t, ok)
	c.clear()
	assert.Equal(t, 0, c.len())
}

// TestGameCacheKeepsNoRecordReadBeforeARemoval: a record read from the
// database while another process's change removed its game (the read began
// first, so it may be older) is not cached; one read with no removal is.
func TestGameCacheKeepsNoRecordReadBeforeARemoval(t *testing.T) {
	c := newGameCache(3)
	seen := c.removed()
	c.remove("7") // another process changed game 7 during the read
	c.putRead(&store.Game{ID: "7", Version: 1}, seen)
	_, ok := c.get("7")
	assert.False(t, ok, "read before a removal")

	seen = c.removed()
	c.clear()
	c.putRead(&store.Game{ID: "7", Version: 1}, seen)
	_, ok = c.get("7")
	assert.False(t, ok, "read before a clear")

	seen = c.removed()
	c.putRead(&store.Game{ID: "7", Version: 2}, seen)
	g, ok := c.get("7")
	assert.True(t, ok, "no removal during the read")
	assert.Equal(t, int64(2), g.Version)
}
