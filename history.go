package doushouqi

import (
	"slices"
	"sync"
)

// node is one entry of a game's history: a position and the move that led
// to it. Nodes are never changed once made, so copies of a game share their
// common history, and a game that plays on, or takes a move back, only
// makes or drops its own reference to the newest node.
//
// jump points to an ancestor chosen so that any ancestor is reached in
// O(log n) steps of jump or prev (the skew-binary jump pointers of Myers,
// "An applicative random-access stack", 1983): go by jump unless it
// overshoots, by prev otherwise.
//
// A position can only occur again among those since the last capture (a
// capture is never undone): its window. While the window is shorter than
// scanWindow, occurrences are counted by walking it; from then on each
// node carries index, the window's nodes by hash (see repIndex), and
// reps, its position's count, so that counting costs O(log n) steps at
// most per move (one lookup and an ancestor check), whatever the length
// of the game.
type node struct {
	prev, jump *node // prev is nil and jump the node itself at the start
	pos        Position
	ply        int32     // the node's index: 0 at the start
	reps       int32     // with index: the occurrences of pos in its window, itself included
	index      *repIndex // the window's nodes, x's included; nil while the window is short
	move       Move      // the move that led to pos; NoMove at the start
	// repeated: pos is a third occurrence, under Rules.Threefold, in a
	// position the rules leave undecided.
	repeated bool
}

// scanWindow is the length of the window (the no-capture count) from
// which a node keeps an index instead of walking its window: above the
// standard move limit, so that a standard game never pays for an index.
const scanWindow = 64

// startNode returns the history of a game from pos.
func startNode(pos Position) *node {
	x := &node{pos: pos}
	x.jump = x
	x.indexWindow()
	return x
}

// child returns the node after x by the move m, which leads to pos.
func (x *node) child(m Move, pos Position) *node {
	c := &node{prev: x, jump: x, pos: pos, move: m, ply: x.ply + 1}
	if j := x.jump; x.ply-j.ply == j.ply-j.jump.ply {
		c.jump = j.jump
	}
	c.indexWindow()
	return c
}

// at returns x's ancestor (or x) with the index ply, 0 <= ply <= x.ply.
func (x *node) at(ply int32) *node {
	for x.ply > ply {
		if x.jump.ply >= ply {
			x = x.jump
		} else {
			x = x.prev
		}
	}
	return x
}

// indexWindow sets x's index and reps when x's window is long, from its
// parent's index (made, from the parent's window, when it had none),
// before anyone else can see x.
func (x *node) indexWindow() {
	if x.pos.clock < scanWindow {
		return
	}
	p := x.prev
	if p != nil && p.index != nil {
		x.index = p.index
	} else {
		// The parent's window is shorter than scanWindow: index it once,
		// oldest first. Its nodes keep no index: they count by walking.
		x.index = &repIndex{m: map[uint64][]*node{}}
		var window []*node
		for y, back := p, 0; y != nil && back <= int(p.pos.clock); y, back = y.prev, back+1 {
			window = append(window, y)
		}
		for _, y := range slices.Backward(window) {
			x.index.add(y)
		}
	}
	x.reps = 1
	if p != nil {
		if old := x.index.newest(p, x.ply-int32(x.pos.clock), &x.pos); old != nil {
			x.reps += int32(old.occurrences())
		}
	}
	x.index.add(x)
}

// occurrences counts the positions of x's game with the same pieces and
// side to move as x's (x's own included): from x's index, or else by
// walking x's window, of fewer than scanWindow positions.
func (x *node) occurrences() int {
	if x.index != nil {
		return int(x.reps)
	}
	return x.count(&x.pos)
}

// count counts the positions of x's window (x's included) with the pieces
// and side to move of p: from x's index, or else by walking the window.
func (x *node) count(p *Position) int {
	if x.index != nil {
		if y := x.index.newest(x, x.ply-int32(x.pos.clock), p); y != nil {
			return y.occurrences()
		}
		return 0
	}
	n := 0
	for y, back := x, 0; y != nil && back <= int(x.pos.clock); y, back = y.prev, back+1 {
		if y.pos.samePlace(p) {
			n++
		}
	}
	return n
}

// samePlace reports whether p and q have the same pieces on the same
// squares and the same side to move: what makes a repetition.
func (p *Position) samePlace(q *Position) bool {
	return p.hash == q.hash && p.side() == q.side() && p.board == q.board
}

// repIndex indexes the nodes of one window of a game's history (the
// positions since a capture, once the window is long) by their positions'
// hash, in the order they were made. Copies of a game that play on from
// the same history share the index, so it also holds the nodes of their
// other branches: a node counts for x only if it is one of x's ancestors,
// which at tells in O(log n). It only grows, under its lock; a node is in
// it before anyone else can see the node.
type repIndex struct {
	mu sync.Mutex
	m  map[uint64][]*node
}

// add puts x in the index.
func (idx *repIndex) add(x *node) {
	idx.mu.Lock()
	idx.m[x.pos.hash] = append(idx.m[x.pos.hash], x)
	idx.mu.Unlock()
}

// newest returns the newest of x and its ancestors back to the ply low
// whose pieces and side to move are p's, nil if none: the candidates of
// p's hash, newest first, those of other branches passed over.
func (idx *repIndex) newest(x *node, low int32, p *Position) *node {
	idx.mu.Lock()
	cands := idx.m[p.hash] // the entries below len never change
	idx.mu.Unlock()
	for i := len(cands) - 1; i >= 0; i-- {
		c := cands[i]
		if c.ply <= x.ply && c.ply >= low && c.pos.samePlace(p) && x.at(c.ply) == c {
			return c
		}
	}
	return nil
}
