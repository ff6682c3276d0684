package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/doushouqi/doushouqi/examples/server/live"
	"github.com/doushouqi/doushouqi/examples/server/store"
)

// keepAlive is how often an idle event stream gets a comment line.
var keepAlive = 15 * time.Second

// events streams a game's state as Server-Sent Events (API.md): at once,
// then after every change, from whichever process made it. SSE rather than
// WebSocket: the stream goes one way (moves are POSTs, which keep their
// status codes and checks), it is plain HTTP through any proxy, and the
// browser's EventSource reconnects by itself; the first event after a
// reconnection is the whole state, so nothing is missed.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !validID(id) {
		s.fail(w, r, errNotFound)
		return
	}
	client := clientOf(r)
	if !s.openStream(client) {
		e := fail(http.StatusTooManyRequests, "rate-limited", "too many live streams from your address")
		e.retryAfter = 5 * time.Second
		s.fail(w, r, e)
		return
	}
	defer s.closeStream(client)
	sub, err := s.cfg.Hub.Subscribe(id) // before the read: no change slips between
	if errors.Is(err, live.ErrFull) {
		s.fail(w, r, errBusy("too many watchers"))
		return
	}
	defer sub.Close()
	rec, g, err := s.view(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	if r.Method == http.MethodHead {
		return
	}
	h.Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w)
	// The request is read: the server's ReadTimeout must not end the stream.
	if err := rc.SetReadDeadline(time.Time{}); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return
	}
	w.WriteHeader(http.StatusOK)
	send := func(data []byte) error {
		// The server's WriteTimeout would end the stream: each write gets
		// a deadline of its own instead.
		if err := rc.SetWriteDeadline(time.Now().Add(s.writeTimeout())); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return err
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
		return rc.Flush()
	}
	state := func(rec *store.Game) error {
		g, err := replay(rec)
		if err != nil {
			return err
		}
		data, err := json.Marshal(stateOf(rec, g))
		if err != nil {
			return err
		}
		return send(fmt.Appendf(nil, "event: state\ndata: %s\n\n", data))
	}
	data, _ := json.Marshal(stateOf(rec, g))
	if err := send(fmt.Appendf(nil, "event: state\ndata: %s\n\n", data)); err != nil {
		return
	}
	s.ensureAI(rec)
	last := rec.Version
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.closing:
			return
		case <-tick.C:
			if err := send([]byte(": keep-alive\n\n")); err != nil {
				return
			}
		case <-sub.C:
			rec, _, err := s.view(r.Context(), id)
			if err != nil {
				return
			}
			if rec.Version <= last { // nothing new (or a stale copy)
				continue
			}
			last = rec.Version
			if err := state(rec); err != nil {
				return
			}
		}
	}
}

// openStream counts a live stream for client, refusing it beyond
// StreamsPerClient.
func (s *Server) openStream(client string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.streams[client] >= s.cfg.StreamsPerClient {
		return false
	}
	s.streams[client]++
	return true
}

func (s *Server) closeStream(client string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.streams[client]--; s.streams[client] <= 0 {
		delete(s.streams, client)
	}
}
