package httpapi

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dests is the "legal" field the state of pos must carry while a move can
// be played: each piece of the side to move with its legal destinations,
// as the library lists them, pieces without one left out.
func dests(t *testing.T, position string) map[string]any {
	t.Helper()
	pos, err := dsq.ParsePosition(position)
	require.NoError(t, err)
	out := map[string]any{}
	for sq := range dsq.Square(dsq.NumSquares) {
		var to []any
		for t := range pos.LegalTargets(sq).Squares() {
			to = append(to, t.String())
		}
		if to != nil {
			out[sq.String()] = to
		}
	}
	return out
}

// TestStateLegal: the state's "legal" field holds, for every piece of the
// side to move that can move and for no other square, its legal
// destinations, at the start and at every ply of a game with captures; it
// is empty once the game is over, and while the AI thinks. The board is
// in the state once, as the position.
func TestStateLegal(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"local"}`)
	path := "/api/games/" + g.ID
	st := c.State(g.ID)
	assert.Equal(t, map[string]any{"c3": []any{"c2", "b3", "d3"}, "a3": []any{"a2", "b3", "a4"}}, pick(st["legal"], "c3", "a3"),
		"the wolf beside the water, the rat before it")
	assert.NotContains(t, st, "board", "the position is the board")
	rng := rand.New(rand.NewPCG(7, 30))
	for ply := 0; ply < 40; ply++ {
		require.Equal(t, float64(ply), st["ply"])
		require.Equal(t, dests(t, st["position"].(string)), st["legal"], "ply %d", ply)
		pos, err := dsq.ParsePosition(st["position"].(string))
		require.NoError(t, err)
		m := pickMove(&pos, rng)
		token := g.Seats[pos.SideToMove().String()]
		res := c.As(token, "POST", path+"/moves", fmt.Sprintf(`{"move":%q,"ply":%d}`, m.String(), ply))
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		st = res.Body
		if st["over"] == true {
			break
		}
	}

	if st["over"] != true {
		res := c.As(g.Seats[st["sideToMove"].(string)], "POST", path+"/resign", `{}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		st = res.Body
	}
	require.Equal(t, true, st["over"])
	assert.Equal(t, map[string]any{}, st["legal"], "nothing to play in a finished game")
	assert.Equal(t, map[string]any{}, c.State(g.ID)["legal"])

	// The player is Blue: the AI opens, and until its move is stored the
	// state says it is thinking and offers no moves.
	res := c.Req("POST", "/api/games", `{"mode":"ai","color":"blue","level":1}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	ai := res.Body["game"].(map[string]any)
	require.Equal(t, true, ai["aiThinking"])
	assert.Equal(t, map[string]any{}, ai["legal"], "no moves while the AI thinks")
	after := c.WaitAI(ai["id"].(string))
	assert.NotEmpty(t, after["legal"])
	assert.Equal(t, dests(t, after["position"].(string)), after["legal"], "Blue's moves once the AI has moved")
}

// pick returns the entries of the object legal at keys.
func pick(legal any, keys ...string) map[string]any {
	out := map[string]any{}
	for _, k := range keys {
		out[k] = legal.(map[string]any)[k]
	}
	return out
}

// TestStateClock: an online game's time control, chosen at creation, is in
// its state with each side's time; the clock runs (turnStarted, deadline)
// after both first moves (until then firstMoveBy says when the side to
// move's first move is due). A game without one has no clock, and a time
// control is refused in other modes and in other shapes.
func TestStateClock(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"online","clock":"5+3"}`)
	st := c.State(g.ID)
	assert.Equal(t, map[string]any{"control": "5+3", "red": 300000.0, "blue": 300000.0, "turnStarted": nil, "deadline": nil}, st["clock"])
	assert.Equal(t, map[string]any{"red": false, "blue": false}, st["connected"])
	assert.Nil(t, st["rematch"])
	assert.Nil(t, st["firstMoveBy"], "nothing is due before the second player comes")
	res := c.Req("POST", "/api/games/"+g.ID+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	joined := res.Body["game"].(map[string]any)
	assert.Nil(t, joined["clock"].(map[string]any)["turnStarted"], "no clock runs at the join")
	due, err := time.Parse(time.RFC3339, joined["firstMoveBy"].(string))
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now().Add(games.FirstMoveTime), due, time.Minute)
	playOpening(t, c, g.ID, g.Seats["red"], res.Body["seats"].(map[string]any)["blue"].(string))
	st = c.State(g.ID)
	assert.Nil(t, st["firstMoveBy"])
	clock := st["clock"].(map[string]any)
	started, err := time.Parse(time.RFC3339, clock["turnStarted"].(string))
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now(), started, time.Minute)
	deadline, err := time.Parse(time.RFC3339, clock["deadline"].(string))
	require.NoError(t, err)
	assert.Equal(t, 5*time.Minute, deadline.Sub(started))

	assert.Equal(t, "3d", c.State(c.Create(`{"mode":"online","clock":"3d"}`).ID)["clock"].(map[string]any)["control"])
	assert.Nil(t, c.State(c.Create(`{"mode":"online"}`).ID)["clock"])
	for _, body := range []string{`{"mode":"local","clock":"5+3"}`, `{"mode":"ai","clock":"5+3"}`,
		`{"mode":"online","clock":"5"}`, `{"mode":"online","clock":"15d"}`, `{"mode":"online","clock":5}`} {
		res := c.Req("POST", "/api/games", body)
		assert.Equal(t, http.StatusBadRequest, res.Status, "%s: %s", body, res.Raw)
	}
}
