package httpapi

import (
	"container/list"
	"net"
	"net/http"
	"sync"
	"time"
)

// connCap bounds the HTTP connections open at once. At the cap, a new
// connection closes the one that has waited longest for a request (idle
// between requests, or new and silent), so a flood of idle connections
// cannot lock players out: they are closed first, oldest first. Only when
// every connection is in the middle of a request does a new one wait (up
// to a second, then it is closed); those end within the server's read and
// write timeouts. Connections taken over for event streams leave the count
// (the live hub bounds those).
//
// Wrap the listener with listener and set the http.Server's ConnState to
// connState.
type connCap struct {
	mu      sync.Mutex
	max     int
	open    int
	waiting *list.List    // of *capConn waiting for a request, oldest first
	freed   chan struct{} // a slot came free
	evicted int           // connections closed to make room, for the log
}

func newConnCap(max int) *connCap {
	return &connCap{max: max, waiting: list.New(), freed: make(chan struct{}, 1)}
}

// capConn is a connection counted by a connCap.
type capConn struct {
	net.Conn
	cap     *connCap
	elem    *list.Element // in waiting, or nil
	counted bool          // holds a slot
}

// NetConn returns the connection underneath (for the live hub's
// non-blocking writes).
func (c *capConn) NetConn() net.Conn { return c.Conn }

// Close closes the connection and gives its slot back.
func (c *capConn) Close() error {
	c.cap.release(c)
	return c.Conn.Close()
}

type capListener struct {
	net.Listener
	cap *connCap
}

// listener wraps ln so that its connections are counted, and their
// requests' framing checked (framingConn).
func (cc *connCap) listener(ln net.Listener) net.Listener { return &capListener{ln, cc} }

func (l *capListener) Accept() (net.Conn, error) {
	for {
		conn, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		fc := &framingConn{Conn: conn}
		fc.scan.startHead()
		if c := l.cap.admit(fc); c != nil {
			return c, nil
		}
	}
}

// admit counts conn, making room if the cap is reached; nil means conn
// was closed for want of room.
func (cc *connCap) admit(conn net.Conn) net.Conn {
	deadline := time.Now().Add(time.Second)
	for {
		cc.mu.Lock()
		if cc.open < cc.max {
			cc.open++
			c := &capConn{Conn: conn, cap: cc, counted: true}
			c.elem = cc.waiting.PushBack(c) // new: waiting for its first request
			cc.mu.Unlock()
			return c
		}
		var victim *capConn
		if front := cc.waiting.Front(); front != nil {
			victim = front.Value.(*capConn)
			cc.waiting.Remove(front)
			victim.elem = nil
			cc.evicted++
		}
		cc.mu.Unlock()
		if victim != nil {
			victim.Close() // frees its slot
			continue
		}
		wait := time.Until(deadline)
		if wait <= 0 {
			conn.Close()
			return nil
		}
		select {
		case <-cc.freed:
		case <-time.After(wait):
		}
	}
}

// release gives c's slot back, once.
func (cc *connCap) release(c *capConn) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if c.elem != nil {
		cc.waiting.Remove(c.elem)
		c.elem = nil
	}
	if !c.counted {
		return
	}
	c.counted = false
	cc.open--
	select {
	case cc.freed <- struct{}{}:
	default:
	}
}

// connState follows the http.Server's view of each connection: idle ones
// join the end of the waiting list, active ones leave it, taken-over ones
// leave the count.
func (cc *connCap) connState(conn net.Conn, state http.ConnState) {
	c, ok := conn.(*capConn)
	if !ok {
		return
	}
	switch state {
	case http.StateActive:
		cc.mu.Lock()
		if c.elem != nil {
			cc.waiting.Remove(c.elem)
			c.elem = nil
		}
		cc.mu.Unlock()
	case http.StateIdle:
		cc.mu.Lock()
		if c.counted && c.elem == nil {
			c.elem = cc.waiting.PushBack(c)
		}
		cc.mu.Unlock()
	case http.StateHijacked, http.StateClosed:
		if fc, ok := c.Conn.(*framingConn); ok && state == http.StateHijacked {
			fc.stopScanning()
		}
		cc.release(c)
	}
}

// stats returns the connections open and those closed to make room (the
// log says at shutdown how many: a number that grows says -max-conns is
// low, or idle connections are flooding in).
func (cc *connCap) stats() (open, evicted int) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	return cc.open, cc.evicted
}
