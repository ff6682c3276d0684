package teach_test

import (
	"fmt"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/teach"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCode(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{dsq.ErrGameOver, "game-over"},
		{dsq.ErrEmptySquare, "empty-square"},
		{dsq.ErrNotYourPiece, "not-your-piece"},
		{dsq.ErrNotAStep, "not-a-step"},
		{dsq.ErrOwnDen, "own-den"},
		{dsq.ErrWater, "water"},
		{dsq.ErrJumpBlocked, "jump-blocked"},
		{dsq.ErrOwnPiece, "own-piece"},
		{dsq.ErrWaterLandCapture, "water-land-capture"},
		{dsq.ErrTrappedAttacker, "trapped-attacker"},
		{dsq.ErrElephantRat, "elephant-rat"},
		{dsq.ErrRankTooLow, "rank-too-low"},
		{dsq.ErrNotAJumper, "not-a-jumper"},
		{fmt.Errorf("other"), "illegal-move"},
	}
	for _, c := range cases {
		err := error(&dsq.MoveError{Move: dsq.NewMove(dsq.A1, dsq.A2), Err: c.err})
		assert.Equal(t, c.want, teach.Code(err), "Code(%v)", err)
	}
}

// TestRuleOf: a refusal of the library reads as its rule's code and the
// library's words for the player; an error that is not a move's refusal
// keeps its code but never shows its own text.
func TestRuleOf(t *testing.T) {
	pos := mustParse(t, "7/7/7/7/7/7/7/2w4/2D4 r 0 1") // a red dog under a blue wolf
	err := pos.Play(dsq.NewMove(dsq.C1, dsq.C2))
	require.Error(t, err)
	assert.Equal(t, teach.Rule{Code: "rank-too-low", Message: "the dog (3) cannot capture the wolf (4)"}, teach.RuleOf(err))
	err = pos.Play(dsq.NewMove(dsq.C1, dsq.D1))
	assert.Equal(t, teach.Rule{Code: "own-den", Message: "no piece may enter its own den"}, teach.RuleOf(err))
	assert.Equal(t, teach.Rule{Code: "water", Message: "illegal move"}, teach.RuleOf(fmt.Errorf("internal detail: %w", dsq.ErrWater)))
	assert.Equal(t, teach.Rule{Code: "illegal-move", Message: "illegal move"}, teach.RuleOf(fmt.Errorf("internal detail")))
}
