package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/web"
	"github.com/doushouqi/doushouqi/svg"
)

// boardSize is the width in pixels of a game's picture: large enough for
// the preview cards of chats and social sites.
const boardSize = 600

// board answers with a picture of game {id}'s current position (API.md,
// Board picture): the library's SVG board, its last move highlighted,
// turned for Blue with ?flip=1. The same position gives the same bytes, so
// the ETag is their hash and a client revalidates with If-None-Match; the
// picture may be kept a few seconds, since a move changes it.
func (s *Server) board(w http.ResponseWriter, r *http.Request) {
	g, err := s.games.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.answer(w, r, 0, nil, err)
		return
	}
	image, err := boardImage(g, r.URL.Query().Get("flip") == "1")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sum := sha256.Sum256(image)
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Cache-Control", "public, max-age=10")
	h.Set("ETag", `"`+hex.EncodeToString(sum[:16])+`"`)
	http.ServeContent(w, r, "", time.Time{}, strings.NewReader(string(image)))
}

// boardImage draws g's position as an SVG document.
func boardImage(g *games.Game, flip bool) ([]byte, error) {
	opts := svg.Options{Size: boardSize, Flipped: flip}
	if moves := g.Moves(); len(moves) > 0 {
		opts.LastMove = moves[len(moves)-1]
	}
	image, err := svg.Board(g.Position(), opts)
	if err != nil {
		return nil, fmt.Errorf("board picture of %s: %w", g.ID, err)
	}
	return []byte(image), nil
}

// previewTimeout bounds the loading of a game for its link preview: the page
// is served without one rather than late.
const previewTimeout = 2 * time.Second

// preview is the link preview of game id for the page at r (web.Previewer):
// a title and a description in words, and the picture of the board, at the
// address the request came to.
func (s *Server) preview(r *http.Request, id string) (web.Preview, bool) {
	ctx, cancel := context.WithTimeout(r.Context(), previewTimeout)
	defer cancel()
	g, err := s.games.Get(ctx, id)
	if err != nil {
		return web.Preview{}, false
	}
	image := ""
	if origin := s.siteOrigin(r); origin != "" {
		image = origin + "/api/games/" + g.ID + "/board.svg"
	}
	return web.Preview{
		Title:       "Dou Shou Qi: " + gameTitle(g),
		Description: gameSummary(g),
		Image:       image,
	}, true
}

// gameTitle says what sort of game g is.
func gameTitle(g *games.Game) string {
	switch g.Mode {
	case games.AI:
		return fmt.Sprintf("%s against the AI, level %d", g.AIColor.Other(), g.Level)
	case games.Online:
		return "an online game"
	}
	return "a game on one device"
}

// gameSummary says where g stands: who is to move, or how it ended, after
// how many half-moves.
func gameSummary(g *games.Game) string {
	n := len(g.Moves())
	if out := g.Outcome(); out.IsDecided() {
		return fmt.Sprintf("Finished after %s: %s.", halfMoves(n), out)
	}
	side := g.Position().SideToMove().String()
	if n == 0 {
		return "Not started yet: " + side + " moves first."
	}
	return fmt.Sprintf("After %s, %s to move.", halfMoves(n), side)
}

// halfMoves says "1 half-move", "2 half-moves".
func halfMoves(n int) string {
	if n == 1 {
		return "1 half-move"
	}
	return fmt.Sprintf("%d half-moves", n)
}
