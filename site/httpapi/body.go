package httpapi

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/strictjson"
)

// maxPly bounds the "ply" a request may name: far beyond any game's length
// (the move limit ends games long before), small enough to be no trick.
const maxPly = 100_000

// requestRules are the API's request fields (API.md), each with its range.
// Every handler decodes its body with them (Server.decodeJSON), and a
// request struct with a field not listed here refuses every body, so no
// field goes unchecked. levels is the number of AI levels the server has
// (1..levels).
func requestRules(levels int) strictjson.Rules {
	return strictjson.Rules{
		"mode":   {Values: []string{"ai", "local", "online"}},
		"color":  {Values: []string{"red", "blue"}},
		"level":  {Min: 1, Max: int64(levels)},
		"move":   {MaxLen: 8, Invalid: "must be a move in from-to notation, such as a3a4"},
		"ply":    {Min: 0, Max: maxPly},
		"action": {Values: []string{"offer", "accept", "decline"}},
		"invite": {MaxLen: 32, Check: checkInvite},
		"rated":  {},
		// A name's bytes: CheckName says what a name may be; this only
		// keeps a body's string small.
		"name": {MaxLen: 200},
	}
}

// checkInvite accepts what an invitation looks like (games.Game's secret:
// 32 lower-case hex digits); whether it is the game's is the games
// package's to say.
func checkInvite(s string) error {
	if len(s) != 32 || strings.Trim(s, "0123456789abcdef") != "" {
		return errors.New("must be the invitation of the game's link: 32 hex digits")
	}
	return nil
}

// decodeJSON decodes a request body (read by the handlers' decode, at most
// MaxBody bytes) into v with the strict decoder: keys exactly as API.md
// writes them, each once, every value in range. A refusal is a 400 that
// names the key and says what is wrong with it.
func (s *Server) decodeJSON(data []byte, v any) error {
	err := s.wire.Decode(data, v)
	var e *strictjson.Error
	switch {
	case err == nil:
		return nil
	case errors.Is(err, strictjson.ErrNoRule):
		return fmt.Errorf("request type %T: %w", v, err) // ours to fix: a 500 with the cause in the log
	case errors.As(err, &e) && e.Key != "":
		return fail(games.CodeBadRequest, fmt.Sprintf("%q: %s", e.Key, e.Msg))
	case errors.As(err, &e):
		return fail(games.CodeBadRequest, e.Msg)
	}
	return err
}

// tooLarge refuses, before anything reads it, a body whose declared length
// is over MaxBody: the answer is an immediate 413, with no "100 Continue"
// for a client that asked whether to send it (net/http sends that only
// when a handler starts reading), and the connection is closed rather
// than drained. Bodies of unknown length (chunked) are cut at MaxBody by
// the handlers' reader instead.
func (s *Server) tooLarge(w http.ResponseWriter, r *http.Request) bool {
	if r.ContentLength <= s.cfg.MaxBody {
		return false
	}
	w.Header().Set("Connection", "close")
	writeError(w, fail(codeTooLarge,
		fmt.Sprintf("the request body is too large: at most %d bytes", s.cfg.MaxBody)))
	return true
}
