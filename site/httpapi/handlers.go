package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/strictjson"
)

// decode reads the whole body (at most MaxBody bytes: 413 beyond) into v
// with the strict decoder (body.go). An empty body reads as {}.
// Handlers call it before they lock or load a game, so a slow client holds
// nothing up.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	return s.decodeWith(w, r, v, s.decodeJSON)
}

// decodeWith is decode with the body's decoder dec.
func (s *Server) decodeWith(w http.ResponseWriter, r *http.Request, v any, dec func([]byte, any) error) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return fail(codeTooLarge, "the request body is too large")
		}
		return fail(games.CodeBadRequest, "the request body could not be read")
	}
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}")
	}
	return dec(data, v) // strict: body.go
}

// createWire decodes the body of POST /api/games: the API's request rules
// (body.go) and the time control's.
var createWire = sync.OnceValue(func() *strictjson.Decoder {
	rules := requestRules(len(games.Levels))
	rules["clock"] = strictjson.Rule{MaxLen: 8,
		Invalid: "must be a time control: minutes+increment such as 5+3, or days per move such as 3d"}
	return strictjson.New(rules)
})

// decodeCreate is decodeJSON for POST /api/games.
func decodeCreate(data []byte, v any) error {
	err := createWire().Decode(data, v)
	var e *strictjson.Error
	switch {
	case err == nil:
		return nil
	case errors.Is(err, strictjson.ErrNoRule):
		return fmt.Errorf("request type %T: %w", v, err)
	case errors.As(err, &e) && e.Key != "":
		return fail(games.CodeBadRequest, fmt.Sprintf("%q: %s", e.Key, e.Msg))
	case errors.As(err, &e):
		return fail(games.CodeBadRequest, e.Msg)
	}
	return err
}

// answer writes v with status, or the API's answer to err if there is one.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, status int, v any, err error) {
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, status, v)
}

// change decodes the body into req, then makes the action act(req) builds
// to game {id} for the request's seat, and answers with the new state. The
// change is stored even if the client goes away meanwhile.
func change[T any](s *Server, w http.ResponseWriter, r *http.Request, act func(req *T) (games.Action, error)) {
	var req T
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	a, err := act(&req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 10*time.Second)
	defer cancel()
	res, err := s.games.Change(ctx, r.PathValue("id"), bearer(r), a)
	if err != nil {
		s.answer(w, r, 0, nil, err)
		return
	}
	if res.Created != nil {
		s.logger(r).Info("game created", "game", res.Created.ID, "mode", res.Created.Mode, "rematchOf", res.Game.ID)
	}
	if res.Seats != nil {
		writeJSON(w, http.StatusOK, map[string]any{"game": s.state(res.Game), "seats": res.Seats})
		return
	}
	writeJSON(w, http.StatusOK, s.state(res.Game))
}

// plyOf returns a request's ply, which is required.
func plyOf(ply *int) (int, error) {
	if ply == nil {
		return 0, fail(games.CodeBadRequest, "ply is required: the number of moves in the game you saw")
	}
	return *ply, nil
}

// create starts a game (API.md: POST /api/games).
func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if err := s.allowCreate(r); err != nil {
		s.fail(w, r, err)
		return
	}
	var spec games.Spec
	if err := s.decodeWith(w, r, &spec, decodeCreate); err != nil {
		s.fail(w, r, err)
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 10*time.Second)
	defer cancel()
	p, err := s.caller(ctx, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	spec.Player = p
	c, err := s.games.Create(ctx, spec)
	if err != nil {
		s.answer(w, r, 0, nil, err)
		return
	}
	s.logger(r).Info("game created", "game", c.Game.ID, "mode", c.Game.Mode)
	out := map[string]any{"game": s.state(c.Game), "seats": c.Seats}
	if c.Invite != "" {
		out["invite"] = c.Invite
	}
	writeJSON(w, http.StatusCreated, out)
}

// allowCreate counts a request that may create a game (POST /api/games, a
// rematch offered or accepted) against its address's creation limit, and
// refuses it (429) beyond.
func (s *Server) allowCreate(r *http.Request) error {
	if ok, wait := s.limiter.allow(s.clientOf(r)); !ok {
		e := failLater(codeRateLimited, "too many new games from your address: wait a minute", max(wait.Round(time.Second), time.Second))
		return e
	}
	return nil
}

// join gives the free seat of an online game to the bearer of its
// invitation.
func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	change(s, w, r, func(req *struct {
		Invite string `json:"invite"`
		Rated  bool   `json:"rated"`
	}) (games.Action, error) {
		p, err := s.caller(r.Context(), r)
		if err != nil {
			return nil, err
		}
		return games.Join{Invite: req.Invite, Player: p, Rated: req.Rated}, nil
	})
}

// invite gives an online game's creator its invitation again.
func (s *Server) invite(w http.ResponseWriter, r *http.Request) {
	secret, err := s.games.Invite(r.Context(), r.PathValue("id"), bearer(r))
	s.answer(w, r, http.StatusOK, map[string]string{"invite": secret}, err)
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	g, err := s.games.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.answer(w, r, 0, nil, err)
		return
	}
	// A player of an online game reading it with its seat token is here
	// (presence.go, polled), also without a live stream.
	if c, ok := g.SeatOf(bearer(r)); ok && g.Mode == games.Online && !g.Ended() {
		s.polled.read(s.cfg.Hub, g.ID, c.String())
	}
	writeJSON(w, http.StatusOK, s.state(g))
}

// reviewAnswer is the answer of GET /review (API.md, Review).
type reviewAnswer struct {
	Status string          `json:"status"` // "ready", "pending" or "waiting"
	Review json.RawMessage `json:"review,omitempty"`
}

// review answers with a finished game's review: 200 once computed, 202 while
// it is queued or computed ("pending") or while the review queue is full
// ("waiting": asking again queues it), with Retry-After; 409 before the end.
func (s *Server) review(w http.ResponseWriter, r *http.Request) {
	rv, err := s.games.Review(r.Context(), r.PathValue("id"))
	switch {
	case err != nil:
		s.answer(w, r, 0, nil, err)
	case rv.Review != nil:
		writeJSON(w, http.StatusOK, reviewAnswer{Status: "ready", Review: rv.Review})
	case rv.Pending:
		w.Header().Set("Retry-After", "1")
		writeJSON(w, http.StatusAccepted, reviewAnswer{Status: "pending"})
	default:
		w.Header().Set("Retry-After", "5")
		writeJSON(w, http.StatusAccepted, reviewAnswer{Status: "waiting"})
	}
}

func (s *Server) move(w http.ResponseWriter, r *http.Request) {
	change(s, w, r, func(req *struct {
		Move dsq.Move `json:"move"` // read once, by the decoder (dsq.Move.UnmarshalText)
		Ply  *int     `json:"ply"`
	}) (games.Action, error) {
		ply, err := plyOf(req.Ply)
		if err != nil {
			return nil, err
		}
		if req.Move == dsq.NoMove {
			return nil, fail(games.CodeBadRequest, "move is required: a move in from-to notation, such as a3a4")
		}
		return games.Move{Move: req.Move, Ply: ply}, nil
	})
}

func (s *Server) undo(w http.ResponseWriter, r *http.Request) {
	change(s, w, r, func(req *struct {
		Ply *int `json:"ply"`
	}) (games.Action, error) {
		ply, err := plyOf(req.Ply)
		return games.Undo{Ply: ply}, err
	})
}

func (s *Server) resign(w http.ResponseWriter, r *http.Request) {
	change(s, w, r, func(*struct{}) (games.Action, error) { return games.Resign{}, nil })
}

// draw offers, accepts or declines a draw. In an AI game the offer is
// answered by a job of the AI pool: the call returns at once with the offer
// pending (and aiThinking), and the answer comes as a change of state.
func (s *Server) draw(w http.ResponseWriter, r *http.Request) {
	change(s, w, r, func(req *struct {
		Action string `json:"action"`
	}) (games.Action, error) {
		switch req.Action {
		case "offer":
			return games.OfferDraw{}, nil
		case "accept":
			return games.AcceptDraw{}, nil
		case "decline":
			return games.DeclineDraw{}, nil
		}
		return nil, fail(games.CodeBadRequest, "action must be offer, accept or decline")
	})
}

// claim ends an online game as won by the caller whose opponent has left it
// (API.md: POST /claim): 409 "opponent-connected" or "opponent-may-return"
// otherwise, 503 "presence-unknown" when the opponent's presence cannot be
// read.
func (s *Server) claim(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	change(s, w, r, func(*struct{}) (games.Action, error) { return s.claimAction(r, id) })
}

// abort ends an online game with fewer than two moves with no result
// (API.md: POST /abort).
func (s *Server) abort(w http.ResponseWriter, r *http.Request) {
	change(s, w, r, func(*struct{}) (games.Action, error) { return games.Abort{}, nil })
}

// rematch offers, accepts or declines a rematch of a finished online game
// (API.md: POST /rematch); the new game's id comes in the old game's state
// (rematch.gameId), to both players live. An offer or an acceptance, which
// may start the new game (offers that cross start it), counts against the
// address's creation limit like POST /api/games, and the game it starts
// is logged as created.
func (s *Server) rematch(w http.ResponseWriter, r *http.Request) {
	change(s, w, r, func(req *struct {
		Action string `json:"action"`
	}) (games.Action, error) {
		switch req.Action {
		case "offer", "accept":
			if err := s.allowCreate(r); err != nil {
				return nil, err
			}
			if req.Action == "offer" {
				return games.OfferRematch{}, nil
			}
			return games.AcceptRematch{}, nil
		case "decline":
			return games.DeclineRematch{}, nil
		}
		return nil, fail(games.CodeBadRequest, "action must be offer, accept or decline")
	})
}

// SweepClocks ends the online games whose side to move ran out of time,
// every interval until ctx ends (a flag falls on the next read or action
// anyway; the sweep ends the games nobody reads, and tells their streams).
func (s *Server) SweepClocks(ctx context.Context, interval time.Duration) {
	s.games.SweepEvery(ctx, interval)
}

// arrive counts the live stream of request r on game g as its seat
// holder's presence when the request names a seat token of g (?seat=,
// since a browser's EventSource sends no Authorization header; the access
// log writes no query); the returned leave ends it, once the stream ends.
// Without a token of g it counts nothing (a watcher).
func (s *Server) arrive(r *http.Request, g *games.Game) (leave func()) {
	if c, ok := g.SeatOf(r.URL.Query().Get("seat")); ok {
		return s.cfg.Hub.Arrive(g.ID, c.String())
	}
	return func() {}
}
