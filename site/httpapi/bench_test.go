package httpapi

// Benchmarks of the server (not timed tests: they report figures and fail
// only when something breaks). The figures in lab/server/bench/ (in the
// repository's lab module) came from the commands written at the top of
// each file there.
//
// BenchmarkNewGameTenMoves runs b.N rounds of "create a game, play 10 moves"
// over HTTP against the real handler on SQLite. The RSS benchmarks build
// the server binary, start it, load it, and read its memory from /proc.

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/apitest"
)

// percentile returns the p-th quantile (0..1) of sorted durations, in ms.
func percentile(sorted []time.Duration, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	d := sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
	return float64(d.Microseconds()) / 1000
}

// timedClient sends API requests and records each one's latency.
type timedClient struct {
	url  string
	http *http.Client
	mu   sync.Mutex
	lat  []time.Duration
}

func (c *timedClient) post(path, body, token string, out any) (int, error) {
	r, err := http.NewRequest("POST", c.url+path, strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	r.Header.Set("Content-Type", "application/json")
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	start := time.Now()
	res, err := c.http.Do(r)
	if err != nil {
		return 0, err
	}
	data, err := io.ReadAll(res.Body)
	res.Body.Close()
	d := time.Since(start)
	c.mu.Lock()
	c.lat = append(c.lat, d)
	c.mu.Unlock()
	if err != nil {
		return 0, err
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return 0, err
		}
	}
	return res.StatusCode, nil
}

// newGameTenMoves creates a local game and plays the first 10 moves of
// moves, as its two players.
func (c *timedClient) newGameTenMoves(moves []string) error {
	var created struct {
		Game  struct{ ID string }
		Seats map[string]string
	}
	code, err := c.post("/api/games", `{"mode":"local"}`, "", &created)
	if err != nil || code != http.StatusCreated {
		return fmt.Errorf("create: %d %v", code, err)
	}
	for ply := 0; ply < 10 && ply < len(moves); ply++ {
		token := created.Seats[[]string{"red", "blue"}[ply%2]]
		code, err := c.post("/api/games/"+created.Game.ID+"/moves",
			fmt.Sprintf(`{"move":%q,"ply":%d}`, moves[ply], ply), token, nil)
		if err != nil || code != http.StatusOK {
			return fmt.Errorf("move %s: %d %v", moves[ply], code, err)
		}
	}
	return nil
}

func BenchmarkNewGameTenMoves(b *testing.B) {
	games := apitest.RandomGames(256, 1)
	for _, clients := range []int{1, 8} {
		b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) {
			s := newTestServer(b, testOptions{})
			srv := httptest.NewServer(s.Handler())
			defer srv.Close()
			c := &timedClient{url: srv.URL,
				http: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}}
			var next atomic.Int64
			b.ResetTimer()
			start := time.Now()
			var wg sync.WaitGroup
			for range clients {
				wg.Go(func() {
					for i := next.Add(1) - 1; i < int64(b.N); i = next.Add(1) - 1 {
						if err := c.newGameTenMoves(games[i%int64(len(games))]); err != nil {
							b.Error(err)
							return
						}
					}
				})
			}
			wg.Wait()
			elapsed := time.Since(start)
			b.StopTimer()
			slices.Sort(c.lat)
			b.ReportMetric(float64(len(c.lat))/elapsed.Seconds(), "req/s")
			b.ReportMetric(percentile(c.lat, 0.5), "p50-ms")
			b.ReportMetric(percentile(c.lat, 0.99), "p99-ms")
		})
	}
}

// BenchmarkStreamHeap reports the Go heap each live stream holds once the
// hub has taken it over: b.N streams of a seat holder (its presence
// counted) opened on one game over HTTP/1.1 to the real server, the heap
// in use after a collection before and after, divided by the streams. The
// count includes the test's own end of each connection (a few hundred
// bytes), so it is an upper bound; the kernel's socket buffers are not
// counted. Run with -benchtime 500x or so.
func BenchmarkStreamHeap(b *testing.B) {
	s := newTestServer(b, testOptions{watchers: b.N + 100, perClient: b.N + 100})
	c := serveHTTP(b, s)
	g := c.Create(`{"mode":"online"}`)
	host := strings.TrimPrefix(c.URL, "http://")
	open := func() net.Conn {
		conn, err := net.Dial("tcp", host)
		if err != nil {
			b.Fatal(err)
		}
		fmt.Fprintf(conn, "GET /api/games/%s/events?seat=%s HTTP/1.1\r\nHost: %s\r\n\r\n", g.ID, g.Seats["red"], host)
		buf := make([]byte, 512)
		got := ""
		for !strings.Contains(got, "event: ping") { // the head, the first state and the ping
			n, err := conn.Read(buf)
			if err != nil {
				b.Fatal(err)
			}
			got += string(buf[:n])
		}
		return conn
	}
	open().Close() // the server's first stream readies the hub
	time.Sleep(100 * time.Millisecond)
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapInuse
	}
	before := heap()
	b.ResetTimer()
	conns := make([]net.Conn, b.N)
	for i := range conns {
		conns[i] = open()
	}
	b.StopTimer()
	for s.cfg.Hub.Streams() < b.N {
		time.Sleep(10 * time.Millisecond)
	}
	after := heap()
	b.ReportMetric(float64(int64(after)-int64(before))/float64(b.N), "B/stream")
	for _, conn := range conns {
		conn.Close()
	}
}
