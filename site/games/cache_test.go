package games

import (
	"fmt"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
)

func version(id string, v int64) *Game { return &Game{ID: id, Version: v, play: dsq.NewGame()} }

func TestCache(t *testing.T) {
	t.Parallel()
	c := newCache(3)
	for i := range 5 {
		c.put(version(fmt.Sprint(i), 1))
	}
	assert.Equal(t, 3, c.len(), "bounded")
	_, ok := c.get("0")
	assert.False(t, ok, "the least recently used went first")
	_, ok = c.get("2")
	assert.True(t, ok)

	c.put(version("2", 3))
	c.put(version("2", 2)) // older: ignored
	g, _ := c.get("2")
	assert.Equal(t, int64(3), g.Version)

	c.put(version("5", 1)) // "3" is now the oldest
	_, ok = c.get("3")
	assert.False(t, ok)
	c.remove("2")
	_, ok = c.get("2")
	assert.False(t, ok)
	c.clear()
	assert.Equal(t, 0, c.len())
}

// TestCacheKeepsNoGameReadBeforeARemoval: a game read from the database
// while another process's change removed it (the read began first, so it
// may be older) is not cached; one read with no removal is.
func TestCacheKeepsNoGameReadBeforeARemoval(t *testing.T) {
	t.Parallel()
	c := newCache(3)
	seen := c.removed()
	c.remove("7") // another process changed game 7 during the read
	c.putRead(version("7", 1), seen)
	_, ok := c.get("7")
	assert.False(t, ok, "read before a removal")

	seen = c.removed()
	c.clear()
	c.putRead(version("7", 1), seen)
	_, ok = c.get("7")
	assert.False(t, ok, "read before a clear")

	seen = c.removed()
	c.putRead(version("7", 2), seen)
	g, ok := c.get("7")
	assert.True(t, ok, "no removal during the read")
	assert.Equal(t, int64(2), g.Version)
}
