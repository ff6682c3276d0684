package endgame_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/internal/longtest"
)

// TestVerify: Verify passes a sample of the tables of up to three pieces
// (every one of them in the deep checks), under the standard rules and a
// house rule set.
func TestVerify(t *testing.T) {
	ms := []endgame.Material{mustMaterial(t, "Evcr"), mustMaterial(t, "LTve"), mustMaterial(t, "RTvl")}
	if longtest.Enabled() {
		ms = endgame.AllMaterials(3)
	}
	ts := generate(t, dsq.Standard, ms...)
	for _, m := range ts.Materials() {
		require.NoError(t, ts.Verify(m, endgame.Options{}), "%v", m)
	}
	// House rules and a short limit, on a sample.
	house := dsq.Rules{TrappedCapture: true, SwapDogWolf: true, MoveLimit: 12}
	ts = generate(t, house, mustMaterial(t, "DWvr"), mustMaterial(t, "Evwd"), mustMaterial(t, "LTvr"))
	for _, m := range ts.Materials() {
		require.NoError(t, ts.Verify(m, endgame.Options{}), "%v %v", house, m)
	}
}
