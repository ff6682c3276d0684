package live

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"
)

// The streams: event streams whose connections the hub has taken over from
// net/http. A stream served by net/http costs a goroutine (with its
// stack), the connection's read and write buffers and a background reader,
// about 27 KiB of resident memory each; a stream held by the hub costs its
// connection and a few words. The hub serves all of them from a few
// goroutines: writers that render a changed game once and write the event
// to each of its streams without blocking, and a sweeper that finds the
// streams whose client has gone and sends the keep-alives. A stream whose
// client does not read (its socket buffer full) is closed rather than
// waited for: its browser reconnects and is sent the whole state.

// Render reads game id for its streams: its version, which grows with
// every change, and the data of its state event (one line of JSON). An
// error ends the game's streams (their clients reconnect, and learn then
// what is wrong).
type Render func(ctx context.Context, id string) (version int64, data []byte, err error)

// ErrNotServing is returned by Adopt when Serve was not called or Stop was.
var ErrNotServing = errors.New("live: the hub is not serving streams")

// writers is the number of goroutines that write events: a slow render (a
// database read) of one game does not hold up another's.
const writers = 2

// stream is one adopted event stream.
type stream struct {
	mu      sync.Mutex // serialises writes: an event and a keep-alive never interleave
	conn    net.Conn
	fd      *rawConn // non-blocking writes and probes; nil: writes with a deadline
	id      string
	version int64 // of the last state sent
	// presence is the last presence event sent (presenceBits), -1 before
	// the first: the first state holds the presence at the start.
	presence int8
	done     func()
	closed   bool // under the hub's lock
}

// topic is one game's streams and its place in the writers' queue.
type topic struct {
	streams map[*stream]struct{}
	queued  bool // in the queue, or being written with another change to follow
	running bool
	// presence: a seat holder may have come or left; the next write sends
	// the presence event (presence.go), whatever the version, to the
	// streams that have not been sent the same.
	presence bool
}

// streamHub is the Hub's part for streams.
type streamHub struct {
	topics    map[string]*topic
	queue     []string
	wake      chan struct{}
	render    Render
	keepAlive time.Duration
	ping      []byte // the keep-alive event
	serving   bool
	started   bool // the goroutines run
	stop      chan struct{}
	wg        sync.WaitGroup
}

// Serve readies the hub to serve adopted streams: events rendered by
// render, and a ping event every keepAlive (at most) on each stream, when
// dead connections are also found and closed. Its goroutines start with
// the first stream. Call it once.
func (h *Hub) Serve(render Render, keepAlive time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.s.serving || h.s.stop != nil {
		return
	}
	h.s = streamHub{topics: map[string]*topic{}, wake: make(chan struct{}, 1), render: render,
		keepAlive: keepAlive, ping: PingEvent(keepAlive), serving: true, stop: make(chan struct{})}
}

// start starts the writers and the sweeper, once. The hub's lock is held.
func (h *Hub) start() {
	if h.s.started {
		return
	}
	h.s.started = true
	for range writers {
		h.s.wg.Go(h.write)
	}
	h.s.wg.Go(h.sweep)
}

// Stop closes every adopted stream and stops the hub's goroutines; Adopt
// fails afterwards. Subscriptions are not touched.
func (h *Hub) Stop() {
	h.mu.Lock()
	if !h.s.serving {
		h.mu.Unlock()
		return
	}
	h.s.serving = false
	close(h.s.stop)
	var all []*stream
	for _, t := range h.s.topics {
		for st := range t.streams {
			all = append(all, st)
		}
	}
	h.mu.Unlock()
	h.s.wg.Wait()
	for _, st := range all {
		h.drop(st)
	}
}

// Adopt hands over an event stream of game id whose subscription is sub:
// conn is the connection taken from net/http (Hijack), to which the
// response's head and a state of version have been written. The hub
// writes the game's later states to it and calls done once when it
// closes it. The subscription ends (its count passes to the stream); a
// change it saw meanwhile is sent at once. On an error conn is closed,
// sub ended and done called.
func (h *Hub) Adopt(sub *Sub, conn net.Conn, version int64, done func()) error {
	st := &stream{conn: conn, fd: rawOf(conn), id: sub.id, version: version, presence: -1, done: done}
	h.mu.Lock()
	if !h.s.serving {
		h.mu.Unlock()
		sub.Close()
		conn.Close()
		done()
		return ErrNotServing
	}
	set := h.subs[sub.id]
	if _, ok := set[sub]; !ok { // closed meanwhile
		h.mu.Unlock()
		conn.Close()
		done()
		return ErrNotServing
	}
	delete(set, sub)
	if len(set) == 0 {
		delete(h.subs, sub.id)
	}
	h.start()
	t := h.s.topics[sub.id]
	if t == nil {
		t = &topic{streams: map[*stream]struct{}{}}
		h.s.topics[sub.id] = t
	}
	t.streams[st] = struct{}{}
	select {
	case <-sub.c: // changed since the subscription: send the news
		h.enqueue(sub.id, t)
	default:
	}
	h.mu.Unlock()
	return nil
}

// Streams returns the number of adopted streams.
func (h *Hub) Streams() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, t := range h.s.topics {
		n += len(t.streams)
	}
	return n
}

// enqueue puts game id's topic in the writers' queue, unless it is there
// already. The hub's lock is held.
func (h *Hub) enqueue(id string, t *topic) {
	if t.queued {
		return
	}
	t.queued = true
	if t.running {
		return // the writer on it goes round again
	}
	h.s.queue = append(h.s.queue, id)
	select {
	case h.s.wake <- struct{}{}:
	default:
	}
}

// publishStreams queues game id ("" every game) for its streams. The hub's
// lock is held.
func (h *Hub) publishStreams(id string) {
	if !h.s.serving {
		return
	}
	if id == "" {
		for id, t := range h.s.topics {
			t.presence = t.presence || h.shared != nil
			h.enqueue(id, t)
		}
		return
	}
	if t := h.s.topics[id]; t != nil {
		t.presence = t.presence || h.shared != nil
		h.enqueue(id, t)
	}
}

// next returns the next game to write, marking it running, or false when
// the hub stops.
func (h *Hub) next() (string, *topic, bool) {
	for {
		h.mu.Lock()
		for len(h.s.queue) > 0 {
			id := h.s.queue[0]
			h.s.queue = h.s.queue[1:]
			if len(h.s.queue) == 0 {
				h.s.queue = nil // let a long queue's array go
			}
			t := h.s.topics[id]
			if t == nil || t.running {
				continue
			}
			t.queued, t.running = false, true
			h.mu.Unlock()
			return id, t, true
		}
		h.mu.Unlock()
		select {
		case <-h.s.wake:
		case <-h.s.stop:
			return "", nil, false
		}
	}
}

// write is a writer goroutine: it renders each queued game once and sends
// the state to each of its streams that has not seen it.
func (h *Hub) write() {
	var targets []*stream
	for {
		id, t, ok := h.next()
		if !ok {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		version, data, err := h.s.render(ctx, id)
		cancel()
		var event []byte
		if err == nil {
			event = make([]byte, 0, len(data)+22)
			event = append(event, "event: state\ndata: "...)
			event = append(event, data...)
			event = append(event, "\n\n"...)
		}
		h.mu.Lock()
		targets = targets[:0]
		for st := range t.streams {
			targets = append(targets, st)
		}
		checkPresence := t.presence
		t.presence = false
		h.mu.Unlock()
		var presence []byte
		var bits int8
		if checkPresence && err == nil {
			ctx, cancel := context.WithTimeout(context.Background(), presenceRead)
			seats, perr := h.Presence(ctx, id)
			cancel()
			if perr == nil { // else the streams keep the presence they had
				presence, bits = presenceEvent(seats), presenceBits(seats)
			}
		}
		for _, st := range targets {
			if err != nil {
				h.drop(st)
				continue
			}
			st.mu.Lock()
			ok := st.version >= version || st.send(event)
			if ok {
				st.version = max(st.version, version)
			}
			if ok && presence != nil && st.presence != bits {
				ok = st.send(presence)
				st.presence = bits
			}
			st.mu.Unlock()
			if !ok {
				h.drop(st)
			}
		}
		clear(targets)
		h.mu.Lock()
		t.running = false
		if t.queued { // changed again while being written
			t.queued = false
			h.enqueue(id, t)
		}
		if len(t.streams) == 0 && h.s.topics[id] == t && !t.queued {
			delete(h.s.topics, id)
		}
		h.mu.Unlock()
	}
}

// PingEvent is the keep-alive of a stream: an event rather than a comment, so that a
// page sees it and can tell a stream gone silent (a proxy that buffers, a
// connection lost with the network) from a game without news, and it
// carries its interval in milliseconds, so that the page knows how long a
// silence may last.
func PingEvent(every time.Duration) []byte {
	return fmt.Appendf(nil, "event: ping\ndata: {\"every\":%d}\n\n", every.Milliseconds())
}

// probeEvery is how often the sweeper looks for streams whose client has
// gone (one non-blocking read each: about a millisecond per thousand
// streams), so that a closed page gives its place back within a second.
const probeEvery = time.Second

// sweep closes the streams whose client has gone, every probeEvery, and
// sends the keep-alives, every keepAlive.
func (h *Hub) sweep() {
	tick := time.NewTicker(min(probeEvery, h.s.keepAlive))
	defer tick.Stop()
	probe := make([]byte, 512)
	lastKeepAlive := time.Now()
	var all []*stream
	for {
		var now time.Time
		select {
		case <-h.s.stop:
			return
		case now = <-tick.C:
		}
		keepAlive := now.Sub(lastKeepAlive) >= h.s.keepAlive
		if keepAlive {
			lastKeepAlive = now
			h.forgetPresence(presenceKept)
		}
		h.mu.Lock()
		all = all[:0]
		for _, t := range h.s.topics {
			for st := range t.streams {
				all = append(all, st)
			}
		}
		h.mu.Unlock()
		for _, st := range all {
			st.mu.Lock()
			ok := st.alive(probe) && (!keepAlive || st.send(h.s.ping))
			st.mu.Unlock()
			if !ok {
				h.drop(st)
			}
		}
		clear(all)
		if cap(all) > 4*len(all)+1024 {
			all = nil
		}
	}
}

// drop closes a stream once: its connection, its count, its done.
func (h *Hub) drop(st *stream) {
	h.mu.Lock()
	if st.closed {
		h.mu.Unlock()
		return
	}
	st.closed = true
	if t := h.s.topics[st.id]; t != nil {
		delete(t.streams, st)
		if len(t.streams) == 0 && !t.queued && !t.running {
			delete(h.s.topics, st.id)
		}
	}
	h.n--
	h.mu.Unlock()
	st.conn.Close()
	st.done()
}

// slowWrite bounds a write to a connection that cannot be written without
// blocking (not a plain socket).
const slowWrite = 100 * time.Millisecond

// send writes p whole without waiting, and reports whether it could.
func (st *stream) send(p []byte) bool {
	if st.fd != nil {
		return st.fd.writeNow(p)
	}
	st.conn.SetWriteDeadline(time.Now().Add(slowWrite))
	_, err := st.conn.Write(p)
	return err == nil
}

// alive reports whether the client is still there, as far as one can tell
// without waiting: its end is not closed. Bytes it sent are read and
// dropped (a stream takes no requests).
func (st *stream) alive(buf []byte) bool {
	if st.fd == nil {
		return true // the keep-alive's write tells
	}
	return st.fd.readable(buf)
}
