package doushouqi_test

import (
	"encoding/json"
	"errors"
	"strings"
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
	}
}

// TestErrorsSpeakOneLanguage collects the errors of every refusing call:
// each starts "doushouqi: ", wraps one of the package's sentinels, and
// quotes raw input (no control byte reaches the message).
func TestErrorsSpeakOneLanguage(t *testing.T) {
	const raw = "a\x1b[31m\n"
	var errs []error
	add := func(err error) {
		t.Helper()
		require.Error(t, err)
		errs = append(errs, err)
	}
	_, err := dsq.ParsePosition(raw)
	add(err)
	_, err = dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/1D5/7/E1W1P1R/1C5/T5L r 0 1")
	add(err)
	_, err = dsq.ParseMove(raw)
	add(err)
	_, err = dsq.ParseSquare(raw)
	add(err)
	_, err = dsq.ParseRules(raw)
	add(err)
	_, err = dsq.ParseOutcome(raw)
	add(err)
	add(dsq.Rules{MoveLimit: -7}.Validate())
	_, err = dsq.NewPosition(dsq.Setup{})
	add(err)
	_, err = dsq.NewPosition(dsq.Setup{MoveNumber: 1, SideToMove: 5})
	add(err)
	_, err = dsq.StartPosition().WithRules(dsq.Rules{MoveLimit: 1 << 20})
	add(err)
	_, err = dsq.NewGameFrom(dsq.Position{})
	add(err)
	_, err = dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{MoveLimit: -3})
	add(err)

	g := dsq.NewGame()
	_, err = g.PlayText(raw)
	add(err)
	add(g.Undo())
	add(g.AcceptDraw(dsq.Red))
	add(g.OfferDraw(dsq.Color(9)))
	add(g.SetTag(raw, "x"))
	add(g.SetTag("Event", "\xff"))
	require.NoError(t, g.Resign(dsq.Red))
	add(g.Play(dsq.NewMove(dsq.A3, dsq.A4)))
	add(g.Resign(dsq.Blue))

	_, err = dsq.ParseRecord("[Event \"x\"]\n\n1. " + raw + " *\n")
	add(err)
	_, err = dsq.ParseRecord("[Ev" + raw + "]\n")
	add(err)
	_, err = dsq.ParseRecordJSON([]byte(`{"moves":["` + "a\\u001b[31m" + `"],"result":"*"}`))
	add(err)
	_, err = dsq.ParseRecordJSON([]byte(`{"moves":[],"result":"*","` + "a\\u001b" + `":1}`))
	add(err)
	var o dsq.Outcome
	add(json.Unmarshal([]byte(`{"reason":"x"}`), &o))
	for _, u := range []interface{ UnmarshalText([]byte) error }{
		new(dsq.Square), new(dsq.Color), new(dsq.Animal), new(dsq.Piece), new(dsq.Move),
		new(dsq.Position), new(dsq.Rules), new(dsq.Reason), new(dsq.Outcome),
	} {
		add(u.UnmarshalText([]byte(raw)))
	}
	for _, m := range []interface{ MarshalText() ([]byte, error) }{
		dsq.Square(70), dsq.Color(3), dsq.Animal(9), dsq.Piece(40), dsq.Move(1 << 15), dsq.Rules{MoveLimit: -9}, dsq.Reason(50), dsq.Outcome{Reason: 50},
	} {
		_, err := m.MarshalText()
		add(err)
	}

	for _, err := range errs {
		msg := err.Error()
		assert.True(t, strings.HasPrefix(msg, "doushouqi: "), "%q does not start with doushouqi:", msg)
		assert.True(t, wrapsSentinel(err), "%q wraps no sentinel", msg)
		assert.False(t, strings.ContainsAny(msg, "\x1b\n\x00"), "%q holds raw control bytes", msg)
		assert.Equal(t, 1, strings.Count(msg, "doushouqi:"), "%q says doushouqi twice", msg)
	}
}
