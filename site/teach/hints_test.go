package teach_test

import (
	"fmt"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/teach"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHintsAgreeWithAnalyze: every piece of the side to move has a hint,
// and it says what the analysis of that piece says; the other side's
// pieces and a decided game have none.
func TestHintsAgreeWithAnalyze(t *testing.T) {
	for _, text := range []string{dsq.StartNotation, "l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1", "1rL1T2/7/7/7/7/7/7/7/7 b 0 1"} {
		pos := mustParse(t, text)
		hints := teach.Hints(pos)
		n := 0
		for sq := dsq.Square(0); sq < dsq.NumSquares; sq++ {
			p := pos.PieceAt(sq)
			if p == dsq.NoPiece || p.Color() != pos.SideToMove() {
				assert.NotContains(t, hints, sq.String(), text)
				continue
			}
			n++
			a, err := teach.Analyze(pos, sq.String())
			require.NoError(t, err)
			h, ok := hints[sq.String()]
			require.True(t, ok, "%s: no hint for %s", text, sq)
			assert.ElementsMatch(t, a.Targets, h.Targets, "%s %s", text, sq)
			assert.ElementsMatch(t, a.Refused, h.Refused, "%s %s", text, sq)
		}
		assert.Len(t, hints, n, text)
	}
	decided := mustParse(t, "3L3/7/7/7/7/7/7/7/t6 b 0 1") // Red's lion stands in Blue's den
	require.True(t, decided.Outcome().IsDecided())
	assert.Empty(t, teach.Hints(decided))
}

// TestRefusals: every neighbour and river landing the rules refuse, in the
// order up, down, left, right and then the landings, each with its rule;
// a piece of the side not to move is refused everything as not its turn;
// an empty square has none.
func TestRefusals(t *testing.T) {
	pos := mustParse(t, "l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1") // a red lion on d5, a blue rat in the water on b5
	type refusal struct{ to, code string }
	got := func(sq dsq.Square) []refusal {
		var out []refusal
		for _, r := range teach.Refusals(pos, sq) {
			out = append(out, refusal{r.To, r.Code})
			assert.NotEmpty(t, r.Message)
		}
		return out
	}
	assert.Equal(t, []refusal{{"c5", "water"}, {"e5", "water"}, {"a5", "jump-blocked"}}, got(dsq.D5))
	assert.Equal(t, []refusal{{"b6", "not-your-piece"}, {"b4", "not-your-piece"}, {"a5", "not-your-piece"}, {"c5", "not-your-piece"}}, got(dsq.B5))
	assert.Empty(t, teach.Refusals(pos, dsq.D4), "an empty square")
	assert.Empty(t, teach.Refusals(pos, dsq.A1), "a tiger whose neighbours are free")
}

// A red lion on d5, a blue rat on b5: the lion's hint as the page gets it.
func ExampleHints() {
	pos, _ := dsq.ParsePosition("l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1")
	h := teach.Hints(pos)["d5"]
	fmt.Println(h.Targets)
	for _, r := range h.Refused {
		fmt.Println(r.To, r.Code)
	}
	// Output:
	// [d4 g5 d6]
	// c5 water
	// e5 water
	// a5 jump-blocked
}
