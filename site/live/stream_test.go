package live_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/live"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// games is a Render over versions kept in a map.
type games struct {
	mu       sync.Mutex
	versions map[string]int64
	renders  atomic.Int32
}

func (g *games) set(id string, v int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.versions[id] = v
}

func (g *games) render(_ context.Context, id string) (int64, []byte, error) {
	g.renders.Add(1)
	g.mu.Lock()
	defer g.mu.Unlock()
	v, ok := g.versions[id]
	if !ok {
		return 0, nil, fmt.Errorf("no game %s", id)
	}
	return v, fmt.Appendf(nil, `{"id":%q,"version":%d}`, id, v), nil
}

// pair returns the two ends of a TCP connection on the loopback.
func pair(t *testing.T) (server, client net.Conn) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, _ := ln.Accept()
		accepted <- c
	}()
	client, err = net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	server = <-accepted
	require.NotNil(t, server)
	t.Cleanup(func() { server.Close(); client.Close() })
	return server, client
}

// lines reads a client's stream line by line.
func lines(c net.Conn) <-chan string {
	out := make(chan string, 100)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(c)
		for sc.Scan() {
			out <- sc.Text()
		}
	}()
	return out
}

func nextData(t *testing.T, in <-chan string) string {
	t.Helper()
	for {
		select {
		case l, ok := <-in:
			require.True(t, ok, "the stream ended")
			if d, ok := strings.CutPrefix(l, "data: "); ok {
				return d
			}
		case <-time.After(5 * time.Second):
			t.Fatal("no event")
		}
	}
}

func TestAdopt(t *testing.T) {
	g := &games{versions: map[string]int64{"g1": 1, "g2": 1}}
	h := live.New(10)
	h.Serve(g.render, time.Hour)
	defer h.Stop()

	var closed atomic.Int32
	srv1, cli1 := pair(t)
	sub, err := h.Subscribe("g1")
	require.NoError(t, err)
	g.set("g1", 2)
	h.Publish("g1") // between the subscription and the adoption
	require.NoError(t, h.Adopt(sub, srv1, 1, func() { closed.Add(1) }))
	in1 := lines(cli1)
	assert.Equal(t, `{"id":"g1","version":2}`, nextData(t, in1), "the change before the adoption is sent")

	srv2, cli2 := pair(t)
	sub2, err := h.Subscribe("g1")
	require.NoError(t, err)
	require.NoError(t, h.Adopt(sub2, srv2, 2, func() { closed.Add(1) }))
	in2 := lines(cli2)
	assert.Equal(t, 2, h.Streams())
	assert.Equal(t, 2, h.Watchers())

	g.set("g1", 3)
	h.Publish("g1")
	assert.Equal(t, `{"id":"g1","version":3}`, nextData(t, in1))
	assert.Equal(t, `{"id":"g1","version":3}`, nextData(t, in2))
	h.Publish("g2") // no stream: nothing rendered for it
	h.Publish("g1") // no new version: nothing sent
	g.set("g1", 4)
	h.Publish("")
	assert.Equal(t, `{"id":"g1","version":4}`, nextData(t, in1), "a stale version is never sent")

	cli2.Close() // the client goes: the hub, looking every second, finds and closes the stream (10 s for a slow machine)
	require.Eventually(t, func() bool { return closed.Load() == 1 }, 10*time.Second, 10*time.Millisecond)
	assert.Equal(t, 1, h.Watchers())

	g.mu.Lock()
	delete(g.versions, "g1")
	g.mu.Unlock()
	h.Publish("g1") // the game cannot be read: its streams end
	require.Eventually(t, func() bool { return closed.Load() == 2 }, 10*time.Second, 10*time.Millisecond)
	for range in1 { // drained to the end: the server closed it
	}
	assert.Zero(t, h.Watchers())
}

// TestAdoptSlowClient: a client that does not read is closed when its
// socket is full, and the writers are not held up by it.
func TestAdoptSlowClient(t *testing.T) {
	g := &games{versions: map[string]int64{"g": 1}}
	h := live.New(10)
	h.Serve(g.render, time.Hour)
	defer h.Stop()
	srv, _ := pair(t) // never read
	sub, _ := h.Subscribe("g")
	var closed atomic.Bool
	require.NoError(t, h.Adopt(sub, srv, 1, func() { closed.Store(true) }))
	srvOK, cliOK := pair(t)
	subOK, _ := h.Subscribe("g")
	require.NoError(t, h.Adopt(subOK, srvOK, 1, func() {}))
	in := lines(cliOK)
	start := time.Now()
	for v := int64(2); !closed.Load(); v++ {
		require.Less(t, time.Since(start), 20*time.Second, "the slow client is never closed")
		g.set("g", v)
		h.Publish("g")
		assert.Equal(t, fmt.Sprintf(`{"id":"g","version":%d}`, v), nextData(t, in))
	}
}

func TestAdoptStop(t *testing.T) {
	g := &games{versions: map[string]int64{"g": 1}}
	h := live.New(10)
	srv, cli := pair(t)
	sub, _ := h.Subscribe("g")
	var done atomic.Bool
	assert.ErrorIs(t, h.Adopt(sub, srv, 1, func() { done.Store(true) }), live.ErrNotServing, "before Serve")
	assert.True(t, done.Load())
	assert.Zero(t, h.Watchers())
	cli.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err := cli.Read(make([]byte, 1))
	assert.Error(t, err, "closed")

	h.Serve(g.render, time.Hour)
	srv, cli = pair(t)
	sub, _ = h.Subscribe("g")
	require.NoError(t, h.Adopt(sub, srv, 1, func() {}))
	h.Stop()
	cli.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err = cli.Read(make([]byte, 1))
	assert.Error(t, err, "Stop closes the streams")
	assert.Zero(t, h.Watchers())
	srv, _ = pair(t)
	sub, _ = h.Subscribe("g")
	assert.ErrorIs(t, h.Adopt(sub, srv, 1, func() {}), live.ErrNotServing, "after Stop")
}

// TestAdoptKeepAlive: an idle stream gets a ping event every keepAlive.
func TestAdoptKeepAlive(t *testing.T) {
	g := &games{versions: map[string]int64{"g": 1}}
	h := live.New(10)
	h.Serve(g.render, 50*time.Millisecond)
	defer h.Stop()
	srv, cli := pair(t)
	sub, _ := h.Subscribe("g")
	require.NoError(t, h.Adopt(sub, srv, 1, func() {}))
	in := lines(cli)
	for range 9 { // three pings: event, data and a blank line each
		select {
		case l := <-in:
			if l != "" {
				assert.Contains(t, []string{"event: ping", `data: {"every":50}`}, l)
			}
		case <-time.After(2 * time.Second):
			t.Fatal("no keep-alive")
		}
	}
	assert.Zero(t, g.renders.Load(), "keep-alives render nothing")
}

// TestAdoptPresence: a seat holder's arrival and departure reach the game's
// streams as presence events, though the game's version stays.
func TestAdoptPresence(t *testing.T) {
	g := &games{versions: map[string]int64{"g": 1}}
	h := live.New(10)
	h.Serve(g.render, time.Hour)
	defer h.Stop()
	srv, cli := pair(t)
	sub, _ := h.Subscribe("g")
	require.NoError(t, h.Adopt(sub, srv, 1, func() {}))
	in := lines(cli)
	event := func() (string, string) {
		t.Helper()
		name := ""
		for {
			select {
			case l := <-in:
				if n, ok := strings.CutPrefix(l, "event: "); ok {
					name = n
				} else if d, ok := strings.CutPrefix(l, "data: "); ok {
					return name, d
				}
			case <-time.After(5 * time.Second):
				t.Fatal("no event")
			}
		}
	}
	leave := h.Arrive("g", "blue")
	name, data := event()
	assert.Equal(t, "presence", name)
	assert.Equal(t, `{"red":false,"blue":true}`, data)
	h.Arrive("other", "red") // another game's: not on this stream
	leave()
	name, data = event()
	assert.Equal(t, "presence", name)
	assert.Equal(t, `{"red":false,"blue":false}`, data)
	assert.Equal(t, int32(2), g.renders.Load(), "a render each, no state sent: the version stays")
}
