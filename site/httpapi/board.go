package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
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
// a title and a description in words, in the visitor's language (the
// page's lang parameter, else Accept-Language), and a PNG of the board at
// the site's origin (siteOrigin: never the request's Host).
func (s *Server) preview(r *http.Request, id string) (web.Preview, bool) {
	ctx, cancel := context.WithTimeout(r.Context(), previewTimeout)
	defer cancel()
	g, err := s.games.Get(ctx, id)
	if err != nil {
		return web.Preview{}, false
	}
	image := ""
	if origin := s.siteOrigin(r); origin != "" {
		image = origin + "/api/games/" + g.ID + "/board.png"
	}
	lang := web.Language(r)
	title, description := web.Describe(lang, gameFacts(g))
	return web.Preview{Title: title, Description: description, Image: image, Lang: lang}, true
}

// gameFacts are what g's link preview says of it.
func gameFacts(g *games.Game) web.GameFacts {
	return web.GameFacts{
		Mode: string(g.Mode), Player: g.AIColor.Other(), Level: g.Level,
		HalfMoves: len(g.Moves()), ToMove: g.Position().SideToMove(), Outcome: g.Outcome(),
	}
}

// boardPNG answers with game {id}'s current position as a PNG (the link
// preview's picture: chats show a PNG, rarely an SVG), turned for Blue
// with ?flip=1, cached and revalidated as board is.
func (s *Server) boardPNG(w http.ResponseWriter, r *http.Request) {
	g, err := s.games.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.answer(w, r, 0, nil, err)
		return
	}
	last := dsq.NoMove
	if moves := g.Moves(); len(moves) > 0 {
		last = moves[len(moves)-1]
	}
	image, err := web.BoardPNG(g.Position(), last, r.URL.Query().Get("flip") == "1")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sum := sha256.Sum256(image)
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", "public, max-age=10")
	h.Set("ETag", `"`+hex.EncodeToString(sum[:16])+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(image))
}
