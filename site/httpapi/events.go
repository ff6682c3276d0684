package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/live"
)

// events streams a game's state as Server-Sent Events (API.md): at once,
// then after every change, from whichever process made it. SSE rather than
// WebSocket: the stream goes one way (moves are POSTs, which keep their
// status codes and checks), it is plain HTTP through any proxy, and the
// browser's EventSource reconnects by itself; the first event after a
// reconnection is the whole state, so nothing is missed. Over HTTP/1 the
// connection is handed to the live hub after the first event (adopt); the
// loop below serves the streams that cannot be taken over (HTTP/2).
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !games.ValidID(id) {
		s.fail(w, r, games.ErrNotFound)
		return
	}
	client := s.clientOf(r)
	if !s.openStream(client) {
		e := failLater(codeRateLimited, "too many live streams from your address", 5*time.Second)
		s.fail(w, r, e)
		return
	}
	adopted := false // then the hub closes the stream and its count
	defer func() {
		if !adopted {
			s.closeStream(client)
		}
	}()
	sub, err := s.cfg.Hub.Subscribe(id) // before the read: no change slips between
	if errors.Is(err, live.ErrFull) {
		s.fail(w, r, games.Busy("too many watchers"))
		return
	}
	defer func() {
		if !adopted {
			sub.Close()
		}
	}()
	g, err := s.games.Get(r.Context(), id) // queues the AI's job if it has one to do
	if err != nil {
		s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	if r.Method == http.MethodHead {
		return
	}
	// A seat holder's stream is its presence, until the stream ends.
	leave := s.arrive(r, g)
	h.Set("X-Accel-Buffering", "no")
	data, err := json.Marshal(s.state(g))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if s.adopt(w, r, sub, g.Version, data, client, leave) {
		adopted = true
		return
	}
	defer leave()
	send, ok := s.startStream(w)
	if !ok {
		return
	}
	state := func(g *games.Game) error {
		data, err := json.Marshal(s.state(g))
		if err != nil {
			return err
		}
		return send(fmt.Appendf(nil, "event: state\ndata: %s\n\n", data))
	}
	// The first state, and a ping that tells the page the interval at once.
	ping := live.PingEvent(s.cfg.KeepAlive)
	if err := send(append(fmt.Appendf(nil, "event: state\ndata: %s\n\n", data), s.firstPing()...)); err != nil {
		return
	}
	last := g.Version
	tick := time.NewTicker(s.cfg.KeepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.closing:
			return
		case <-tick.C:
			if err := send(ping); err != nil {
				return
			}
		case <-sub.C:
			g, err := s.games.Get(r.Context(), id)
			if err != nil {
				return
			}
			if g.Version <= last { // nothing new (or a stale copy)
				continue
			}
			last = g.Version
			if err := state(g); err != nil {
				return
			}
		}
	}
}

// adopt takes the stream's connection over from net/http, writes the
// response's head and the first event (data, the state of version) and
// hands the connection to the live hub, which serves the stream from then
// on without a goroutine of its own. It reports false, having written
// nothing, when the connection cannot be taken over (HTTP/2); once it
// has taken the connection it reports true, whatever happens next.
func (s *Server) adopt(w http.ResponseWriter, r *http.Request, sub *live.Sub, version int64, data []byte, client string, leave func()) bool {
	if r.ProtoMajor != 1 {
		return false
	}
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		return false
	}
	head := make([]byte, 0, 1024+len(data))
	head = fmt.Appendf(head, "HTTP/1.1 200 OK\r\nDate: %s\r\n", time.Now().UTC().Format(http.TimeFormat))
	hw := bytes.NewBuffer(head)
	w.Header().Write(hw) // the middleware's headers too
	head = append(hw.Bytes(), "Connection: close\r\n\r\nevent: state\ndata: "...)
	head = append(head, data...)
	head = append(head, "\n\n"...)
	head = append(head, s.firstPing()...) // the page learns the ping interval at once
	conn.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
	_, err = conn.Write(head)
	conn.SetWriteDeadline(time.Time{})
	if err != nil {
		sub.Close()
		conn.Close()
		s.closeStream(client)
		leave()
		return true
	}
	s.cfg.Hub.Adopt(sub, conn, version, func() { s.closeStream(client); leave() })
	return true
}

// renderState is the live hub's Render: game id's version and state.
func (s *Server) renderState(ctx context.Context, id string) (int64, []byte, error) {
	g, err := s.games.Get(ctx, id)
	if err != nil {
		return 0, nil, err
	}
	data, err := json.Marshal(s.state(g))
	return g.Version, data, err
}

// startStream answers 200 and readies w for a long event stream, as the
// game's and the lobby's streams are: the request is read, so the server's
// ReadTimeout must not end the stream, and its WriteTimeout would, so each
// write gets a deadline of its own instead. send writes and flushes one
// chunk; false when the connection cannot stream.
func (s *Server) startStream(w http.ResponseWriter) (send func([]byte) error, ok bool) {
	rc := http.NewResponseController(w)
	if err := rc.SetReadDeadline(time.Time{}); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return nil, false
	}
	w.WriteHeader(http.StatusOK)
	return func(data []byte) error {
		if err := rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return err
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
		return rc.Flush()
	}, true
}

// firstPing is the ping that follows a game stream's first state: it tells
// the page the ping interval and the away grace (Config.AwayGrace), in
// milliseconds.
func (s *Server) firstPing() []byte {
	return fmt.Appendf(nil, "event: ping\ndata: {\"every\":%d,\"away\":%d}\n\n", s.cfg.KeepAlive.Milliseconds(), s.cfg.AwayGrace.Milliseconds())
}
