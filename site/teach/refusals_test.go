package teach_test

import (
	"fmt"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/teach"
	"github.com/stretchr/testify/assert"
)

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

// A red lion on d5 beside a blue rat in the water on b5: the squares the
// rules refuse the lion, with each rule's code.
func ExampleRefusals() {
	pos, _ := dsq.ParsePosition("l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1")
	for _, r := range teach.Refusals(pos, dsq.D5) {
		fmt.Println(r.To, r.Code)
	}
	// Output:
	// c5 water
	// e5 water
	// a5 jump-blocked
}
