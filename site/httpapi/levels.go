package httpapi

import (
	"net/http"

	"github.com/doushouqi/doushouqi/site/games"
)

// levels answers GET /api/levels: the AI's levels, weakest first, with the
// names and descriptions the page shows (games.Level's JSON), and the level
// of a game created without one.
func (s *Server) levels(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"levels": games.Levels, "default": games.DefaultLevel})
}
