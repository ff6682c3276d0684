package main

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/stretchr/testify/require"
)

// rssMB returns the process's resident memory now and at its peak, in MB
// (10^6 bytes), from /proc.
func rssMB(tb testing.TB, pid int) (now, peak float64) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(tb, err)
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, _ := strconv.ParseFloat(f[1], 64)
		switch f[0] {
		case "VmRSS:":
			now = kb * 1024 / 1e6
		case "VmHWM:":
			peak = kb * 1024 / 1e6
		}
	}
	return now, peak
}

// BenchmarkRSS100kGames: the server's memory with 100,000 stored games,
// after reading 20,000 of them at random, their targets, the statistics,
// and 2,000 moves. Run with -benchtime 1x.
func BenchmarkRSS100kGames(b *testing.B) {
	const n = 100_000
	bin := buildServer(b)
	file := filepath.Join(b.TempDir(), "dsq.db")
	apitest.FillGames(b, file, n)
	c, cmd := startBinary(b, bin, file, "-create-limit", "1000000", "-post-limit", "1000000")
	startRSS, _ := rssMB(b, cmd.Process.Pid)
	b.ResetTimer()
	for range b.N {
		res := c.Req("GET", "/api/stats", "")
		require.Equal(b, http.StatusOK, res.Status)
		require.Equal(b, float64(finished(n)), res.Body["overall"].(map[string]any)["games"])
		var wg sync.WaitGroup
		var moved atomic.Int32
		for w := range 4 {
			wg.Go(func() {
				rng := rand.New(rand.NewPCG(uint64(w), 9))
				for range 5000 {
					i := rng.IntN(n)
					id := fmt.Sprintf("%032x", i+1)
					st := c.State(id)
					if st["over"] == false && st["mode"] != "ai" && moved.Load() < 2000 {
						if tryMove(c, id, i, st) {
							moved.Add(1)
						}
					}
				}
			})
		}
		wg.Wait()
		b.ReportMetric(float64(moved.Load()), "moves")
	}
	b.StopTimer()
	rss, peak := rssMB(b, cmd.Process.Pid)
	b.ReportMetric(startRSS, "MB-RSS-start")
	b.ReportMetric(rss, "MB-RSS")
	b.ReportMetric(peak, "MB-RSS-peak")
}

// finished counts the games fillGames finished (same draws).
func finished(n int) int {
	moves := apitest.RandomGames(1000, 2)
	rng := rand.New(rand.NewPCG(3, 4))
	count := 0
	for i := range n {
		if apitest.StoredGame(moves, rng, i).Over {
			count++
		}
	}
	return count
}

// tryMove plays a legal move of the side to move in game id (i).
func tryMove(c *client, id string, i int, st map[string]any) bool {
	side := st["sideToMove"].(string)
	legal, _ := st["legal"].(map[string]any)
	for from, to := range legal {
		targets, _ := to.([]any)
		if len(targets) == 0 {
			continue
		}
		body := fmt.Sprintf(`{"move":"%s%s","ply":%d}`, from, targets[0], int(st["ply"].(float64)))
		return c.As(fmt.Sprint(side, "-", i), "POST", "/api/games/"+id+"/moves", body).Status == http.StatusOK
	}
	return false
}

// BenchmarkRSSAIGames: the server's memory after 1,000 AI games at level 4
// (depth 4), each with a move of the player and the AI's reply, on a pool
// of 2 engines of 16 MiB. Run with -benchtime 1x.
func BenchmarkRSSAIGames(b *testing.B) {
	const games, engines, hashMiB = 1000, 2, 16
	bin := buildServer(b)
	c, cmd := startBinary(b, bin, filepath.Join(b.TempDir(), "dsq.db"), "-create-limit", "1000000", "-post-limit", "1000000",
		"-ai-engines", strconv.Itoa(engines), "-ai-hash", strconv.Itoa(hashMiB), "-ai-queue", "2000")
	startRSS, _ := rssMB(b, cmd.Process.Pid)
	openings := []string{"a3a4", "g3g4", "c3d3", "e3d3", "b2b3", "f2f3", "a1a2", "g1g2"}
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		ids := make([]string, games)
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Go(func() {
				for i := w; i < games; i += 4 {
					g := c.Create(`{"mode":"ai","level":4}`)
					res := c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves",
						fmt.Sprintf(`{"move":%q,"ply":0}`, openings[i%len(openings)]))
					require.Equal(b, http.StatusOK, res.Status, res.Raw)
					ids[i] = g.ID
				}
			})
		}
		wg.Wait()
		for _, id := range ids {
			for st := c.State(id); st["aiThinking"] == true; st = c.State(id) {
				time.Sleep(50 * time.Millisecond)
			}
		}
	}
	b.StopTimer()
	rss, peak := rssMB(b, cmd.Process.Pid)
	b.ReportMetric(time.Since(start).Seconds()/float64(games*b.N)*1000, "ms/AI-move")
	b.ReportMetric(startRSS, "MB-RSS-start")
	b.ReportMetric(rss, "MB-RSS")
	b.ReportMetric(peak, "MB-RSS-peak")
	b.ReportMetric(float64(engines*hashMiB)*1.048576, "MB-tables")
}
