package httpapi

import (
	"net/http"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/record"
	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExportRecord: a game's record is a text file to save: plain while
// the game goes on and until its review is computed, then annotated with
// the review; record.Parse reads the export back as the same main line with
// the review's marks.
func TestExportRecord(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{})
	assert.Equal(t, http.StatusNotFound, c.Req("GET", "/api/games/"+apitest.NewID()+"/record", "").Status)

	on := c.Create(`{"mode":"local"}`)
	res := c.Req("GET", "/api/games/"+on.ID+"/record", "")
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "text/plain; charset=utf-8", res.Header.Get("Content-Type"))
	assert.Equal(t, `attachment; filename="dsq-`+on.ID+`.txt"`, res.Header.Get("Content-Disposition"))
	assert.Equal(t, "false", res.Header.Get("X-Record-Reviewed"))
	assert.Contains(t, res.Raw, "[Result \"*\"]")
	assert.Equal(t, http.StatusMethodNotAllowed, c.Req("POST", "/api/games/"+on.ID+"/record", "{}").Status)
	head := c.Req("HEAD", "/api/games/"+on.ID+"/record", "")
	assert.Equal(t, http.StatusOK, head.Status)
	assert.Equal(t, res.Header.Get("Content-Length"), head.Header.Get("Content-Length"))

	// Red's lion could enter Blue's den with one half-move left before the
	// move limit; Red's rat steps instead and the game is drawn.
	g := storeGame(t, s, "r6/3L3/7/7/7/7/7/7/R6 r 59 1", "a1a2")
	path := "/api/games/" + g.ID + "/record"
	res = c.Req("GET", path, "")
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "false", res.Header.Get("X-Record-Reviewed"), "no review yet")
	row, err := g.Row()
	require.NoError(t, err)
	play, err := dsq.ParseRecordJSON(row.Record)
	require.NoError(t, err)
	_, plainMoves, _ := strings.Cut(play.Record(), "\n\n")
	assert.True(t, strings.HasSuffix(res.Raw, "\n\n"+plainMoves), "the plain record's moves after the site's header:\n%s", res.Raw)
	assert.Contains(t, res.Raw, `[Event "Against the AI"]`)

	waitReview(c, g.ID)
	res = c.Req("GET", path, "")
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "true", res.Header.Get("X-Record-Reviewed"))
	assert.Contains(t, res.Raw, "1. a1a2?? {engine: +0.0} (1. d8d9 {engine: red wins}) 1/2-1/2")
	back, err := record.Parse(res.Raw)
	require.NoError(t, err)
	line, err := back.Game()
	require.NoError(t, err)
	assert.Equal(t, g.Moves(), line.Moves(), "the same main line")
	assert.Equal(t, g.Outcome(), line.Outcome())
	require.Len(t, back.Moves, 1)
	assert.Equal(t, record.Blunder, back.Moves[0].Mark)
}
