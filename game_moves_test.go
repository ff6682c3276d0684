package doushouqi_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// gameStates are games in every state a server meets: going on, with an
// offer pending, and ended by each way a game ends.
func gameStates(t *testing.T) map[string]*dsq.Game {
	t.Helper()
	states := map[string]*dsq.Game{}

	states["start"] = dsq.NewGame()
	states["random middle game"] = randomGame(t, 3, 25)

	offered := dsq.NewGame()
	playAll(t, offered, "a3a4")
	require.NoError(t, offered.OfferDraw(dsq.Red))
	states["draw offered"] = offered

	resigned := dsq.NewGame()
	playAll(t, resigned, "a3a4")
	require.NoError(t, resigned.Resign(dsq.Blue))
	states["resigned"] = resigned

	agreed := dsq.NewGame()
	require.NoError(t, agreed.OfferDraw(dsq.Blue))
	require.NoError(t, agreed.AcceptDraw(dsq.Red))
	states["agreed draw"] = agreed

	repeated, err := dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{Threefold: true})
	require.NoError(t, err)
	playAll(t, repeated, "a1a2", "g9g8", "a2a1", "g8g9", "a1a2", "g9g8", "a2a1", "g8g9")
	require.Equal(t, dsq.Repetition, repeated.Outcome().Reason)
	states["threefold repetition"] = repeated

	den, err := dsq.NewGameFrom(mustPosition(t, "7/3D3/7/7/7/7/7/7/l6 r 0 1"))
	require.NoError(t, err)
	playAll(t, den, "d8d9")
	states["den entered"] = den

	limit, err := dsq.NewGameFrom(mustPosition(t, "l6/7/7/7/7/7/7/7/2d1T2 r 59 40"))
	require.NoError(t, err)
	playAll(t, limit, "e1f1")
	require.Equal(t, dsq.MoveLimit, limit.Outcome().Reason)
	states["move limit"] = limit
	return states
}

// TestGameMoveQuestionsAgreeWithPlay asks a Game about every from/to pair in
// every state and checks that LegalMoves, LegalTargets, IsLegal and
// CheckMove answer what Play then does, and that a game that is over offers
// nothing.
func TestGameMoveQuestionsAgreeWithPlay(t *testing.T) {
	for name, g := range gameStates(t) {
		t.Run(name, func(t *testing.T) {
			legal := g.LegalMoves()
			if g.IsOver() {
				assert.Empty(t, legal, "a game that is over offers no moves")
			} else {
				assert.NotEmpty(t, legal)
			}
			for from := range dsq.Square(dsq.NumSquares) {
				targets := g.LegalTargets(from)
				for to := range dsq.Square(dsq.NumSquares) {
					m := dsq.NewMove(from, to)
					checkErr := g.CheckMove(m)
					isLegal := g.IsLegal(m)
					listed := slices.Contains(legal, m)
					copyOf := g.Clone()
					playErr := copyOf.Play(m)
					require.Equal(t, checkErr == nil, isLegal, "%s: CheckMove(%s) = %v, IsLegal %v", name, m, checkErr, isLegal)
					require.Equal(t, isLegal, listed, "%s: IsLegal(%s) = %v, in LegalMoves %v", name, m, isLegal, listed)
					require.Equal(t, isLegal, targets.Has(to), "%s: IsLegal(%s) = %v, in LegalTargets %v", name, m, isLegal, targets.Has(to))
					require.Equal(t, checkErr, playErr, "%s: Play(%s) returns what CheckMove says", name, m)
					if g.IsOver() && checkErr != nil {
						require.ErrorIs(t, checkErr, dsq.ErrGameOver)
					}
				}
			}
		})
	}
}

// TestGameCloneIsIndependent plays on a clone and on the original: neither
// sees the other's moves.
func TestGameCloneIsIndependent(t *testing.T) {
	g := dsq.NewGame()
	playAll(t, g, "a3a4", "a7a6")
	require.NoError(t, g.Undo()) // leaves room in the history's backing array
	c := g.Clone()
	playAll(t, g, "g7g6")
	playAll(t, c, "a7a6")
	assert.Equal(t, []string{"a3a4", "g7g6"}, moveTexts(g.Moves()))
	assert.Equal(t, []string{"a3a4", "a7a6"}, moveTexts(c.Moves()))
	p, _ := g.PositionAfter(2)
	q, _ := c.PositionAfter(2)
	assert.NotEqual(t, p, q)
}

func TestGamePlayText(t *testing.T) {
	g := dsq.NewGame()
	m, err := g.PlayText("a3a4")
	require.NoError(t, err)
	assert.Equal(t, dsq.NewMove(dsq.A3, dsq.A4), m)

	cases := []struct {
		text   string
		reason error
		msg    string
	}{
		{"zz", dsq.ErrSyntax, `doushouqi: move "zz": syntax error: want 4 characters, have 2`},
		{"a0a1", dsq.ErrSquare, `doushouqi: move "a0a1": invalid square: "a0" is not a square: want a file a..g then a rank 1..9`},
		{"a\x1b2J", dsq.ErrSquare, `doushouqi: move "a\x1b2J": invalid square: "a\x1b" is not a square: want a file a..g then a rank 1..9`}, // a control byte is quoted
		{"", dsq.ErrSyntax, `doushouqi: move "": syntax error: empty move, want <from><to> such as a3a4`},
		{"ａ1a2", dsq.ErrSquare, `doushouqi: move "ａ1a2": invalid square: "ａ1" is not a square: want a file a..g then a rank 1..9`},
		{"a1ａ2", dsq.ErrSquare, `doushouqi: move "a1ａ2": invalid square: "ａ2" is not a square: want a file a..g then a rank 1..9`},
		{"a3a４", dsq.ErrSquare, `doushouqi: move "a3a４": invalid square: "a４" is not a square: want a file a..g then a rank 1..9`},
		{"a3a4é", dsq.ErrSyntax, `doushouqi: move "a3a4é": syntax error: want 4 characters, have 5`},
		{"a3\xffa", dsq.ErrSquare, `doushouqi: move "a3\xffa": invalid square: not valid UTF-8`},
		{"a3a4\xff", dsq.ErrSyntax, `doushouqi: move "a3a4\xff": syntax error: not valid UTF-8`},
		{"a7a5", dsq.ErrNotAStep, "doushouqi: illegal move a7a5: a piece moves one square up, down, left or right"},
		{"g3g4", dsq.ErrNotYourPiece, "doushouqi: illegal move g3g4: that piece is Red's"},
	}
	for _, c := range cases {
		before := g.Position()
		m, err := g.PlayText(c.text)
		assert.Equal(t, dsq.NoMove, m)
		var me *dsq.MoveError
		require.True(t, errors.As(err, &me), "PlayText(%q): %T is not a *MoveError", c.text, err)
		assert.ErrorIs(t, err, c.reason)
		assert.Equal(t, c.msg, err.Error())
		assert.Equal(t, before, g.Position(), "a refused move changes nothing")
	}
}
