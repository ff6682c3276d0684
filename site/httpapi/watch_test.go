package httpapi

import (
	"net/http"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWatchListsGamesInProgressBestRatedFirst: the games in progress with
// both seats taken, the best rated first, with their players and clocks;
// not a game that waits for its second player, nor one that is over.
func TestWatchListsGamesInProgressBestRatedFirst(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{db: filepath.Join(t.TempDir(), "games.db")}) // a list of this test's games only
	aliceID, alice := named(t, c, unique("Alice"))
	_, bob := named(t, c, unique("Bob"))
	_, carol := named(t, c, unique("Carol"))
	_, dan := named(t, c, unique("Dan"))

	// Alice beats Bob: 1662 and 1338.
	g, bobSeat := ratedGameOf(t, c, alice, bob)
	playOpening(t, c, g.ID, g.Seats["red"], bobSeat)
	res := c.As(bobSeat, "POST", "/api/games/"+g.ID+"/resign", `{}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)

	low, _ := ratedGameOf(t, c, bob, dan)      // 1338 + 1500
	high, _ := ratedGameOf(t, c, carol, alice) // 1500 + 1662
	anon := c.Create(`{"mode":"online","clock":"3+2"}`)
	joinOn(t, c, anon)
	c.Create(`{"mode":"online","clock":"3+2"}`) // waits for its second player

	res = c.Req("GET", "/api/watch", "")
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	list := res.Body["games"].([]any)
	var ids []string
	for _, e := range list {
		ids = append(ids, e.(map[string]any)["id"].(string))
	}
	assert.Equal(t, []string{high.ID, low.ID, anon.ID}, ids)
	assert.Equal(t, high.ID, res.Body["featured"])
	first := list[0].(map[string]any)
	assert.Equal(t, "5+3", first["control"])
	assert.Equal(t, 0.0, first["ply"])
	assert.Equal(t, map[string]any{"id": aliceID, "name": first["players"].(map[string]any)["blue"].(map[string]any)["name"],
		"rating": 1662.0, "provisional": true}, first["players"].(map[string]any)["blue"])
	assert.Equal(t, 300000.0, first["clock"].(map[string]any)["red"])
	assert.Equal(t, map[string]any{}, list[2].(map[string]any)["players"], "no identities")
}

func TestWatchListEmpty(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{db: filepath.Join(t.TempDir(), "games.db")})
	res := c.Req("GET", "/api/watch", "")
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, map[string]any{"games": []any{}, "featured": ""}, res.Body)
}
