package doushouqi_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRulesLimitBoundaries: the ends of every accepted range are accepted and
// the values just past them refused.
func TestRulesLimitBoundaries(t *testing.T) {
	for _, n := range []int{1, dsq.MaxMoveLimit} {
		require.NoError(t, dsq.Rules{MoveLimit: n}.Validate(), "MoveLimit %d", n)
		r, err := dsq.ParseRules(fmt.Sprintf("move-limit=%d", n))
		require.NoError(t, err, "move-limit=%d", n)
		assert.Equal(t, n, r.MoveLimit)
	}
	for _, n := range []int{0, dsq.MaxMoveLimit + 1} {
		_, err := dsq.ParseRules(fmt.Sprintf("move-limit=%d", n))
		assert.ErrorIs(t, err, dsq.ErrRules, "move-limit=%d", n)
	}
	assert.ErrorIs(t, dsq.Rules{MoveLimit: dsq.MaxMoveLimit + 1}.Validate(), dsq.ErrRules)
	assert.ErrorIs(t, dsq.Rules{MoveLimit: -2}.Validate(), dsq.ErrRules)
}

// TestRulesOptionsTakeNoValue refuses a value on an option that takes
// none.
func TestRulesOptionsTakeNoValue(t *testing.T) {
	for _, s := range []string{"trapped-capture=1", "swap-dog-wolf=yes", "no-move-limit=0", "threefold=3",
		"threefold,trapped-capture=", "move-limit=200,swap-dog-wolf=no", "moves=50"} {
		r, err := dsq.ParseRules(s)
		assert.ErrorIs(t, err, dsq.ErrRules, s)
		assert.Equal(t, dsq.Rules{}, r, s)
	}
	for _, s := range []string{"trapped-capture", "swap-dog-wolf", "no-move-limit", "threefold"} {
		r, err := dsq.ParseRules(s)
		if assert.NoError(t, err, s) {
			assert.Equal(t, s, r.String())
		}
	}
}

// TestRulesMoveLimitWithoutValue: "move-limit" without "=N" is no
// option ParseRules knows, and its error says so, as for any unknown
// option.
func TestRulesMoveLimitWithoutValue(t *testing.T) {
	_, err := dsq.ParseRules("move-limit")
	assert.ErrorIs(t, err, dsq.ErrRules)
	assert.ErrorContains(t, err, `unknown option "move-limit"`)
}

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
// position's text is the four standard fields.
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
	t.Run("the four-field form reads as Standard", func(t *testing.T) {
		var p dsq.Position
		require.NoError(t, json.Unmarshal([]byte(`"`+notation+`"`), &p))
		assert.Equal(t, standard, p)
		p, err := dsq.ParsePosition(notation + " standard")
		require.NoError(t, err)
		assert.Equal(t, standard, p, "an explicit standard field is read too")
	})
	t.Run("a clock past the standard limit is undecided under a longer one", func(t *testing.T) {
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

// TestRulesDocument: RULES.md, which the package and its errors cite, is in
// the repository and describes what the code does: the start position, every
// house rule option with its text form, and the record's result tokens.
func TestRulesDocument(t *testing.T) {
	data, err := os.ReadFile("RULES.md")
	require.NoError(t, err, "RULES.md is cited as normative: it must be in the repository")
	doc := string(data)
	assert.Contains(t, doc, dsq.StartNotation)
	for _, section := range []string{"## Board", "## Moves", "## Captures", "## End of the game", "## Position notation", "## Move notation", "## House rules", "## Game records"} {
		assert.Contains(t, doc, section)
	}

	options := map[string]dsq.Rules{
		"TrappedCapture": {TrappedCapture: true},
		"SwapDogWolf":    {SwapDogWolf: true},
		"MoveLimit":      {MoveLimit: dsq.NoMoveLimit},
		"Threefold":      {Threefold: true},
	}
	fields := reflect.TypeFor[dsq.Rules]()
	require.Equal(t, fields.NumField(), len(options), "every Rules option is documented below")
	for i := range fields.NumField() {
		name := fields.Field(i).Name
		r, ok := options[name]
		require.True(t, ok, "Rules.%s has no entry here", name)
		assert.Contains(t, doc, "`"+name+"`", "RULES.md describes Rules.%s", name)
		assert.Contains(t, doc, "`"+r.String()+"`", "RULES.md gives the text form of Rules.%s", name)
	}
	assert.Contains(t, doc, "`move-limit=N`")
	assert.Contains(t, doc, "`"+dsq.Standard.String()+"`")
	for _, tok := range []string{"`1-0`", "`0-1`", "`1/2-1/2`", "`*`"} {
		assert.Contains(t, doc, tok)
	}

	// Every citation of RULES.md in the module's Go files and docs names
	// this file: no other rules document is cited.
	err = filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".md")) {
			return err
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(text), "\n") {
			if strings.Contains(line, "RULES") {
				assert.NotRegexp(t, `RULES\.[a-z]+`, strings.ReplaceAll(line, "RULES.md", ""), "%s cites another rules file: %s", path, line)
			}
		}
		return nil
	})
	require.NoError(t, err)
}

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

// TestParseRulesIsStrict: an option given twice, two options that both set
// the move limit, and a limit not written as Rules.String writes it are
// refused with a *ParseError that names the option; nothing is read as
// "the last one wins".
func TestParseRulesIsStrict(t *testing.T) {
	for _, c := range []struct{ in, names string }{
		{"move-limit=200,move-limit=300", `"move-limit" given twice`},
		{"threefold,threefold", `"threefold" given twice`},
		{"trapped-capture,swap-dog-wolf,trapped-capture", `"trapped-capture" given twice`},
		{"no-move-limit,move-limit=200", "both set the move limit"},
		{"move-limit=200,no-move-limit", "both set the move limit"},
		{"move-limit=0200", `"0200"`},
		{"move-limit=+200", `"+200"`},
		{"move-limit=", `move limit ""`},
		{"trapped-capture,", `unknown option ""`},
	} {
		t.Run(c.in, func(t *testing.T) {
			r, err := dsq.ParseRules(c.in)
			require.ErrorIs(t, err, dsq.ErrRules)
			var pe *dsq.ParseError
			require.True(t, errors.As(err, &pe), "%v is not a *ParseError", err)
			assert.Equal(t, "ParseRules", pe.Func)
			assert.Equal(t, c.in, pe.Input)
			assert.Contains(t, err.Error(), c.names)
			assert.Equal(t, dsq.Rules{}, r)
		})
	}
	r, err := dsq.ParseRules("threefold,move-limit=200,trapped-capture")
	require.NoError(t, err, "options in any order, each once")
	assert.Equal(t, dsq.Rules{TrappedCapture: true, MoveLimit: 200, Threefold: true}, r)
}

// TestRulesStandardLimitIsStandard: the standard limit written out,
// move-limit=60, reads as Standard and is written as "standard", alone and
// with other options, and a position given it has Standard rules: one game
// has one Rules value.
func TestRulesStandardLimitIsStandard(t *testing.T) {
	for text, want := range map[string]dsq.Rules{
		"move-limit=60":                         dsq.Standard,
		"trapped-capture,move-limit=60":         {TrappedCapture: true},
		"move-limit=60,threefold":               {Threefold: true},
		"swap-dog-wolf,move-limit=60,threefold": {SwapDogWolf: true, Threefold: true},
	} {
		got, err := dsq.ParseRules(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, got, text)
		assert.Equal(t, want.String(), got.String(), text)
	}
	assert.Equal(t, "standard", dsq.Rules{MoveLimit: dsq.DrawHalfMoves}.String())
	assert.Equal(t, "trapped-capture", dsq.Rules{TrappedCapture: true, MoveLimit: dsq.DrawHalfMoves}.String())

	pos := mustWithRules(t, dsq.StartPosition(), dsq.Rules{MoveLimit: dsq.DrawHalfMoves})
	assert.Equal(t, dsq.Standard, pos.Rules())
	assert.Equal(t, dsq.StartPosition(), pos)
	s := dsq.StartPosition().Setup()
	s.Rules = dsq.Rules{MoveLimit: dsq.DrawHalfMoves}
	fromSetup, err := dsq.NewPosition(s)
	require.NoError(t, err)
	assert.Equal(t, dsq.Standard, fromSetup.Rules())
	assert.Equal(t, dsq.Standard, fromSetup.Setup().Rules)
}

// TestRulesDrawLimit: the standard 60 for the zero MoveLimit, -1 for none,
// and the limit itself otherwise, at both ends of its range.
func TestRulesDrawLimit(t *testing.T) {
	assert.Equal(t, dsq.DrawHalfMoves, dsq.Rules{}.DrawLimit())
	assert.Equal(t, 60, dsq.Standard.DrawLimit())
	assert.Equal(t, -1, dsq.Rules{MoveLimit: dsq.NoMoveLimit}.DrawLimit())
	assert.Equal(t, 200, dsq.Rules{MoveLimit: 200}.DrawLimit())
	assert.Equal(t, 1, dsq.Rules{MoveLimit: 1}.DrawLimit())
	assert.Equal(t, dsq.MaxMoveLimit, dsq.Rules{MoveLimit: dsq.MaxMoveLimit}.DrawLimit())
}
