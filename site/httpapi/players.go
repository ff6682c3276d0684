package httpapi

import (
	"context"
	"math"
	"net/http"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/games"
)

// PlayerHeader is the request header that carries a player's secret (API.md,
// Players); an event stream, which cannot send headers, carries it as the
// query parameter "player".
const PlayerHeader = "X-Player"

// playerToken returns the request's player secret, "" if none: the
// header's, else on a GET (an event stream's) the query's; two headers are
// 400 bad-request, not a guess at which one is meant.
func playerToken(r *http.Request) (string, error) {
	switch vs := r.Header.Values(PlayerHeader); {
	case len(vs) > 1:
		return "", games.Refuse(games.CodeBadRequest, "one "+PlayerHeader+" header at most")
	case len(vs) == 1 && vs[0] != "":
		return vs[0], nil
	}
	if r.Method == http.MethodGet {
		return r.URL.Query().Get("player"), nil
	}
	return "", nil
}

// caller returns the identity the request carries, nil if it carries none;
// a secret the site does not know is 401 no-player (the page then asks for
// a new identity).
func (s *Server) caller(ctx context.Context, r *http.Request) (*games.Player, error) {
	token, err := playerToken(r)
	if token == "" || err != nil {
		return nil, err
	}
	return s.games.PlayerOf(ctx, token)
}

// mustCaller is caller for calls that need an identity: 401 no-player
// without one.
func (s *Server) mustCaller(ctx context.Context, r *http.Request) (*games.Player, error) {
	p, err := s.caller(ctx, r)
	if err == nil && p == nil {
		err = games.ErrNoPlayer
	}
	return p, err
}

// RatingState is a player's rating in one time class, as the API shows it:
// rounded, with the rated games it rests on; provisional until its
// deviation is small enough (rating.Provisional), shown with a "?".
type RatingState struct {
	Rating      int  `json:"rating"`
	Deviation   int  `json:"deviation"`
	Games       int  `json:"games"`
	Provisional bool `json:"provisional"`
}

// PlayerState is a player as anyone may see it: its public id, name ("" :
// none chosen) and ratings by time class (only the classes it has played
// rated games in).
type PlayerState struct {
	ID      string                 `json:"id"`
	Name    string                 `json:"name"`
	Ratings map[string]RatingState `json:"ratings"`
}

// playerState is p as the API shows it.
func playerState(p *games.Player) PlayerState {
	out := PlayerState{ID: p.ID, Name: p.Name, Ratings: map[string]RatingState{}}
	for class, r := range p.Ratings {
		out.Ratings[class] = RatingState{Rating: int(math.Round(r.Rating.Rating)),
			Deviation: int(math.Round(r.Deviation)), Games: r.Games, Provisional: r.Provisional()}
	}
	return out
}

// SeatPlayerState is the identity holding a seat, with the name and
// rating it had when it took the seat.
type SeatPlayerState struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Rating      int    `json:"rating"`
	Provisional bool   `json:"provisional"`
}

// seatPlayers is g's players by colour; a seat with no identity is left
// out.
func seatPlayers(g *games.Game) map[string]SeatPlayerState {
	out := map[string]SeatPlayerState{}
	for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
		if p := g.Players[c]; p.ID != "" {
			out[c.String()] = SeatPlayerState{ID: p.ID, Name: p.Name, Rating: p.Rating, Provisional: p.Provisional}
		}
	}
	return out
}

// newPlayer issues a per-browser identity (POST /api/players): counted as a
// new game is against the address's creations, since every named identity
// is one more account an abuser could rate games with.
func (s *Server) newPlayer(w http.ResponseWriter, r *http.Request) {
	if err := s.allowCreate(r); err != nil {
		s.fail(w, r, err)
		return
	}
	var req struct{}
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 10*time.Second)
	defer cancel()
	p, token, err := s.games.NewPlayer(ctx)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.logger(r).Info("player created", "player", p.ID)
	writeJSON(w, http.StatusCreated, struct {
		PlayerState
		Token string `json:"token"`
	}{playerState(p), token})
}

// me answers with the caller's own player (GET /api/players/me).
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	p, err := s.mustCaller(r.Context(), r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, playerState(p))
}

// rename sets the caller's name (POST /api/players/me/name): counted
// against the address's creations, as a new identity is.
func (s *Server) rename(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name string `json:"name"`
	}
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 10*time.Second)
	defer cancel()
	p, err := s.mustCaller(ctx, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.allowCreate(r); err != nil {
		s.fail(w, r, err)
		return
	}
	p, err = s.games.Rename(ctx, p, req.Name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.logger(r).Info("player named", "player", p.ID)
	writeJSON(w, http.StatusOK, playerState(p))
}

// player answers with a player's public face (GET /api/players/{id}).
func (s *Server) player(w http.ResponseWriter, r *http.Request) {
	p, err := s.games.PlayerByID(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, playerState(p))
}
