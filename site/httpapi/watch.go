package httpapi

import (
	"net/http"
	"sync"
	"time"

	"github.com/doushouqi/doushouqi/site/games"
)

// watchLimit is how many games GET /api/watch lists at most.
const watchLimit = 50

// watchEvery is how long one answer of GET /api/watch serves every page
// that asks (each start screen asks): one query a second at most, however
// many pages there are.
const watchEvery = time.Second

// WatchGame is a game in progress as the watch list shows it.
type WatchGame struct {
	ID      string                     `json:"id"`
	Control string                     `json:"control"` // "5+3", "1d"; "" without a clock
	Ply     int                        `json:"ply"`
	Players map[string]SeatPlayerState `json:"players"`
	Clock   *ClockState                `json:"clock"`
}

// WatchList is the answer of GET /api/watch: the games in progress, the
// best rated first, and the one the start screen shows live ("" : none).
type WatchList struct {
	Games    []WatchGame `json:"games"`
	Featured string      `json:"featured"`
}

// watchCache keeps the last watch list for watchEvery.
type watchCache struct {
	mu   sync.Mutex
	at   time.Time
	list *WatchList
}

// watch answers with the online games in progress (GET /api/watch).
func (s *Server) watch(w http.ResponseWriter, r *http.Request) {
	s.watching.mu.Lock()
	defer s.watching.mu.Unlock()
	now := time.Now()
	if s.watching.list == nil || now.Sub(s.watching.at) >= watchEvery {
		gs, err := s.games.Watchable(r.Context(), watchLimit)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.watching.list, s.watching.at = watchList(gs), now
	}
	writeJSON(w, http.StatusOK, s.watching.list)
}

// watchList is the watch list of gs, in their order.
func watchList(gs []*games.Game) *WatchList {
	out := &WatchList{Games: make([]WatchGame, 0, len(gs))}
	for _, g := range gs {
		out.Games = append(out.Games, WatchGame{ID: g.ID, Control: g.Clock.Control.String(), Ply: g.Ply(),
			Players: seatPlayers(g), Clock: clockState(g)})
	}
	if len(out.Games) > 0 {
		out.Featured = out.Games[0].ID
	}
	return out
}
