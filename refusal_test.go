package doushouqi_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestMoveReasonsForPlayers: a refused move says what a player needs, with
// the animals, ranks and squares involved.
func TestMoveReasonsForPlayers(t *testing.T) {
	cases := []struct {
		pos, move string
		sentinel  error
		reason    string
	}{
		{"l6/7/7/7/3w3/3D3/7/7/7 r", "d4d5", dsq.ErrRankTooLow, "the dog (3) cannot capture the wolf (4)"},
		{"l6/7/7/7/7/7/1E5/7/7 r", "b3b7", dsq.ErrNotAJumper, "only the lion and the tiger jump the river, not the elephant"},
		{dsq.StartNotation, "a7a6", dsq.ErrNotYourPiece, "that piece is Blue's"},
		{"l6/7/7/7/7/7/7/3L3/7 r", "d2d1", dsq.ErrOwnDen, "no piece may enter its own den"},
		{"l6/7/7/7/1r5/7/1L5/7/7 r", "b3b7", dsq.ErrJumpBlocked, "the rat on b5 blocks the lion's jump"},
		{dsq.StartNotation, "c3c4", dsq.ErrWater, "the wolf cannot enter the water: only the rat may be on water"},
		{dsq.StartNotation, "d5d6", dsq.ErrEmptySquare, "there is no piece on d5"},
		{"l6/7/7/7/7/7/7/7/LT5 r", "a1b1", dsq.ErrOwnPiece, "b1 holds your own tiger"},
		{dsq.StartNotation, "a3a5", dsq.ErrNotAStep, "a piece moves one square up, down, left or right"},
		{"l6/7/7/7/7/eR5/7/7/7 r", "b4a4", dsq.ErrWaterLandCapture, "the rat cannot capture from the water onto land"},
		{"l6/3L3/3e3/7/7/7/7/7/7 r", "d8d7", dsq.ErrTrappedAttacker, "the lion stands in an enemy trap (rank 0) and cannot capture"},
		{"l6/7/7/7/7/7/2r4/2E4/7 r", "c2c3", dsq.ErrElephantRat, "the elephant cannot capture the rat"},
		{"7/3D3/7/7/7/7/7/7/l6 r 60 40", "d8d9", dsq.ErrGameOver, "the game is over: draw: no-capture move limit"},
	}
	reached := map[dsq.Refusal]bool{}
	for _, c := range cases {
		pos := mustPosition(t, c.pos)
		before := pos
		err := pos.Play(mustMove(t, c.move))
		require.ErrorIs(t, err, c.sentinel, "%s %s", c.pos, c.move)
		var me *dsq.MoveError
		require.True(t, errors.As(err, &me))
		assert.Equal(t, c.reason, me.Reason(), "%s %s", c.pos, c.move)
		assert.Equal(t, "doushouqi: illegal move "+c.move+": "+c.reason, err.Error())
		assert.Equal(t, before, pos)
		assert.Equal(t, c.sentinel, me.Refusal().Err(), "%s %s: MoveError.Refusal", c.pos, c.move)
		reached[me.Refusal()] = true
	}
	for r := range dsq.Refusals() {
		assert.True(t, reached[r], "no case refuses a move by %s (%q)", r.Code(), r)
	}
}

// TestRefusalWordsTheRareCases: the two refusals that no other test
// reaches say what happened: a capture from land into the water, and any
// move on the zero Position.
func TestRefusalWordsTheRareCases(t *testing.T) {
	// Red's rat on a4 (land), Blue's rat on b4 (water).
	pos, err := dsq.ParsePosition("l6/7/7/7/7/Rr5/7/7/7 r")
	require.NoError(t, err)
	m, err := dsq.ParseMove("a4b4")
	require.NoError(t, err)
	err = pos.CheckMove(m)
	require.ErrorIs(t, err, dsq.ErrWaterLandCapture)
	var me *dsq.MoveError
	require.True(t, errors.As(err, &me))
	assert.Contains(t, me.Reason(), "from land into the water")
	assert.Contains(t, me.Reason(), "rat")

	var zero dsq.Position
	err = zero.CheckMove(m)
	require.ErrorIs(t, err, dsq.ErrGameOver)
	require.True(t, errors.As(err, &me))
	assert.Contains(t, me.Reason(), "zero Position")
}

// TestRefusalCodesAreStable pins the code of every refusal: the codes are
// on the play site's wire and in its translations, so a code never changes
// and the list only grows.
func TestRefusalCodesAreStable(t *testing.T) {
	want := map[dsq.Refusal]string{
		dsq.RefusalGameOver:         "game-over",
		dsq.RefusalEmptySquare:      "empty-square",
		dsq.RefusalNotYourPiece:     "not-your-piece",
		dsq.RefusalNotAStep:         "not-a-step",
		dsq.RefusalNotAJumper:       "not-a-jumper",
		dsq.RefusalJumpBlocked:      "jump-blocked",
		dsq.RefusalOwnDen:           "own-den",
		dsq.RefusalWater:            "water",
		dsq.RefusalOwnPiece:         "own-piece",
		dsq.RefusalWaterLandCapture: "water-land-capture",
		dsq.RefusalTrappedAttacker:  "trapped-attacker",
		dsq.RefusalElephantRat:      "elephant-rat",
		dsq.RefusalRankTooLow:       "rank-too-low",
	}
	for r, code := range want {
		assert.Equal(t, code, r.Code(), "Refusal(%d).Code()", r)
	}
	n := 0
	for r := range dsq.Refusals() {
		_, ok := want[r]
		assert.True(t, ok, "%s (%q) has no pinned code", r.Code(), r)
		n++
	}
	assert.Equal(t, len(want), n)
}

// TestRefusalsListEachRuleOnce: Refusals yields each refusal once, in
// order; each has its own code and sentence, and its sentinel carries the
// sentence and leads back to it, through any wrapping.
func TestRefusalsListEachRuleOnce(t *testing.T) {
	code := regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	sentence := regexp.MustCompile(`^[a-z].*[a-z]$`) // lower case, no final punctuation
	codes, texts := map[string]bool{}, map[string]bool{}
	prev := dsq.NoRefusal
	for r := range dsq.Refusals() {
		assert.Greater(t, r, prev, "in order")
		prev = r
		assert.Regexp(t, code, r.Code())
		assert.Regexp(t, sentence, r.String())
		assert.False(t, codes[r.Code()], "code %q twice", r.Code())
		assert.False(t, texts[r.String()], "sentence %q twice", r.String())
		codes[r.Code()], texts[r.String()] = true, true

		err := r.Err()
		require.Error(t, err, r.Code())
		assert.Equal(t, r.String(), err.Error())
		assert.Equal(t, r, dsq.RefusalOf(err))
		wrapped := fmt.Errorf("context: %w", err)
		assert.Equal(t, r, dsq.RefusalOf(wrapped))
		assert.ErrorIs(t, wrapped, r.Err())
		for other := range dsq.Refusals() {
			if other != r {
				assert.NotErrorIs(t, err, other.Err(), "%s is not %s", r.Code(), other.Code())
			}
		}
	}
	assert.Len(t, codes, 13)

	for range dsq.Refusals() {
		break // the iterator stops when asked to
	}
}

// TestNotARefusal: NoRefusal and values beyond the list have no code and
// no sentinel, and an error that wraps no refusal's sentinel has none.
func TestNotARefusal(t *testing.T) {
	for _, r := range []dsq.Refusal{dsq.NoRefusal, dsq.Refusal(14), dsq.Refusal(255)} {
		assert.Equal(t, "", r.Code(), "Refusal(%d)", r)
		assert.Equal(t, "not a refusal", r.String(), "Refusal(%d)", r)
		assert.NoError(t, r.Err(), "Refusal(%d)", r)
	}
	assert.Equal(t, dsq.NoRefusal, dsq.RefusalOf(nil))
	assert.Equal(t, dsq.NoRefusal, dsq.RefusalOf(dsq.ErrSyntax))
	assert.Equal(t, dsq.NoRefusal, dsq.RefusalOf(errors.New("the game is over")), "the words alone are not the rule")

	_, err := dsq.NewGame().PlayText("zz")
	var me *dsq.MoveError
	require.True(t, errors.As(err, &me))
	assert.Equal(t, dsq.NoRefusal, me.Refusal(), "text that is not a move breaks no rule")

	// A board that breaks a rule names it too.
	_, err = dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/1D5/7/E1W1P1R/1C5/T5L r 0 1")
	assert.Equal(t, dsq.RefusalWater, dsq.RefusalOf(err))
}

// TestEveryRefusedMoveNamesARule: along random games, every from/to pair
// that CheckMove refuses is refused by a rule of the list.
func TestEveryRefusedMoveNamesARule(t *testing.T) {
	rng := rand.New(rand.NewPCG(44, 2))
	seen := map[dsq.Refusal]int{}
	for range 4 {
		pos := dsq.StartPosition()
		for ply := 0; ply < 200; ply++ {
			if ply%5 == 0 {
				for from := range dsq.Square(dsq.NumSquares) {
					for to := range dsq.Square(dsq.NumSquares) {
						err := pos.CheckMove(dsq.NewMove(from, to))
						if err == nil {
							continue
						}
						r := dsq.RefusalOf(err)
						require.NotEqual(t, dsq.NoRefusal, r, "%s%s in %s: %v", from, to, pos, err)
						seen[r]++
					}
				}
			}
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				break
			}
			require.NoError(t, pos.Play(moves[rng.IntN(len(moves))]))
		}
	}
	assert.GreaterOrEqual(t, len(seen), 8, "the games reach most rules: %v", seen)
}
