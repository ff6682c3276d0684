package uci_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/doushouqi/doushouqi/uci"
)

func TestOptionRoundTrip(t *testing.T) {
	for _, c := range []struct {
		o    uci.Option
		line string
	}{
		{uci.Option{Name: "Hash", Type: "spin", Default: "16", Min: "1", Max: "4096"}, "option name Hash type spin default 16 min 1 max 4096"},
		{uci.Option{Name: "Rules", Type: "string", Default: "standard"}, "option name Rules type string default standard"},
		{uci.Option{Name: "Clear Hash", Type: "button"}, "option name Clear Hash type button"},
		{uci.Option{Name: "Style", Type: "combo", Default: "Normal", Vars: []string{"Solid", "Normal", "Risky"}}, "option name Style type combo default Normal var Solid var Normal var Risky"},
	} {
		assert.Equal(t, c.line, c.o.String())
		got, err := uci.ParseOption(c.line)
		require.NoError(t, err, c.line)
		assert.Equal(t, c.o, got, c.line)
	}
	for _, line := range []string{"", "option", "option type spin", "option name Hash", "options name Hash type spin"} {
		_, err := uci.ParseOption(line)
		assert.ErrorIs(t, err, uci.ErrProtocol, "%q", line)
	}
}
