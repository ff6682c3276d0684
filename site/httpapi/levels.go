package httpapi

import (
	"net/http"

	"github.com/doushouqi/doushouqi/site/games"
)

// levelInfo is one AI level as GET /api/levels shows it.
type levelInfo struct {
	Level int    `json:"level"`
	Name  string `json:"name"`
	About string `json:"about"`
	Elo   int    `json:"elo"` // the measured standing below the top level
}

// levels answers GET /api/levels: the AI's levels, weakest first, with the
// names and descriptions the page shows.
func (s *Server) levels(w http.ResponseWriter, r *http.Request) {
	out := make([]levelInfo, len(games.Levels))
	for i, l := range games.Levels {
		out[i] = levelInfo{Level: l.Number, Name: l.Name, About: l.About, Elo: l.Elo}
	}
	writeJSON(w, http.StatusOK, map[string]any{"levels": out, "default": games.DefaultLevel})
}
