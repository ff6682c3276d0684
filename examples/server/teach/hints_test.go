package teach_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/examples/server/teach"
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

func analysisGet(t *testing.T, q url.Values) (int, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	teach.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/analysis?"+q.Encode(), nil))
	var body map[string]any
	require.NoError(t, json.NewDecoder(rec.Body).Decode(&body))
	return rec.Code, body
}

// TestHandlerPlaysMoves: moves= plays moves before the analysis (the
// 60th half-move without a capture draws); an illegal one is a 422 naming
// the rule and the move; a word that is not a move is a 400.
func TestHandlerPlaysMoves(t *testing.T) {
	code, a := analysisGet(t, url.Values{"position": {"l5t/7/7/7/7/7/7/7/T5L r 59 40"}, "moves": {"a1a2"}})
	require.Equal(t, http.StatusOK, code, a)
	assert.Equal(t, map[string]any{"reason": "no-capture move limit"}, a["outcome"])
	assert.Equal(t, "l5t/7/7/7/7/7/7/T6/6L b 60 40", a["position"])

	code, a = analysisGet(t, url.Values{"position": {dsq.StartNotation}, "moves": {"a3a4,a7a6"}, "square": {"a4"}})
	require.Equal(t, http.StatusOK, code, a)
	assert.Nil(t, a["outcome"])
	assert.Equal(t, "E", a["piece"])

	code, a = analysisGet(t, url.Values{"position": {"l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1"}, "moves": {"d5a5"}})
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Equal(t, "jump-blocked", a["code"])
	assert.Equal(t, "d5a5", a["move"])
	assert.Equal(t, 0.0, a["index"])
	assert.NotEmpty(t, a["message"])

	code, a = analysisGet(t, url.Values{"position": {dsq.StartNotation}, "moves": {"a3a4,zz"}})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Equal(t, "bad-request", a["code"])
}
