package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/teach"
)

// apiError is an error the API answers with: a status, a stable code and an
// English message (API.md, Errors). Its texts are written for players, never
// taken from Go errors, so no internals leak.
type apiError struct {
	Status     int    `json:"-"`
	Code       string `json:"code"`
	Message    string `json:"message"`
	retryAfter time.Duration
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

func fail(status int, code, message string) *apiError {
	return &apiError{Status: status, Code: code, Message: message}
}

// The errors used in more than one place.
var (
	errNotFound = fail(http.StatusNotFound, "not-found", "no such game")
	errNoSeat   = fail(http.StatusUnauthorized, "no-seat", "this needs the seat token of a player of this game")
	errInternal = fail(http.StatusInternalServerError, "internal", "internal error")
)

// errBusy is the 503 for a full AI queue (or too many watchers).
func errBusy(what string) *apiError {
	e := fail(http.StatusServiceUnavailable, "busy", what+": try again in a few seconds")
	e.retryAfter = 5 * time.Second
	return e
}

// illegalMove is the 422 for a move the rules refuse, coded by the rule.
func illegalMove(m dsq.Move, err error) *apiError {
	rule := teach.RuleOf(err)
	return fail(http.StatusUnprocessableEntity, rule.Code, m.String()+": "+rule.Message)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError answers with e (any other error is a 500 whose text stays in
// the log).
func writeError(w http.ResponseWriter, err error) {
	var e *apiError
	if !errors.As(err, &e) {
		e = errInternal
	}
	if e.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(e.retryAfter.Seconds())))
	}
	writeJSON(w, e.Status, e)
}
