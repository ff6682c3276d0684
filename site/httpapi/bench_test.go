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
	"net/http"
	"net/http/httptest"
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
