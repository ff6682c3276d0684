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
