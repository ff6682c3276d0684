package doushouqi_test

// Tests that kill hand-made mutants of rules.go (lab/mutation/handmade):
// each names the mutants it was written for.

import (
	"testing"

	"github.com/stretchr/testify/assert"

	dsq "github.com/doushouqi/doushouqi"
)

// TestMutantRulesOptionsTakeNoValue refuses a value on an option that takes
// none. Kills: ParseRules's cases name == "..." && !hasValue with !hasValue
// dropped, for each of the four such options, and the move-limit case with
// its name test dropped (any option with a value read as a move limit).
func TestMutantRulesOptionsTakeNoValue(t *testing.T) {
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

// TestMutantRulesMoveLimitWithoutValue: "move-limit" without "=N" is no
// option ParseRules knows, and its error says so, as for any unknown
// option. Kills: ParseRules's name == "move-limit" && hasValue reduced to
// its name (the error then spoke of a move limit "").
func TestMutantRulesMoveLimitWithoutValue(t *testing.T) {
	_, err := dsq.ParseRules("move-limit")
	assert.ErrorIs(t, err, dsq.ErrRules)
	assert.ErrorContains(t, err, `unknown option "move-limit"`)
}
