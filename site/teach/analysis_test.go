package teach_test

import (
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/doushouqi/doushouqi/site/teach"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustParse(t *testing.T, s string) dsq.Position {
	t.Helper()
	p, err := dsq.ParsePosition(s)
	require.NoError(t, err)
	return p
}

func TestAnalyzeBlockedJump(t *testing.T) {
	// Red lion d5, a blue rat on b5: the left jump is blocked, the right open.
	a, err := teach.Analyze(mustParse(t, "l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1"), "d5")
	require.NoError(t, err)
	assert.Equal(t, "L", a.Piece)
	assert.ElementsMatch(t, []string{"d6", "d4", "g5"}, a.Targets)
	refused := map[string]string{}
	for _, r := range a.Refused {
		refused[r.To] = r.Code
		assert.NotEmpty(t, r.Message)
	}
	assert.Equal(t, map[string]string{"a5": "jump-blocked", "c5": "water", "e5": "water"}, refused)
	b5, left := "b5", teach.Jump{Direction: "left", Path: []string{"c5", "b5"}, Landing: "a5"}
	left.BlockedBy = &b5
	assert.ElementsMatch(t, []teach.Jump{left, {Direction: "right", Path: []string{"e5", "f5"}, Landing: "g5"}}, a.Jumps)
	assert.Equal(t, "water", a.Terrain["b5"])
	assert.Equal(t, "blue-den", a.Terrain["d9"])
	assert.Equal(t, "red-trap", a.Terrain["d2"])
	assert.Equal(t, "blue-trap", a.Terrain["c9"])
	assert.Equal(t, "land", a.Terrain["d5"])
}

func TestAnalyzeOtherSidesPiece(t *testing.T) {
	// Red to move, but Blue's rat b5 is asked about: its own moves are shown,
	// and the red lion cannot take it from land.
	a, err := teach.Analyze(mustParse(t, "l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1"), "b5")
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"a5", "c5", "b6", "b4"}, a.Targets)
	assert.Empty(t, a.Attackers)
}

func TestAnalyzeAttackersAndTraps(t *testing.T) {
	// A blue cat on d7 guards the trap d8 against the red rat and elephant.
	a, err := teach.Analyze(mustParse(t, "l6/7/3c3/7/7/7/7/7/E5R r 0 1"), "")
	require.NoError(t, err)
	var d8 *teach.Trap
	for i := range a.Traps {
		if a.Traps[i].Square == "d8" {
			d8 = &a.Traps[i]
		}
	}
	require.NotNil(t, d8)
	assert.Equal(t, "blue", d8.Owner)
	assert.Equal(t, map[string][]string{"rat": {"d7"}, "elephant": {"d7"}}, d8.Controllers)
	assert.Len(t, a.Traps, 6)

	// The cat on d7 is attacked by nothing; a red lion on d6 attacks it.
	a, err = teach.Analyze(mustParse(t, "l6/7/3c3/3L3/7/7/7/7/E5R r 0 1"), "d7")
	require.NoError(t, err)
	assert.Equal(t, []string{"d6"}, a.Attackers)
}

func TestAnalyzeDenThreats(t *testing.T) {
	// One threat that the blue rat can meet by taking the trapped lion.
	a, err := teach.Analyze(mustParse(t, "1rL4/7/7/7/7/7/7/7/T6 b 0 1"), "")
	require.NoError(t, err)
	assert.Equal(t, []string{"c9d9"}, a.DenThreats["red"])
	assert.Empty(t, a.DenThreats["blue"])
	assert.Equal(t, []string{"b9c9"}, a.DenDefences)

	// Two threats: nothing meets both.
	a, err = teach.Analyze(mustParse(t, "1rL1T2/7/7/7/7/7/7/7/7 b 0 1"), "")
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"c9d9", "e9d9"}, a.DenThreats["red"])
	assert.Empty(t, a.DenDefences)
	assert.Nil(t, a.Outcome)
}

func TestAnalyzeDecided(t *testing.T) {
	a, err := teach.Analyze(mustParse(t, "l5t/7/7/7/7/7/7/7/T5L r 60 31"), "a1")
	require.NoError(t, err)
	require.NotNil(t, a.Outcome)
	assert.Equal(t, teach.Outcome{Reason: dsq.MoveLimit}, *a.Outcome)
	assert.Empty(t, a.Targets, "nothing moves in a decided game")
}

func TestAnalyzeEmptySquare(t *testing.T) {
	_, err := teach.Analyze(dsq.StartPosition(), "d5")
	assert.ErrorIs(t, err, teach.ErrNoPiece)
	_, err = teach.Analyze(dsq.StartPosition(), "z9")
	assert.ErrorIs(t, err, dsq.ErrSquare)
}

// TestAnalyzeEndgameLoss: the verdict is for the side to move, and the best
// moves of a lost position are those that hold out longest.
func TestAnalyzeEndgameLoss(t *testing.T) {
	ts := apitest.ElephantLion(t)
	pos := mustParse(t, "7/7/7/7/7/7/7/3e3/E5L r 0 1") // Blue's elephant enters Red's den next
	a, err := teach.Teacher{Tables: ts}.Analyze(pos, "")
	require.NoError(t, err)
	require.NotNil(t, a.Endgame)
	v, ok := ts.Verdict(pos)
	require.True(t, ok)
	assert.Equal(t, "loss", a.Endgame.Result)
	assert.Equal(t, v.Value.Distance, a.Endgame.Distance)
	assert.Equal(t, v.String(), a.Endgame.Text)
	assert.Len(t, a.Endgame.Best, len(v.Best))
}
