package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/longtest"
	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKill9 builds the server, plays a game on it, kills the process with
// SIGKILL while moves are being sent, starts it again on the same database,
// and finds every acknowledged move stored. Building the server takes most
// of its time: a deep check (DSQ_LONG=1), as CI runs it.
func TestKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server binary")
	}
	longtest.Skip(t)
	bin := buildServer(t)

	t.Run("sqlite", func(t *testing.T) { kill9(t, bin, filepath.Join(t.TempDir(), "dsq.db")) })
	t.Run("postgres", func(t *testing.T) { kill9(t, bin, testenv.PostgresURL(t)) })
	t.Run("SIGTERM finishes the AI's moves", func(t *testing.T) { sigterm(t, bin) })
}

// sigterm queues AI moves on one engine, sends SIGTERM at once, and checks
// that the process exits cleanly with every AI reply stored.
func sigterm(t *testing.T, bin string) {
	db := filepath.Join(t.TempDir(), "dsq.db")
	c, cmd := startBinary(t, bin, db, "-ai-engines", "1", "-ai-time", "5s")
	var games []apitest.Game
	for range 4 {
		g := c.Create(`{"mode":"ai","level":5}`)
		res := c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		games = append(games, g)
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	require.NoError(t, cmd.Wait(), "a clean exit")

	s, err := store.Open(context.Background(), db)
	require.NoError(t, err)
	defer s.Close()
	for _, g := range games {
		rec, err := s.Get(context.Background(), g.ID)
		require.NoError(t, err)
		assert.Equal(t, 2, rec.Ply, "the AI's reply in game %s", g.ID)
	}
}

// buildServer builds the server binary into a temporary directory.
func buildServer(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "server")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

// startBinary starts the server binary on db and returns a client for it.
func startBinary(t testing.TB, bin, db string, flags ...string) (*client, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"-addr", "127.0.0.1:0", "-db", db, "-log", "error"}, withoutTables(flags)...)...)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	out := bufio.NewReader(stdout)
	line, err := out.ReadString('\n')
	require.NoError(t, err)
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "Dou Shou Qi server on ")
	require.True(t, ok, line)
	logs := &apitest.Buffer{}
	go io.Copy(logs, out) // the log must be read, or the server blocks on it
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	return &client{T: t, URL: strings.TrimSuffix(url, "/")}, cmd
}

func kill9(t *testing.T, bin, db string) {
	c, cmd := startBinary(t, bin, db)
	g := c.Create(`{"mode":"local"}`)

	// Moves for the game, chosen locally; the server must accept each.
	pos := dsq.StartPosition()
	var moves []string
	for i := 0; i < 40 && !pos.Outcome().IsDecided(); i++ {
		legal := pos.LegalMoves()
		m := legal[(i*7)%len(legal)]
		require.NoError(t, pos.Play(m))
		moves = append(moves, m.String())
	}

	var acked atomic.Int32
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i, m := range moves {
			token := g.Seats[[]string{"red", "blue"}[i%2]]
			r, err := http.NewRequest("POST", c.URL+"/api/games/"+g.ID+"/moves",
				strings.NewReader(fmt.Sprintf(`{"move":%q,"ply":%d}`, m, i)))
			if err != nil {
				return
			}
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("Authorization", "Bearer "+token)
			res, err := http.DefaultClient.Do(r)
			if err != nil {
				return // the server is gone
			}
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Errorf("move %d %s: status %d", i, m, res.StatusCode)
				return
			}
			acked.Store(int32(i + 1))
		}
	}()
	for acked.Load() < int32(len(moves)/2) {
		time.Sleep(time.Millisecond)
	}
	require.NoError(t, cmd.Process.Kill()) // SIGKILL, mid-game, requests in flight
	cmd.Wait()
	<-done
	n := int(acked.Load())
	require.Less(t, n, len(moves), "the kill came after the game")

	c2, _ := startBinary(t, bin, db)
	st := c2.State(g.ID)
	stored := st["moves"].([]any)
	require.GreaterOrEqual(t, len(stored), n, "an acknowledged move was lost")
	assert.LessOrEqual(t, len(stored), n+1, "at most the unanswered move in flight")
	for i, m := range stored {
		assert.Equal(t, moves[i], m, "move %d", i+1)
	}
	// The game goes on after the restart.
	i := len(stored)
	token := g.Seats[[]string{"red", "blue"}[i%2]]
	res := c2.As(token, "POST", "/api/games/"+g.ID+"/moves", fmt.Sprintf(`{"move":%q,"ply":%d}`, moves[i], i))
	assert.Equal(t, http.StatusOK, res.Status, res.Raw)
}
