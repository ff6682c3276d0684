// Command gameserver is a minimal HTTP game server on the library: games
// held in memory, each a dsq.Game, played by posting moves. It shows what a
// server needs from the library (the legal moves, a checked Play that says
// why a move is refused and changes nothing, the outcome) and nothing else:
// no storage, no seats, no clocks. The play site (site/) is the full one.
//
//	go -C examples run ./gameserver -addr localhost:8080
//	curl -X POST localhost:8080/games                    # {"id":"1",...}
//	curl -d '{"move":"a3a4"}' localhost:8080/games/1/moves
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"log"
	"net/http"
	"strconv"
	"sync"
	"time"

	dsq "github.com/doushouqi/doushouqi"
)

// server holds the games by id. A dsq.Game is a value whose copies are
// independent and cheap, so the map holds games by value: a handler copies
// one out under the lock, and a move is played on the copy, which is stored
// back only when the library accepts the move.
type server struct {
	mu    sync.Mutex
	games map[string]dsq.Game
	next  int
}

// state is what a client sees of a game: the position in notation, the
// legal moves by origin square (what a board highlights), the moves
// played and the outcome.
type state struct {
	ID       string              `json:"id"`
	Position string              `json:"position"`
	Legal    map[string][]string `json:"legal"`
	Moves    []string            `json:"moves"`
	Outcome  string              `json:"outcome"`
}

func stateOf(id string, g dsq.Game) state {
	s := state{ID: id, Position: g.Position().String(), Legal: map[string][]string{}, Moves: []string{}, Outcome: g.Outcome().String()}
	for _, m := range g.LegalMoves() {
		s.Legal[m.From().String()] = append(s.Legal[m.From().String()], m.To().String())
	}
	for _, m := range g.Moves() {
		s.Moves = append(s.Moves, m.String())
	}
	return s
}

// newHandler returns the server's routes.
func newHandler() http.Handler {
	s := &server{games: map[string]dsq.Game{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /games", s.create)
	mux.HandleFunc("GET /games/{id}", s.get)
	mux.HandleFunc("POST /games/{id}/moves", s.move)
	return mux
}

func (s *server) create(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.next++
	id := strconv.Itoa(s.next)
	var g dsq.Game // the zero Game is a standard game from the start
	s.games[id] = g
	s.mu.Unlock()
	reply(w, http.StatusCreated, stateOf(id, g))
}

func (s *server) get(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	s.mu.Lock()
	g, ok := s.games[id]
	s.mu.Unlock()
	if !ok {
		fail(w, http.StatusNotFound, "no such game")
		return
	}
	reply(w, http.StatusOK, stateOf(id, g))
}

// move plays the posted move. A refused move answers 422 with the
// library's words for the player, and the game stays as it was.
func (s *server) move(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Move string `json:"move"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<10)).Decode(&body); err != nil {
		fail(w, http.StatusBadRequest, "the body is not {\"move\": \"a3a4\"}")
		return
	}
	id := r.PathValue("id")
	s.mu.Lock()
	g, ok := s.games[id]
	var err error
	if ok {
		if _, err = g.PlayText(body.Move); err == nil {
			s.games[id] = g
		}
	}
	s.mu.Unlock()
	var refused *dsq.MoveError
	switch {
	case !ok:
		fail(w, http.StatusNotFound, "no such game")
	case errors.As(err, &refused):
		fail(w, http.StatusUnprocessableEntity, refused.Error())
	case err != nil:
		fail(w, http.StatusInternalServerError, err.Error())
	default:
		reply(w, http.StatusOK, stateOf(id, g))
	}
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func fail(w http.ResponseWriter, status int, msg string) {
	reply(w, status, map[string]string{"error": msg})
}

func main() {
	addr := flag.String("addr", "localhost:8080", "address to listen on")
	flag.Parse()
	srv := &http.Server{Addr: *addr, Handler: newHandler(), ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout: 10 * time.Second, WriteTimeout: 10 * time.Second, IdleTimeout: time.Minute}
	log.Printf("listening on http://%s", *addr)
	log.Fatal(srv.ListenAndServe())
}
