package games

import (
	"container/list"
	"sync"
)

// cache keeps the most recently used games, at most max of them, so that
// watching and playing neither read the database nor replay a record each
// time. It holds each game's latest version as a *Game, which nobody
// changes: a change puts its new version in place of the old.
//
// Changes go to the database first; a change by another process removes
// the game here (Service.Forget), and a stale version can never be written
// back, because updates check the version. A game read from the database
// is cached only if no game was removed while it was read (putRead): the
// read may have started before the other process's change.
type cache struct {
	mu       sync.Mutex
	max      int
	order    *list.List // of *Game, most recent first
	byID     map[string]*list.Element
	removals uint64 // calls of remove and clear so far
}

func newCache(max int) *cache {
	return &cache{max: max, order: list.New(), byID: map[string]*list.Element{}}
}

// get returns the cached version of game id.
func (c *cache) get(id string) (*Game, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byID[id]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*Game), true
}

// put caches g, unless a newer version is there.
func (c *cache) put(g *Game) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.putLocked(g)
}

// removed returns the count of removals so far, for putRead.
func (c *cache) removed() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.removals
}

// putRead caches g, read from the database after removed() returned seen,
// unless a game was removed since: then g may be older than a change
// another process made during the read.
func (c *cache) putRead(g *Game, seen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.removals == seen {
		c.putLocked(g)
	}
}

func (c *cache) putLocked(g *Game) {
	if e, ok := c.byID[g.ID]; ok {
		if e.Value.(*Game).Version <= g.Version {
			e.Value = g
		}
		c.order.MoveToFront(e)
		return
	}
	c.byID[g.ID] = c.order.PushFront(g)
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byID, last.Value.(*Game).ID)
	}
}

func (c *cache) remove(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.removals++
	if e, ok := c.byID[id]; ok {
		c.order.Remove(e)
		delete(c.byID, id)
	}
}

func (c *cache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.removals++
	c.order.Init()
	clear(c.byID)
}

func (c *cache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
