package httpapi

import (
	"net/http"
	"strings"

	"github.com/doushouqi/doushouqi/site/games"
)

// playerToken: STAND-IN until the players' identity is merged.
func playerToken(r *http.Request) string {
	if t := r.Header.Get("X-Player"); t != "" {
		return t
	}
	return r.URL.Query().Get("player")
}

// lobbyCaller: STAND-IN until the players' identity is merged: the
// X-Player header is the player's id.
func (s *Server) lobbyCaller(r *http.Request) (*lobbyCaller, error) {
	t := playerToken(r)
	if len(t) != 16 || strings.Trim(t, "0123456789abcdef") != "" {
		return nil, games.Refuse("no-player", "unknown player")
	}
	return &lobbyCaller{ID: t, Name: "p" + t[:4], Rating: 1500, Provisional: true}, nil
}
