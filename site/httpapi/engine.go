package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/ai"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/review"
)

// engineNodes is the node budget of the analysis board's search: about a
// tenth of a second of one core, a place in the AI pool held that long.
const engineNodes = 150_000

// engineLines is how many lines the analysis board asks for; the search
// gives one for now (review.Lines).
const engineLines = 3

// maxEnginePosition bounds the position text read (a real one is under 80
// bytes).
const maxEnginePosition = 200

// engineAnswer is GET /api/engine's answer.
type engineAnswer struct {
	Position string        `json:"position"`
	Lines    []review.Line `json:"lines"`
	Nodes    uint64        `json:"nodes"`
}

// engine answers GET /api/engine?position=<notation> with the engine's
// lines for the analysis board (API.md, Engine lines): a search of
// engineNodes on a place of the AI pool, counted for the request's client
// as an AI move is; 503 busy when the client or the pool has no place.
func (s *Server) engine(w http.ResponseWriter, r *http.Request) {
	text := r.URL.Query().Get("position")
	if text == "" || len(text) > maxEnginePosition {
		s.fail(w, r, fail(games.CodeBadRequest, "position must be a position in the site's notation"))
		return
	}
	pos, err := dsq.ParsePosition(text)
	if err != nil {
		s.fail(w, r, fail(games.CodeBadRequest, "position: "+err.Error()))
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	answer := engineAnswer{Position: pos.String(), Lines: []review.Line{}, Nodes: engineNodes}
	if pos.Outcome().IsDecided() {
		writeJSON(w, http.StatusOK, answer)
		return
	}
	t, err := s.cfg.Pool.ReserveFor(s.clientOf(r))
	if errors.Is(err, ai.ErrBusy) || errors.Is(err, ai.ErrClosed) {
		s.fail(w, r, games.Busy("the engine"))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	type result struct {
		lines []review.Line
		err   error
	}
	done := make(chan result, 1)
	tables := s.tables.get()
	t.Submit(func(ctx context.Context, e *search.Engine) {
		lines, err := review.Lines(ctx, e, pos, review.Options{Nodes: engineNodes, Tables: tables}, engineLines)
		done <- result{lines, err}
	})
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	select {
	case res := <-done:
		if res.err != nil {
			s.fail(w, r, res.err)
			return
		}
		if res.lines != nil {
			answer.Lines = res.lines
		}
		writeJSON(w, http.StatusOK, answer)
	case <-ctx.Done():
		s.fail(w, r, games.Busy("the engine"))
	}
}
