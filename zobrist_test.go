package doushouqi_test

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

func TestZobristVectors(t *testing.T) {
	f, err := os.Open("testdata/zobrist.txt")
	require.NoError(t, err)
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		hex, notation, _ := strings.Cut(line, " ")
		want, err := strconv.ParseUint(hex, 16, 64)
		require.NoError(t, err)
		pos, err := dsq.ParsePosition(notation)
		require.NoError(t, err)
		assert.Equal(t, want, pos.Hash(), "Hash(%s) = %016x, want %016x", notation, pos.Hash(), want)
		n++
	}
	require.NoError(t, sc.Err())
	require.GreaterOrEqual(t, n, 5)
}

func TestZobristCovers(t *testing.T) {
	start := dsq.StartPosition()
	blue, err := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1")
	require.NoError(t, err)
	assert.NotEqual(t, start.Hash(), blue.Hash(), "the side to move is hashed")
	counters, err := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 33 17")
	require.NoError(t, err)
	assert.Equal(t, start.Hash(), counters.Hash(), "the counters are not hashed")

	// A transposition reaches the same hash by two move orders.
	a, b := start, start
	for _, s := range []string{"a3a4", "a7a6", "g3g4", "g7g6"} {
		require.NoError(t, a.Play(mustMove(t, s)))
	}
	for _, s := range []string{"g3g4", "g7g6", "a3a4", "a7a6"} {
		require.NoError(t, b.Play(mustMove(t, s)))
	}
	assert.Equal(t, a, b)
	assert.Equal(t, a.Hash(), b.Hash())
}

// TestZobristIncremental plays seeded random games and checks at every ply
// that the incrementally kept hash equals a recomputation from scratch.
func TestZobristIncremental(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for game := 0; game < 300; game++ {
		pos := dsq.StartPosition()
		for {
			rebuilt, err := dsq.NewPosition(pos.Setup())
			require.NoError(t, err)
			require.Equal(t, rebuilt.Hash(), pos.Hash(), "game %d: %s", game, pos)
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				break
			}
			require.NoError(t, pos.Play(moves[rng.IntN(len(moves))]))
		}
	}
}
