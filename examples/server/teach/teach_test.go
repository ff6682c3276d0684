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

func TestCode(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{dsq.ErrGameOver, "game-over"},
		{dsq.ErrEmptySquare, "empty-square"},
		{dsq.ErrNotYourPiece, "not-your-piece"},
		{dsq.ErrNotAStep, "not-a-step"},
		{dsq.ErrOwnDen, "own-den"},
		{dsq.ErrWater, "water"},
		{dsq.ErrJumpBlocked, "jump-blocked"},
		{dsq.ErrOwnPiece, "own-piece"},
		{dsq.ErrWaterLandCapture, "water-land-capture"},
		{dsq.ErrTrappedAttacker, "trapped-attacker"},
		{dsq.ErrElephantRat, "elephant-rat"},
		{dsq.ErrRankTooLow, "rank-too-low"},
		{dsq.ErrNotAJumper, "not-a-jumper"},
		{fmt.Errorf("other"), "illegal-move"},
	}
	for _, c := range cases {
		err := error(&dsq.MoveError{Move: dsq.NewMove(dsq.A1, dsq.A2), Err: c.err})
		assert.Equal(t, c.want, teach.Code(err), "Code(%v)", err)
	}
}

// TestRuleOf: a refusal of the library reads as its rule's code and the
// library's words for the player; an error that is not a move's refusal
// keeps its code but never shows its own text.
func TestRuleOf(t *testing.T) {
	pos := mustParse(t, "7/7/7/7/7/7/7/2w4/2D4 r 0 1") // a red dog under a blue wolf
	err := pos.Play(dsq.NewMove(dsq.C1, dsq.C2))
	require.Error(t, err)
	assert.Equal(t, teach.Rule{Code: "rank-too-low", Message: "the dog (3) cannot capture the wolf (4)"}, teach.RuleOf(err))
	err = pos.Play(dsq.NewMove(dsq.C1, dsq.D1))
	assert.Equal(t, teach.Rule{Code: "own-den", Message: "no piece may enter its own den"}, teach.RuleOf(err))
	assert.Equal(t, teach.Rule{Code: "water", Message: "illegal move"}, teach.RuleOf(fmt.Errorf("internal detail: %w", dsq.ErrWater)))
	assert.Equal(t, teach.Rule{Code: "illegal-move", Message: "illegal move"}, teach.RuleOf(fmt.Errorf("internal detail")))
}

func mustParse(t *testing.T, s string) dsq.Position {
	t.Helper()
	p, err := dsq.ParsePosition(s)
	require.NoError(t, err)
	return p
}

func TestAnalyzeBlockedJump(t *testing.T) {
	// Red lion d5, a blue rat on b5: the left jump is blocked, the right open.
	a, err := teach.Analyze(mustParse(t, "l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1"), "d5")
	require.NoError(t, err)
	assert.Equal(t, "L", a.Piece)
	assert.ElementsMatch(t, []string{"d6", "d4", "g5"}, a.Targets)
	refused := map[string]string{}
	for _, r := range a.Refused {
		refused[r.To] = r.Code
		assert.NotEmpty(t, r.Message)
	}
	assert.Equal(t, map[string]string{"a5": "jump-blocked", "c5": "water", "e5": "water"}, refused)
	b5, left := "b5", teach.Jump{Direction: "left", Path: []string{"c5", "b5"}, Landing: "a5"}
	left.BlockedBy = &b5
	assert.ElementsMatch(t, []teach.Jump{left, {Direction: "right", Path: []string{"e5", "f5"}, Landing: "g5"}}, a.Jumps)
	assert.Equal(t, "water", a.Terrain["b5"])
	assert.Equal(t, "blue-den", a.Terrain["d9"])
	assert.Equal(t, "red-trap", a.Terrain["d2"])
	assert.Equal(t, "blue-trap", a.Terrain["c9"])
	assert.Equal(t, "land", a.Terrain["d5"])
}

func TestAnalyzeOtherSidesPiece(t *testing.T) {
	// Red to move, but Blue's rat b5 is asked about: its own moves are shown,
	// and the red lion cannot take it from land.
	a, err := teach.Analyze(mustParse(t, "l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1"), "b5")
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"a5", "c5", "b6", "b4"}, a.Targets)
	assert.Empty(t, a.Attackers)
}

func TestAnalyzeAttackersAndTraps(t *testing.T) {
	// A blue cat on d7 guards the trap d8 against the red rat and elephant.
	a, err := teach.Analyze(mustParse(t, "l6/7/3c3/7/7/7/7/7/E5R r 0 1"), "")
	require.NoError(t, err)
	var d8 *teach.Trap
	for i := range a.Traps {
		if a.Traps[i].Square == "d8" {
			d8 = &a.Traps[i]
		}
	}
	require.NotNil(t, d8)
	assert.Equal(t, "blue", d8.Owner)
	assert.Equal(t, map[string][]string{"rat": {"d7"}, "elephant": {"d7"}}, d8.Controllers)
	assert.Len(t, a.Traps, 6)

	// The cat on d7 is attacked by nothing; a red lion on d6 attacks it.
	a, err = teach.Analyze(mustParse(t, "l6/7/3c3/3L3/7/7/7/7/E5R r 0 1"), "d7")
	require.NoError(t, err)
	assert.Equal(t, []string{"d6"}, a.Attackers)
}

func TestAnalyzeDenThreats(t *testing.T) {
	// One threat that the blue rat can meet by taking the trapped lion.
	a, err := teach.Analyze(mustParse(t, "1rL4/7/7/7/7/7/7/7/T6 b 0 1"), "")
	require.NoError(t, err)
	assert.Equal(t, []string{"c9d9"}, a.DenThreats["red"])
	assert.Empty(t, a.DenThreats["blue"])
	assert.Equal(t, []string{"b9c9"}, a.DenDefences)

	// Two threats: nothing meets both.
	a, err = teach.Analyze(mustParse(t, "1rL1T2/7/7/7/7/7/7/7/7 b 0 1"), "")
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"c9d9", "e9d9"}, a.DenThreats["red"])
	assert.Empty(t, a.DenDefences)
	assert.Nil(t, a.Outcome)
}

func TestAnalyzeDecided(t *testing.T) {
	a, err := teach.Analyze(mustParse(t, "l5t/7/7/7/7/7/7/7/T5L r 60 31"), "a1")
	require.NoError(t, err)
	require.NotNil(t, a.Outcome)
	assert.Equal(t, teach.Outcome{Reason: dsq.MoveLimit}, *a.Outcome)
	assert.Empty(t, a.Targets, "nothing moves in a decided game")
}

func TestAnalyzeEmptySquare(t *testing.T) {
	_, err := teach.Analyze(dsq.StartPosition(), "d5")
	assert.ErrorIs(t, err, teach.ErrNoPiece)
	_, err = teach.Analyze(dsq.StartPosition(), "z9")
	assert.ErrorIs(t, err, dsq.ErrSquare)
}

func TestHandler(t *testing.T) {
	h := teach.Handler()
	get := func(query string) (*httptest.ResponseRecorder, map[string]any) {
		t.Helper()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/analysis?"+query, nil))
		var body map[string]any
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body), rec.Body.String())
		return rec, body
	}
	start := url.QueryEscape(dsq.StartPosition().String())
	rec, body := get("position=" + start + "&square=a1")
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Equal(t, "no-store", rec.Header().Get("Cache-Control"))
	assert.Equal(t, "T", body["piece"])
	assert.ElementsMatch(t, []any{"a2", "b1"}, body["targets"])

	for _, q := range []string{"", "position=xyz", "position=" + start + "&square=k1", "position=" + url.QueryEscape(string(make([]byte, 300)))} {
		rec, body = get(q)
		assert.Equal(t, http.StatusBadRequest, rec.Code, q)
		assert.Equal(t, "bad-request", body["code"], q)
		assert.NotEmpty(t, body["message"], q)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/analysis", nil))
	assert.Equal(t, http.StatusMethodNotAllowed, rec.Code)
}
