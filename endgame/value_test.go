package endgame_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/doushouqi/doushouqi/endgame"
)

func TestValueString(t *testing.T) {
	for _, tc := range []struct {
		v    endgame.Value
		want string
	}{
		{endgame.Value{Result: endgame.Win, Distance: 17}, "win in 17"},
		{endgame.Value{Result: endgame.Loss, Distance: 4}, "loss in 4"},
		{endgame.Value{Result: endgame.Loss}, "loss in 0"},
		{endgame.Value{Result: endgame.Draw}, "draw"},
		{endgame.Value{}, "draw"},
	} {
		assert.Equal(t, tc.want, tc.v.String(), "%#v", tc.v)
	}
	assert.Equal(t, "win", endgame.Win.String())
	assert.Equal(t, "loss", endgame.Loss.String())
	assert.Equal(t, "draw", endgame.Draw.String())
}
