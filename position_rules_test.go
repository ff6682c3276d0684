package doushouqi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// houseRules are every house rule alone, and some together.
var houseRules = []dsq.Rules{
	{TrappedCapture: true},
	{SwapDogWolf: true},
	{MoveLimit: 200},
	{MoveLimit: 1},
	{MoveLimit: dsq.MaxMoveLimit},
	{MoveLimit: dsq.NoMoveLimit},
	{TrappedCapture: true, SwapDogWolf: true, MoveLimit: 100},
}

// TestPositionRulesSurvive: a position under house rules reads back from
// its text and its JSON as the same position, rules included; a standard
// position's text is the four standard fields, as before.
func TestPositionRulesSurvive(t *testing.T) {
	// 70 half-moves without a capture: drawn under Standard, not under a
	// limit of 200.
	const notation = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36"
	standard, err := dsq.ParsePosition(notation)
	require.NoError(t, err)
	assert.Equal(t, notation, standard.String(), "a standard position writes four fields")
	assert.True(t, standard.Outcome().IsDecided())

	for _, rules := range houseRules {
		t.Run(rules.String(), func(t *testing.T) {
			pos, err := standard.WithRules(rules)
			require.NoError(t, err)
			text := pos.String()
			assert.Equal(t, notation+" "+rules.String(), text)

			parsed, err := dsq.ParsePosition(text)
			require.NoError(t, err)
			assert.Equal(t, pos, parsed, "ParsePosition(String())")
			assert.Equal(t, rules, parsed.Rules())
			assert.Equal(t, pos.Outcome(), parsed.Outcome())

			marshalled, err := pos.MarshalText()
			require.NoError(t, err)
			assert.Equal(t, text, string(marshalled))
			var back dsq.Position
			require.NoError(t, back.UnmarshalText(marshalled))
			assert.Equal(t, pos, back, "UnmarshalText(MarshalText())")

			data, err := json.Marshal(map[string]dsq.Position{"pos": pos})
			require.NoError(t, err)
			var fromJSON map[string]dsq.Position
			require.NoError(t, json.Unmarshal(data, &fromJSON))
			assert.Equal(t, pos, fromJSON["pos"], "JSON %s", data)

			setup := pos.Setup()
			assert.Equal(t, rules, setup.Rules)
			again, err := dsq.NewPosition(setup)
			require.NoError(t, err)
			assert.Equal(t, pos, again)
		})
	}
	t.Run("the old form reads as Standard", func(t *testing.T) {
		var p dsq.Position
		require.NoError(t, json.Unmarshal([]byte(`"`+notation+`"`), &p))
		assert.Equal(t, standard, p)
		p, err := dsq.ParsePosition(notation + " standard")
		require.NoError(t, err)
		assert.Equal(t, standard, p, "an explicit standard field is read too")
	})
	t.Run("the drawn case of issue 27", func(t *testing.T) {
		pos, err := standard.WithRules(dsq.Rules{MoveLimit: 200})
		require.NoError(t, err)
		require.False(t, pos.Outcome().IsDecided())
		data, err := json.Marshal(pos)
		require.NoError(t, err)
		var back dsq.Position
		require.NoError(t, json.Unmarshal(data, &back))
		assert.False(t, back.Outcome().IsDecided(), "comes back undecided: %s", data)
	})
}

// TestGameRulesSurvive: a game under house rules (Threefold included) reads
// back from its record and its JSON with its rules, and its start position
// carries them.
func TestGameRulesSurvive(t *testing.T) {
	start, err := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36")
	require.NoError(t, err)
	all := append([]dsq.Rules{{Threefold: true}, {Threefold: true, MoveLimit: 200}}, houseRules...)
	for _, rules := range all {
		t.Run(rules.String(), func(t *testing.T) {
			if rules.MoveLimit == 0 || rules.MoveLimit == 1 {
				t.Skip("drawn at the start under these rules") // 70 >= 60, 70 >= 1
			}
			g, err := dsq.NewGameRules(start, rules)
			require.NoError(t, err)
			require.False(t, g.IsOver())
			playAll(t, g, "a3a4", "a7a6")
			record := g.Record()
			positionRules := rules
			positionRules.Threefold = false
			if positionRules != dsq.Standard {
				assert.Contains(t, record, "r 70 36 "+positionRules.String()+`"]`, "the Start tag carries the position's rules")
			}
			fromText, err := dsq.ParseRecord(record)
			require.NoError(t, err, record)
			requireSameGame(t, g, fromText)
			assert.Equal(t, rules, fromText.Rules())
			assert.Equal(t, g.Start(), fromText.Start())

			data, err := json.Marshal(g)
			require.NoError(t, err)
			fromJSON, err := dsq.ParseRecordJSON(data)
			require.NoError(t, err, "%s", data)
			requireSameGame(t, g, fromJSON)
			assert.Equal(t, rules, fromJSON.Rules())
			assert.Equal(t, g.Start(), fromJSON.Start())
		})
	}
}

// TestStartRulesMustAgree: a start position written with its rules must
// agree with the game's rules; one written without them (records written
// before positions carried rules) takes the game's.
func TestStartRulesMustAgree(t *testing.T) {
	const board = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"
	for _, c := range []struct {
		start, rules string
		ok           bool
	}{
		{board, "move-limit=200", true},
		{board + " move-limit=200", "move-limit=200", true},
		{board + " move-limit=200", "move-limit=200,threefold", true},
		{board + " move-limit=200", "", false},
		{board + " move-limit=200", "move-limit=100", false},
		{board + " trapped-capture", "swap-dog-wolf", false},
	} {
		record := `[Start "` + c.start + `"]` + "\n"
		if c.rules != "" {
			record += `[Rules "` + c.rules + `"]` + "\n"
		}
		record += "\n*\n"
		_, err := dsq.ParseRecord(record)
		j := map[string]any{"start": c.start, "moves": []string{}, "result": "*"}
		if c.rules != "" {
			j["rules"] = c.rules
		}
		data, jerr := json.Marshal(j)
		require.NoError(t, jerr)
		_, jerr = dsq.ParseRecordJSON(data)
		if c.ok {
			assert.NoError(t, err, record)
			assert.NoError(t, jerr, "%s", data)
			continue
		}
		assert.ErrorIs(t, err, dsq.ErrRules, record)
		assert.ErrorIs(t, err, dsq.ErrRecord)
		assert.ErrorIs(t, jerr, dsq.ErrRules, "%s", data)
		assert.True(t, strings.Contains(err.Error(), "start position"), err.Error())
	}
}
