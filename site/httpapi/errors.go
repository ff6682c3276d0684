package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/doushouqi/doushouqi/site/games"
)

// The API's errors are games.Error, the site's one refusal: a code and a
// message for players (API.md, Errors). The codes below are the HTTP
// layer's own; statuses says each code's status.
const (
	codeTooLarge         = "too-large"
	codeRateLimited      = "rate-limited"
	codeCrossOrigin      = "cross-origin"
	codeMediaType        = "unsupported-media-type"
	codeMethodNotAllowed = "method-not-allowed"
	codePresenceUnknown  = "presence-unknown"
)

// statuses is the HTTP status of each error code. A code not here is an
// illegal move's, named by its rule (teach.RuleOf): 422.
var statuses = map[string]int{
	games.CodeBadRequest:        http.StatusBadRequest,
	games.CodeNoSeat:            http.StatusUnauthorized,
	games.CodeNotYourSeat:       http.StatusForbidden,
	codeCrossOrigin:             http.StatusForbidden,
	games.CodeNotFound:          http.StatusNotFound,
	codeMethodNotAllowed:        http.StatusMethodNotAllowed,
	games.CodeConflict:          http.StatusConflict,
	games.CodeTimeUp:            http.StatusConflict,
	games.CodeOpponentConnected: http.StatusConflict,
	games.CodeOpponentMayReturn: http.StatusConflict,
	games.CodeAborted:           http.StatusConflict,
	games.CodeOpening:           http.StatusConflict,
	games.CodeTooLate:           http.StatusConflict,
	games.CodeNoPlayer:          http.StatusUnauthorized,
	games.CodeBadName:           http.StatusUnprocessableEntity,
	games.CodeNameTaken:         http.StatusConflict,
	games.CodeNameRequired:      http.StatusConflict,
	games.CodeTakebackLimit:     http.StatusConflict,
	games.CodeTakebackDeclined:  http.StatusConflict,
	codeTooLarge:                http.StatusRequestEntityTooLarge,
	codeMediaType:               http.StatusUnsupportedMediaType,
	codeRateLimited:             http.StatusTooManyRequests,
	games.CodeInternal:          http.StatusInternalServerError,
	games.CodeBusy:              http.StatusServiceUnavailable,
	codePresenceUnknown:         http.StatusServiceUnavailable,
	codeSeekGone:                http.StatusConflict,
	codeOwnSeek:                 http.StatusConflict,
	codeNoLobby:                 http.StatusConflict,
	codeNotYourSeek:             http.StatusForbidden,
	codeTooManySeeks:            http.StatusTooManyRequests,
	codeLobbyFull:               http.StatusServiceUnavailable,
}

// statusOf is the HTTP status of error e.
func statusOf(e *games.Error) int {
	if status, ok := statuses[e.Code]; ok {
		return status
	}
	return http.StatusUnprocessableEntity
}

// fail is the error with code and message.
func fail(code, message string) *games.Error { return games.Refuse(code, message) }

// failLater is the error with code and message that may be tried again after
// retry (rounded up to whole seconds, at least one).
func failLater(code, message string, retry time.Duration) *games.Error {
	e := fail(code, message)
	e.RetryAfter = retry
	return e
}

var errInternal = fail(games.CodeInternal, "internal error")

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError answers with err, a *games.Error (any other error is a 500
// whose text stays in the log). Its RetryAfter is sent as Retry-After in
// whole seconds, rounded up: never early.
func writeError(w http.ResponseWriter, err error) {
	var e *games.Error
	if !errors.As(err, &e) {
		e = errInternal
	}
	if e.RetryAfter > 0 {
		secs := max(int((e.RetryAfter+time.Second-1)/time.Second), 1)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
	}
	writeJSON(w, statusOf(e), e)
}
