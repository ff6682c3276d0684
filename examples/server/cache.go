package main

import (
	"container/list"
	"sync"

	"github.com/doushouqi/doushouqi/examples/server/store"
)

// gameCache keeps the most recently used games' records, at most max of
// them, so that watching and playing do not read the database each time.
// Changes go to the database first; a change by another process removes the
// game here (Server.Changed), and a stale record can never be written back,
// because updates check the version. A record read from the database is
// cached only if no game was removed while it was read (putRead): the read
// may have started before the other process's change.
type gameCache struct {
	mu       sync.Mutex
	max      int
	order    *list.List // of *store.Game, most recent first
	byID     map[string]*list.Element
	removals uint64 // calls of remove and clear so far
}

func newGameCache(max int) *gameCache {
	return &gameCache{max: max, order: list.New(), byID: map[string]*list.Element{}}
}

// get returns a copy of the cached record of id.
func (c *gameCache) get(id string) (*store.Game, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byID[id]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return clone(e.Value.(*store.Game)), true
}

// put caches a copy of rec, unless a newer version is there.
func (c *gameCache) put(rec *store.Game) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.putLocked(rec)
}

// removed returns the count of removals so far, for putRead.
func (c *gameCache) removed() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.removals
}

// putRead caches rec, read from the database after removed() returned
// seen, unless a game was removed since: then rec may be older than a
// change another process made during the read.
func (c *gameCache) putRead(rec *store.Game, seen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.removals == seen {
		c.putLocked(rec)
	}
}

func (c *gameCache) putLocked(rec *store.Game) {
	if e, ok := c.byID[rec.ID]; ok {
		if e.Value.(*store.Game).Version <= rec.Version {
			e.Value = clone(rec)
		}
		c.order.MoveToFront(e)
		return
	}
	c.byID[rec.ID] = c.order.PushFront(clone(rec))
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byID, last.Value.(*store.Game).ID)
	}
}

func (c *gameCache) remove(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.removals++
	if e, ok := c.byID[id]; ok {
		c.order.Remove(e)
		delete(c.byID, id)
	}
}

func (c *gameCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.removals++
	c.order.Init()
	clear(c.byID)
}

func (c *gameCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

func clone(rec *store.Game) *store.Game {
	g := *rec
	g.Moves = append([]string(nil), rec.Moves...)
	return &g
}
