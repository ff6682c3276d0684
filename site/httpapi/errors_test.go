package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// answered is what writeError sends for err: the status, the Retry-After
// header and the body.
func answered(t *testing.T, err error) (int, string, map[string]string) {
	t.Helper()
	w := httptest.NewRecorder()
	writeError(w, err)
	var body map[string]string
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &body), w.Body.String())
	return w.Code, w.Header().Get("Retry-After"), body
}

func TestErrorsAnswerWithTheStatusOfTheirCode(t *testing.T) {
	t.Parallel()
	for code, status := range map[string]int{
		"bad-request": 400, "no-seat": 401, "not-your-seat": 403, "cross-origin": 403, "not-found": 404,
		"method-not-allowed": 405, "conflict": 409, "time-up": 409, "opponent-connected": 409,
		"opponent-may-return": 409, "aborted": 409, "opening": 409, "too-late": 409, "takeback-limit": 409, "takeback-declined": 409, "too-large": 413, "unsupported-media-type": 415, "rate-limited": 429,
		"internal": 500, "busy": 503, "presence-unknown": 503,
		"no-player": 401, "bad-name": 422, "name-taken": 409, "name-required": 409,
		"seek-gone": 409, "own-seek": 409, "no-lobby": 409, "not-your-seek": 403, "too-many-seeks": 429, "lobby-full": 503,
	} {
		got, retry, body := answered(t, games.Refuse(code, "words for players"))
		assert.Equal(t, status, got, code)
		assert.Empty(t, retry, code)
		assert.Equal(t, map[string]string{"code": code, "message": "words for players"}, body)
	}
	assert.Len(t, statuses, 31, "every code of the table is checked above")
}

func TestErrorsOfAnIllegalMoveAreUnprocessableAndNamedByTheRule(t *testing.T) {
	t.Parallel()
	m := dsq.NewMove(dsq.C3, dsq.D3)
	err := &games.Error{Code: "water", Message: "c3d3: only the rat may be on water", Move: m, Err: dsq.ErrWater}
	status, _, body := answered(t, err)
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, map[string]string{"code": "water", "message": "c3d3: only the rat may be on water"}, body)
}

func TestErrorsOtherThanRefusalsAreInternalWithoutTheirText(t *testing.T) {
	t.Parallel()
	status, _, body := answered(t, errors.New("disk on fire at /var/lib/dsq"))
	assert.Equal(t, http.StatusInternalServerError, status)
	assert.Equal(t, map[string]string{"code": "internal", "message": "internal error"}, body)
}

func TestErrorsSayRetryAfterInWholeSecondsRoundedUp(t *testing.T) {
	t.Parallel()
	for wait, want := range map[time.Duration]string{
		time.Millisecond: "1", time.Second: "1", 1200 * time.Millisecond: "2", time.Hour: "3600",
	} {
		_, retry, _ := answered(t, failLater(codeRateLimited, "wait", wait))
		assert.Equal(t, want, retry, "%v", wait)
	}
	_, retry, _ := answered(t, games.Busy("the AI is busy"))
	assert.Equal(t, "5", retry)
}
