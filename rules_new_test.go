package doushouqi_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

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
