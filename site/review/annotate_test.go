package review_test

import (
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/record"
	"github.com/doushouqi/doushouqi/site/review"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMarkGrades(t *testing.T) {
	redWin := &review.Win{Color: "red", In: 3}
	blueWin := &review.Win{Color: "blue", In: 4}
	cases := []struct {
		name string
		prev *review.Move // the move before, if any
		move review.Move
		want record.Mark
	}{
		{"no loss", nil, review.Move{Color: "red", Loss: 0}, record.NoMark},
		{"below dubious", nil, review.Move{Color: "red", Loss: review.DubiousLoss - 1}, record.NoMark},
		{"dubious", nil, review.Move{Color: "red", Loss: review.DubiousLoss}, record.Dubious},
		{"mistake", nil, review.Move{Color: "red", Loss: review.MarkLoss}, record.Mistake},
		{"blunder", nil, review.Move{Color: "red", Loss: review.BlunderLoss}, record.Blunder},
		{"a win thrown away", nil, review.Move{Color: "blue", Loss: review.WinEval}, record.Blunder},
		{"a forced win found", &review.Move{Color: "blue"}, review.Move{Color: "red", Win: redWin}, record.Good},
		{"a forced win found on the first move", nil, review.Move{Color: "red", Win: redWin}, record.Good},
		{"a forced win kept", &review.Move{Color: "blue", Win: redWin}, review.Move{Color: "red", Win: redWin}, record.NoMark},
		{"a forced win for the other side", &review.Move{Color: "red"}, review.Move{Color: "blue", Win: redWin}, record.NoMark},
		{"a forced win after a loss", &review.Move{Color: "red", Win: blueWin}, review.Move{Color: "blue", Loss: 50, Win: blueWin}, record.NoMark},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &review.Review{}
			if c.prev != nil {
				r.Moves = append(r.Moves, *c.prev)
			}
			r.Moves = append(r.Moves, c.move)
			assert.Equal(t, c.want, r.Mark(len(r.Moves)-1), "%+v", c.move)
		})
	}
	r := &review.Review{Moves: []review.Move{{Loss: review.BlunderLoss}}}
	assert.Equal(t, record.NoMark, r.Mark(1), "out of range")
	assert.Equal(t, record.NoMark, r.Mark(-1), "out of range")
}

// annotatedGame is a game of three moves and a review of it made by hand:
// a quiet move, a mistake with the engine's better move, and a move that
// finds a forced win.
func annotatedGame(t *testing.T) (*dsq.Game, *review.Review) {
	t.Helper()
	g := dsq.NewGame()
	for _, m := range []string{"a3a4", "a7a6", "g3g4"} {
		_, err := g.PlayText(m)
		require.NoError(t, err)
	}
	return g, &review.Review{Moves: []review.Move{
		{Ply: 1, Move: "a3a4", Color: "red", Eval: 10, Best: "a3a4", BestEval: 10},
		{Ply: 2, Move: "a7a6", Color: "blue", Eval: 330, Best: "g7g6", BestEval: -20, Loss: 350, Mark: true},
		{Ply: 3, Move: "g3g4", Color: "red", Eval: review.WinEval, Win: &review.Win{Color: "red", In: 5}, Best: "g3g4", BestEval: review.WinEval},
	}}
}

func TestAnnotate(t *testing.T) {
	g, r := annotatedGame(t)
	a, err := review.Annotate(g, r)
	require.NoError(t, err)
	text, err := a.MarshalText()
	require.NoError(t, err)
	assert.Contains(t, string(text), "1. a3a4 a7a6? {engine: +3.3} (1... g7g6 {engine: -0.2}) 2. g3g4! {engine: red wins in 5} *")

	back, err := record.Parse(string(text))
	require.NoError(t, err)
	line, err := back.Game()
	require.NoError(t, err)
	assert.Equal(t, g.Moves(), line.Moves(), "the same main line")
	require.Len(t, back.Moves, 3)
	var marks []record.Mark
	for _, n := range back.Moves {
		marks = append(marks, n.Mark)
	}
	assert.Equal(t, []record.Mark{record.NoMark, record.Mistake, record.Good}, marks)
	require.Len(t, back.Moves[1].Variations, 1)
	assert.Equal(t, "g7g6", back.Moves[1].Variations[0][0].Move.String())
	assert.Empty(t, back.Moves[0].After, "a move without a mark has no comment")
	assert.Empty(t, back.Moves[2].Variations, "no better move than a forced win")
}

func TestAnnotateRefusesAnotherGame(t *testing.T) {
	g, r := annotatedGame(t)
	other := dsq.NewGame()
	_, err := other.PlayText("a3a4")
	require.NoError(t, err)
	_, err = review.Annotate(other, r)
	assert.ErrorIs(t, err, review.ErrOtherGame, "fewer moves")

	r.Moves[2].Move = "g3g2"
	_, err = review.Annotate(g, r)
	assert.ErrorIs(t, err, review.ErrOtherGame, "another move")
}

func TestAnnotateEvaluations(t *testing.T) {
	g := dsq.NewGame()
	_, err := g.PlayText("a3a4")
	require.NoError(t, err)
	cases := []struct {
		move review.Move
		want string
	}{
		{review.Move{Eval: -150, Loss: review.DubiousLoss, Best: "g3g4", BestEval: 5}, "1. a3a4?! {engine: -1.5} (1. g3g4 {engine: +0.1})"},
		{review.Move{Eval: -review.WinEval, Win: &review.Win{Color: "blue", In: 2}, Loss: 2 * review.WinEval, Best: "g3g4", BestEval: review.WinEval},
			"1. a3a4?? {engine: blue wins in 2} (1. g3g4 {engine: red wins})"},
		{review.Move{Eval: 0, Loss: review.MarkLoss, Best: "a3a4", BestEval: 300}, "1. a3a4? {engine: +0.0} *"},
	}
	for _, c := range cases {
		c.move.Ply, c.move.Move, c.move.Color = 1, "a3a4", "red"
		a, err := review.Annotate(g, &review.Review{Moves: []review.Move{c.move}})
		require.NoError(t, err)
		assert.Contains(t, a.String(), c.want)
	}
}
