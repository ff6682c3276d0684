package doushouqi_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

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

func TestRecordJSONStrict(t *testing.T) {
	cases := map[string]string{
		"result the moves do not give": `{"moves":["a3a4"],"result":"red wins: den entered"}`,
		"star for a decided game":      `{"start":"7/3D3/7/7/7/7/7/7/l6 r 0 1","moves":["d8d9"],"result":"*"}`,
		"unknown key":                  `{"moves":[],"result":"*","extra":1}`,
		"wrong case":                   `{"Moves":[],"result":"*"}`,
		"wrong case of a known key":    `{"moves":[],"Result":"*"}`,
		"no result":                    `{"moves":[]}`,
		"no moves":                     `{"result":"*"}`,
		"null moves":                   `{"moves":null,"result":"*"}`,
		"null result":                  `{"moves":[],"result":null}`,
		"null":                         `null`,
		"not an object":                `[1,2]`,
		"trailing data":                `{"moves":[],"result":"*"} {}`,
		"empty start":                  `{"start":"","moves":[],"result":"*"}`,
		"bad start":                    `{"start":"7/7 r","moves":[],"result":"*"}`,
		"bad rules":                    `{"rules":"chess","moves":[],"result":"*"}`,
		"illegal move":                 `{"moves":["a3a5"],"result":"*"}`,
		"not a move":                   `{"moves":["zz"],"result":"*"}`,
		"bad tag name":                 `{"tags":{"two words":"x"},"moves":[],"result":"*"}`,
		"reserved tag":                 `{"tags":{"Result":"x"},"moves":[],"result":"*"}`,
		"bad draw offer":               `{"moves":[],"result":"*","drawOffer":"green"}`,
		"empty":                        ``,
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			g, err := dsq.ParseRecordJSON([]byte(data))
			requireRecordError(t, err, data)
			assert.Nil(t, g)

			// json.Unmarshal into a Game refuses it too and changes nothing
			// (null is a no-op, as encoding/json has it).
			target := dsq.NewGame()
			playAll(t, target, "a3a4")
			before := target.Clone()
			if data != "null" {
				assert.Error(t, json.Unmarshal([]byte(data), target))
			}
			requireSameGame(t, before, target)
		})
	}
	g, err := dsq.ParseRecordJSON([]byte(`{"moves":["a3a4"],"result":"*","drawOffer":"red"}`))
	require.NoError(t, err)
	c, pending := g.DrawOffer()
	assert.True(t, pending)
	assert.Equal(t, dsq.Red, c)
}

// TestGameMarshalsByValue: a Game held by value in a struct or a map
// marshals whole, moves included.
func TestGameMarshalsByValue(t *testing.T) {
	g := dsq.NewGame()
	playAll(t, g, "a3a4")
	type room struct {
		Game dsq.Game `json:"game"`
	}
	data, err := json.Marshal(room{Game: *g})
	require.NoError(t, err)
	assert.Contains(t, string(data), `"moves":["a3a4"]`)
	data, err = json.Marshal(map[string]dsq.Game{"a": *g})
	require.NoError(t, err)
	assert.Contains(t, string(data), `"moves":["a3a4"]`)
	var back map[string]dsq.Game
	require.NoError(t, json.Unmarshal(data, &back))
	game := back["a"]
	requireSameGame(t, g, &game)
}
