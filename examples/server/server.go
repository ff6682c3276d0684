package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/examples/server/web"
	"github.com/doushouqi/doushouqi/search"
)

// Limits that keep a public server alive.
const (
	maxGames    = 10_000
	maxBodySize = 4 << 10
	aiTime      = 2 * time.Second
)

// Server holds the games. It is safe for concurrent requests: the map has
// its own lock and each game another.
type Server struct {
	mu     sync.Mutex
	games  map[string]*room
	nextID int
}

// room is one game and how it is played.
type room struct {
	mu      sync.Mutex
	id      string
	game    *dsq.Game
	mode    string    // "ai" or "local"
	aiColor dsq.Color // for mode "ai"
	depth   int
	engine  *search.Engine
}

// NewServer returns a server with no games.
func NewServer() *Server { return &Server{games: map[string]*room{}} }

// Handler routes the API and the page.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /{$}", web.Handler())
	mux.HandleFunc("POST /api/games", s.newGame)
	mux.HandleFunc("GET /api/games/{id}", s.withRoom(func(rm *room, w http.ResponseWriter, r *http.Request) { writeState(w, rm) }))
	mux.HandleFunc("GET /api/games/{id}/targets", s.withRoom(targets))
	mux.HandleFunc("POST /api/games/{id}/moves", s.withRoom(play))
	mux.HandleFunc("POST /api/games/{id}/undo", s.withRoom(undo))
	mux.HandleFunc("POST /api/games/{id}/resign", s.withRoom(resign))
	mux.HandleFunc("POST /api/games/{id}/draw", s.withRoom(draw))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		// Everything else, in JSON like the rest of the API.
		if strings.HasPrefix(r.URL.Path, "/api/games") {
			writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("method %s not allowed on %s", r.Method, r.URL.Path))
			return
		}
		writeError(w, http.StatusNotFound, fmt.Errorf("no such page: %s", r.URL.Path))
	})
	return mux
}

type apiError struct {
	Error  string `json:"error"`
	Reason string `json:"reason,omitempty"` // for a refused move: the rule it breaks
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, err error) {
	e := apiError{Error: err.Error()}
	var me *dsq.MoveError
	if errors.As(err, &me) {
		e.Reason = me.Err.Error()
	}
	writeJSON(w, status, e)
}

// decode reads a small JSON body into v; unknown fields are refused.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBodySize))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("bad request body: %w", err)
	}
	return nil
}

type newGameRequest struct {
	Mode    string     `json:"mode"`    // "ai" (default) or "local"
	AIColor *dsq.Color `json:"aiColor"` // the AI's side in mode "ai"; default blue
	Depth   int        `json:"depth"`   // AI depth 1..8, default 4
}

func (s *Server) newGame(w http.ResponseWriter, r *http.Request) {
	var req newGameRequest
	if err := decode(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	rm := &room{game: dsq.NewGame(), mode: req.Mode, aiColor: dsq.Blue, depth: req.Depth}
	switch rm.mode {
	case "", "ai":
		rm.mode = "ai"
		if req.AIColor != nil {
			rm.aiColor = *req.AIColor
		}
		if rm.depth == 0 {
			rm.depth = 4
		}
		if rm.depth < 1 || rm.depth > 8 {
			writeError(w, http.StatusBadRequest, errors.New("depth must be 1..8"))
			return
		}
		rm.engine = search.NewEngine(8)
	case "local":
		if req.AIColor != nil || req.Depth != 0 {
			writeError(w, http.StatusBadRequest, errors.New("a local game has no AI"))
			return
		}
	default:
		writeError(w, http.StatusBadRequest, fmt.Errorf("mode %q: want ai or local", req.Mode))
		return
	}
	s.mu.Lock()
	if len(s.games) >= maxGames {
		s.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, errors.New("too many games"))
		return
	}
	s.nextID++
	rm.id = strconv.Itoa(s.nextID)
	s.games[rm.id] = rm
	s.mu.Unlock()

	rm.mu.Lock()
	defer rm.mu.Unlock()
	rm.aiMove(r.Context()) // the AI opens when it plays Red
	writeJSON(w, http.StatusCreated, rm.state())
}

// withRoom finds the game of the request and holds its lock for h.
func (s *Server) withRoom(h func(*room, http.ResponseWriter, *http.Request)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		rm, ok := s.games[r.PathValue("id")]
		s.mu.Unlock()
		if !ok {
			writeError(w, http.StatusNotFound, errors.New("no such game"))
			return
		}
		rm.mu.Lock()
		defer rm.mu.Unlock()
		h(rm, w, r)
	}
}

// aiToMove reports whether the AI is to move in an unfinished AI game.
func (rm *room) aiToMove() bool {
	pos := rm.game.Position()
	return rm.mode == "ai" && !rm.game.IsOver() && pos.SideToMove() == rm.aiColor
}

// aiMove lets the AI move if it is its turn.
func (rm *room) aiMove(ctx context.Context) {
	if !rm.aiToMove() {
		return
	}
	pos := rm.game.Position()
	ctx, cancel := context.WithTimeout(ctx, aiTime)
	defer cancel()
	res, err := rm.engine.Search(ctx, pos, search.Options{Depth: rm.depth, Time: aiTime})
	if err != nil {
		return
	}
	rm.game.Play(res.Move)
}

// gameState is what the API returns for a game.
type gameState struct {
	ID         string     `json:"id"`
	Mode       string     `json:"mode"`
	AIColor    *dsq.Color `json:"aiColor,omitempty"`
	Position   string     `json:"position"`
	Board      []string   `json:"board"` // 63 letters ("" for empty), index rank*7+file
	SideToMove dsq.Color  `json:"sideToMove"`
	Moves      []dsq.Move `json:"moves"`
	Over       bool       `json:"over"`
	Result     string     `json:"result"`
	DrawOffer  *dsq.Color `json:"drawOffer,omitempty"`
}

func (rm *room) state() gameState {
	pos := rm.game.Position()
	st := gameState{
		ID: rm.id, Mode: rm.mode, Position: pos.String(), SideToMove: pos.SideToMove(),
		Moves: rm.game.Moves(), Over: rm.game.IsOver(), Result: rm.game.Outcome().String(),
		Board: make([]string, dsq.NumSquares),
	}
	if st.Moves == nil {
		st.Moves = []dsq.Move{}
	}
	if rm.mode == "ai" {
		c := rm.aiColor
		st.AIColor = &c
	}
	if c, ok := rm.game.DrawOffer(); ok {
		st.DrawOffer = &c
	}
	for sq := range dsq.Square(dsq.NumSquares) {
		if pc := pos.PieceAt(sq); pc != dsq.NoPiece {
			st.Board[sq] = string(pc.Letter())
		}
	}
	return st
}

func writeState(w http.ResponseWriter, rm *room) { writeJSON(w, http.StatusOK, rm.state()) }

func targets(rm *room, w http.ResponseWriter, r *http.Request) {
	from, err := dsq.ParseSquare(r.URL.Query().Get("from"))
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	pos := rm.game.Position()
	out := []string{}
	if !rm.aiToMove() {
		for sq := range pos.LegalTargets(from).Squares() {
			out = append(out, sq.String())
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"from": from.String(), "targets": out})
}

func play(rm *room, w http.ResponseWriter, r *http.Request) {
	var req struct {
		Move string `json:"move"`
	}
	if err := decode(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	m, err := dsq.ParseMove(req.Move)
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	if rm.aiToMove() {
		writeError(w, http.StatusConflict, errors.New("it is the AI's turn"))
		return
	}
	if err := rm.game.Play(m); err != nil {
		status := http.StatusUnprocessableEntity
		if errors.Is(err, dsq.ErrGameOver) {
			status = http.StatusConflict
		}
		writeError(w, status, err)
		return
	}
	rm.aiMove(r.Context())
	writeState(w, rm)
}

// undo takes back the last move in a local game, or the last move of each
// side in a game against the AI.
func undo(rm *room, w http.ResponseWriter, r *http.Request) {
	plies := 1
	if rm.mode == "ai" {
		pos := rm.game.Position()
		if pos.SideToMove() != rm.aiColor {
			plies = 2 // the AI's reply and the player's move
		}
		if len(rm.game.Moves()) < plies {
			writeError(w, http.StatusConflict, dsq.ErrNothingToUndo)
			return
		}
	}
	for range plies {
		if err := rm.game.Undo(); err != nil {
			writeError(w, http.StatusConflict, err)
			return
		}
	}
	writeState(w, rm)
}

type colorRequest struct {
	Color  dsq.Color `json:"color"`
	Action string    `json:"action,omitempty"`
}

func resign(rm *room, w http.ResponseWriter, r *http.Request) {
	var req colorRequest
	if err := decode(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	if err := rm.game.Resign(req.Color); err != nil {
		writeError(w, http.StatusConflict, err)
		return
	}
	writeState(w, rm)
}

func draw(rm *room, w http.ResponseWriter, r *http.Request) {
	var req colorRequest
	if err := decode(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	var err error
	switch req.Action {
	case "offer":
		err = rm.game.OfferDraw(req.Color)
		if err == nil && rm.mode == "ai" {
			err = rm.game.DeclineDraw(rm.aiColor) // the AI plays on
		}
	case "accept":
		err = rm.game.AcceptDraw(req.Color)
	case "decline":
		err = rm.game.DeclineDraw(req.Color)
	default:
		writeError(w, http.StatusBadRequest, fmt.Errorf("action %q: want offer, accept or decline", req.Action))
		return
	}
	if err != nil {
		writeError(w, http.StatusConflict, err)
		return
	}
	writeState(w, rm)
}
