package doushouqi_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

func TestRulesText(t *testing.T) {
	cases := map[string]dsq.Rules{
		"standard":        {},
		"trapped-capture": {TrappedCapture: true},
		"swap-dog-wolf":   {SwapDogWolf: true},
		"move-limit=200":  {MoveLimit: 200},
		"no-move-limit":   {MoveLimit: dsq.NoMoveLimit},
		"threefold":       {Threefold: true},
		"trapped-capture,swap-dog-wolf,move-limit=7,threefold": {TrappedCapture: true, SwapDogWolf: true, MoveLimit: 7, Threefold: true},
	}
	for text, rules := range cases {
		assert.Equal(t, text, rules.String())
		got, err := dsq.ParseRules(text)
		require.NoError(t, err, text)
		assert.Equal(t, rules, got)
	}
	for _, bad := range []string{"nonsense", "move-limit=0", "move-limit=-5", "move-limit=x", "move-limit=10001", "trapped-capture=1", "standard,threefold"} {
		_, err := dsq.ParseRules(bad)
		assert.ErrorIs(t, err, dsq.ErrRules, "ParseRules(%q)", bad)
	}
	assert.ErrorIs(t, dsq.Rules{MoveLimit: -2}.Validate(), dsq.ErrRules)
	_, err := dsq.StartPosition().WithRules(dsq.Rules{MoveLimit: 20000})
	assert.ErrorIs(t, err, dsq.ErrRules)
	assert.Equal(t, 4, dsq.Rules{SwapDogWolf: true}.Rank(dsq.Dog))
	assert.Equal(t, 3, dsq.Rules{SwapDogWolf: true}.Rank(dsq.Wolf))
	assert.Equal(t, 3, dsq.Standard.Rank(dsq.Dog))
}

func TestPositionKeepsRules(t *testing.T) {
	rules := dsq.Rules{TrappedCapture: true, MoveLimit: 200}
	pos, err := dsq.StartPosition().WithRules(rules)
	require.NoError(t, err)
	assert.Equal(t, rules, pos.Rules())
	assert.Equal(t, dsq.StartNotation+" trapped-capture,move-limit=200", pos.String(), "the notation carries the rules")
	require.NoError(t, pos.Play(mustMove(t, "a3a4")))
	assert.Equal(t, rules, pos.Rules(), "moves keep the rules")
	setup := pos.Setup()
	assert.Equal(t, rules, setup.Rules)
	again, err := dsq.NewPosition(setup)
	require.NoError(t, err)
	assert.Equal(t, pos, again)
	std := dsq.StartPosition()
	assert.NotEqual(t, std, mustWithRules(t, std, rules), "positions under other rules are not ==")
}

func mustWithRules(t *testing.T, pos dsq.Position, r dsq.Rules) dsq.Position {
	t.Helper()
	pos, err := pos.WithRules(r)
	require.NoError(t, err)
	return pos
}

func TestVariantMoves(t *testing.T) {
	cases := []struct {
		name  string
		pos   string
		rules dsq.Rules
		move  string
		want  error
	}{
		{"trapped elephant takes the wolf", "7/3E3/3w3/7/7/7/7/7/T6 r", dsq.Rules{TrappedCapture: true}, "d8d7", nil},
		{"not under the standard", "7/3E3/3w3/7/7/7/7/7/T6 r", dsq.Standard, "d8d7", dsq.ErrTrappedAttacker},
		{"trapped rat takes the elephant", "1eR4/7/7/7/7/7/7/7/6l r", dsq.Rules{TrappedCapture: true}, "c9b9", nil},
		{"trapped cat still cannot take a lion", "1lC4/7/7/7/7/7/7/7/6t r", dsq.Rules{TrappedCapture: true}, "c9b9", dsq.ErrRankTooLow},
		{"dog takes wolf when swapped", "l6/7/7/3w3/3D3/7/7/7/L6 r", dsq.Rules{SwapDogWolf: true}, "d5d6", nil},
		{"wolf cannot take dog when swapped", "l6/7/7/3w3/3D3/7/7/7/L6 b", dsq.Rules{SwapDogWolf: true}, "d6d5", dsq.ErrRankTooLow},
		{"dog cannot take wolf by default", "l6/7/7/3w3/3D3/7/7/7/L6 r", dsq.Standard, "d5d6", dsq.ErrRankTooLow},
		{"no limit: 60 is nothing", "l6/7/7/7/3D3/7/7/7/7 r 60 40", dsq.Rules{MoveLimit: dsq.NoMoveLimit}, "d5d6", nil},
		{"limit 200 at 199", "l6/7/7/7/3D3/7/7/7/7 r 199 140", dsq.Rules{MoveLimit: 200}, "d5d6", nil},
		{"limit 200 reached", "l6/7/7/7/3D3/7/7/7/7 r 200 140", dsq.Rules{MoveLimit: 200}, "d5d6", dsq.ErrGameOver},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos := mustWithRules(t, mustPosition(t, c.pos), c.rules)
			before := pos
			err := pos.Play(mustMove(t, c.move))
			if c.want == nil {
				require.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, c.want)
			assert.Equal(t, before, pos)
		})
	}

	pos := mustWithRules(t, mustPosition(t, "l6/7/7/7/3D3/7/7/7/7 r 199 140"), dsq.Rules{MoveLimit: 200})
	require.NoError(t, pos.Play(mustMove(t, "d5d6")))
	assert.Equal(t, "draw: no-capture move limit", pos.Outcome().String())
}

func TestThreefold(t *testing.T) {
	shuffle := []string{"a1a2", "a9a8", "a2a1", "a8a9", "a1a2", "a9a8", "a2a1", "a8a9"}
	start := mustPosition(t, "l6/7/7/7/7/7/7/7/L6 r 0 1")

	g, err := dsq.NewGameRules(start, dsq.Rules{Threefold: true})
	require.NoError(t, err)
	playAll(t, g, shuffle[:7]...)
	assert.False(t, g.IsOver(), "the start position has occurred twice")
	playAll(t, g, shuffle[7])
	assert.Equal(t, "draw: threefold repetition", g.Outcome().String())
	assert.True(t, g.Outcome().IsDraw())
	requireFrozen(t, g)

	// The record says so and replays to the same end.
	loaded, err := dsq.ParseRecord(g.Record())
	require.NoError(t, err)
	assert.Equal(t, g.Outcome(), loaded.Outcome())
	assert.Equal(t, dsq.Rules{Threefold: true}, loaded.Rules())
	assert.Contains(t, g.Record(), `[Rules "threefold"]`)

	// Off by default.
	plain, err := dsq.NewGameFrom(start)
	require.NoError(t, err)
	playAll(t, plain, shuffle...)
	assert.False(t, plain.IsOver())
}

func TestGameRulesInJSON(t *testing.T) {
	rules := dsq.Rules{TrappedCapture: true, SwapDogWolf: true, MoveLimit: 200}
	g, err := dsq.NewGameRules(dsq.StartPosition(), rules)
	require.NoError(t, err)
	playAll(t, g, "a3a4")
	data, err := json.Marshal(g)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"rules":"trapped-capture,swap-dog-wolf,move-limit=200"`)
	var back dsq.Game
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, rules, back.Rules())
	assert.Equal(t, g.Position(), back.Position())
}
