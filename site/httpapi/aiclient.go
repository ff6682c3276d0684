package httpapi

import (
	"net/http"

	"github.com/doushouqi/doushouqi/site/games"
)

// withAIClient has every request's calls to package games count their AI
// jobs for the request's client (clientOf: its address, the one the rate
// limits count), so that the AI pool shares its engines between addresses
// and bounds each one's places (package ai).
func (s *Server) withAIClient(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(games.WithClient(r.Context(), s.clientOf(r))))
	})
}
