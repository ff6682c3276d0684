package apitest

import (
	"context"
	crand "crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/require"
)

// RandomGames returns n move lists of random legal games, up to 10..80
// half-moves long.
func RandomGames(n int, seed uint64) [][]string {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([][]string, n)
	for i := range out {
		pos := dsq.StartPosition()
		length := 10 + rng.IntN(71)
		for len(out[i]) < length && !pos.Outcome().IsDecided() {
			legal := pos.LegalMoves()
			m := legal[rng.IntN(len(legal))]
			if pos.Play(m) != nil {
				panic("a generated move was refused")
			}
			out[i] = append(out[i], m.String())
		}
	}
	return out
}

// FillGames stores n games straight into a SQLite file, in one
// transaction: modes in turn, 10..80 legal moves each, nine in ten finished
// by a resignation. Game i's id is %032x of i+1, its seat tokens
// "red-<i>" and "blue-<i>".
func FillGames(tb testing.TB, file string, n int) {
	s, err := store.Open(context.Background(), file) // the schema
	require.NoError(tb, err)
	s.Close()
	db, err := sql.Open("sqlite", "file:"+file+"?_pragma=journal_mode(WAL)")
	require.NoError(tb, err)
	defer db.Close()
	tx, err := db.Begin()
	require.NoError(tb, err)
	stmt, err := tx.Prepare(`INSERT INTO games (id, mode, record, ai_color, level, red_seat, blue_seat,
		first, ply, to_move, draw_offer, over, reason, winner, version, created, updated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`)
	require.NoError(tb, err)
	moves := RandomGames(1000, 2)
	rng := rand.New(rand.NewPCG(3, 4))
	now := time.Now().UnixMilli()
	for i := range n {
		r := StoredGame(moves, rng, i)
		_, err := stmt.Exec(r.ID, r.Mode, string(r.Record), r.AIColor, r.Level, r.RedSeat, r.BlueSeat,
			r.First, r.Ply, r.ToMove, r.DrawOffer, map[bool]int{true: 1}[r.Over], r.Reason, r.Winner, now, now)
		require.NoError(tb, err)
	}
	require.NoError(tb, tx.Commit())
}

// StoredGame is FillGames's game i, as the store keeps it.
func StoredGame(moves [][]string, rng *rand.Rand, i int) *store.Game {
	modes := []string{"ai", "local", "online"}
	r := &store.Game{ID: fmt.Sprintf("%032x", i+1), Mode: modes[i%3],
		RedSeat: HashToken(fmt.Sprint("red-", i)), BlueSeat: HashToken(fmt.Sprint("blue-", i))}
	if r.Mode == "ai" {
		r.AIColor, r.Level, r.BlueSeat = "blue", 3, ""
	}
	play := dsq.NewGame()
	for _, m := range moves[i%len(moves)] {
		if _, err := play.PlayText(m); err != nil {
			panic(err)
		}
	}
	g, err := games.WithGame(r, play)
	if err != nil {
		panic(err)
	}
	if !play.IsOver() && (rng.IntN(10) > 0 || g.AIThinking()) {
		play.Resign(play.Position().SideToMove())
	}
	r, err = g.Row()
	if err != nil {
		panic(err)
	}
	return r
}

// HashToken is the SHA-256 of a seat token in hex: what the store keeps of
// it.
func HashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// NewID returns a fresh game id: 128 random bits in hex.
func NewID() string {
	b := make([]byte, 16)
	crand.Read(b)
	return hex.EncodeToString(b)
}
