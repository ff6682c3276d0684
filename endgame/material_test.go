package endgame_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

// TestParseMaterial: what String writes reads back, letters in any order
// within a side; anything else is refused with ErrMaterial.
func TestParseMaterial(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"Evcr", "Evcr", true},
		{"Evrc", "Evcr", true},
		{"RCve", "CRve", true},
		{"LTver", "LTver", true},
		{"Rvr", "Rvr", true},
		{"", "", false},
		{"E", "", false},
		{"ve", "", false},
		{"Ev", "", false},
		{"EvE", "", false},
		{"evr", "", false},
		{"EEvr", "", false},
		{"ELTvrc", "", false},
		{"Xvr", "", false},
		{"Evr ", "", false},
		{"Ｅve", "", false},
		{"Evｒ", "", false},
	} {
		m, err := endgame.ParseMaterial(tc.in)
		if !tc.ok {
			require.ErrorIs(t, err, endgame.ErrMaterial, "ParseMaterial(%q)", tc.in)
			continue
		}
		require.NoError(t, err, "ParseMaterial(%q)", tc.in)
		require.Equal(t, tc.want, m.String(), "ParseMaterial(%q)", tc.in)
	}
}

// TestMaterialLists: AllMaterials counts every solvable material, and
// Closure lists what a material's captures lead to, fewer pieces first.
func TestMaterialLists(t *testing.T) {
	require.Len(t, endgame.AllMaterials(2), 64)
	require.Len(t, endgame.AllMaterials(3), 64+2*28*8)
	c := endgame.Closure(mustMaterial(t, "LTver"))
	names := map[string]bool{}
	for _, m := range c {
		names[m.String()] = true
	}
	// Captures: every 3-piece and 2-piece material with a piece on each side.
	require.Equal(t, map[string]bool{"LTver": true, "LTve": true, "LTvr": true, "Tver": true, "Lver": true,
		"Lve": true, "Tve": true, "Lvr": true, "Tvr": true}, names)
	require.Equal(t, "LTver", c[len(c)-1].String())
}

// TestParseMaterialQuotesTheInput: a refusal names the input and the
// character at fault as the user wrote them, whole characters rather than
// bytes.
func TestParseMaterialQuotesTheInput(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Ｅve", `invalid material: "Ｅve": letter 'Ｅ' is not a red animal`},
		{"Evｒ", `invalid material: "Evｒ": letter 'ｒ' is not a blue animal`},
		{"Évr", `invalid material: "Évr": letter 'É' is not a red animal`},
		{"Xvr", `invalid material: "Xvr": letter 'X' is not a red animal`},
		{"Evcrr", `invalid material: "Evcrr": two blue rats`},
		{"ELTvrc", `invalid material: "ELTvrc": 5 pieces, at most 4`},
		{"日本", `invalid material: "日本": want red letters, 'v', blue letters, such as "Evcr"`},
	} {
		_, err := endgame.ParseMaterial(tc.in)
		require.ErrorIs(t, err, endgame.ErrMaterial, "ParseMaterial(%q)", tc.in)
		assert.EqualError(t, err, tc.want, "ParseMaterial(%q)", tc.in)
	}
}

// TestMaterialOf: a position's material names the animals on the board,
// and String writes each side highest animal first.
func TestMaterialOf(t *testing.T) {
	pos, err := dsq.ParsePosition("7/7/7/7/3c3/r6/3E3/7/7 r 0 1")
	require.NoError(t, err)
	m := endgame.MaterialOf(pos)
	assert.Equal(t, "Evcr", m.String())
	assert.Equal(t, 3, m.Count())
	assert.True(t, m.Solvable())
	assert.Equal(t, "Evr", m.Without(dsq.Blue, dsq.Cat).String())
	assert.Equal(t, "CRve", m.Flip().String())
	assert.Equal(t, endgame.Material{}, endgame.MaterialOf(dsq.Position{}))
	assert.Equal(t, endgame.Material{Red: 0xFF, Blue: 0xFF}, endgame.MaterialOf(dsq.StartPosition()))
}
