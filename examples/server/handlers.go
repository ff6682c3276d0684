package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/examples/server/ai"
	"github.com/doushouqi/doushouqi/examples/server/store"
	"github.com/doushouqi/doushouqi/examples/server/teach"
	"github.com/doushouqi/doushouqi/search"
)

// decode reads the whole body (at most MaxBody bytes: 413 beyond) into v
// with the strict decoder (body.go). An empty body reads as {}.
// Handlers call it before they lock or load a game, so a slow client holds
// nothing up.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return fail(http.StatusRequestEntityTooLarge, "too-large", "the request body is too large")
		}
		return fail(http.StatusBadRequest, "bad-request", "the request body could not be read")
	}
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}")
	}
	return s.decodeJSON(data, v) // strict: body.go
}

// The store's answers as API errors.
func storeError(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return errNotFound
	case errors.Is(err, store.ErrConflict):
		return errChanged
	}
	return err
}

// view reads a game for watching: from the cache, else the database.
func (s *Server) view(ctx context.Context, id string) (*store.Game, *dsq.Game, error) {
	if !validID(id) {
		return nil, nil, errNotFound
	}
	rec, ok := s.cache.get(id)
	if !ok {
		seen := s.cache.removed()
		var err error
		if rec, err = s.cfg.Store.Get(ctx, id); err != nil {
			return nil, nil, storeError(err)
		}
		s.cache.putRead(rec, seen)
	}
	g, err := replay(rec)
	if err != nil {
		return nil, nil, err
	}
	return rec, g, nil
}

// call is one change to a game, made under its lock on a fresh read.
type call struct {
	rec    *store.Game
	game   *dsq.Game
	seat   dsq.Color         // the colour of the request's token
	seated bool              // the request holds a seat of this game
	ticket *ai.Ticket        // a place for the AI's move after this change
	seats  map[string]string // seat tokens handed out by this change
}

// needAI reserves a place in the AI pool when the change leaves the AI to
// move, so that the change is refused (503) rather than stored with no AI
// to answer it.
func (s *Server) needAI(c *call) error {
	if !aiToMove(c.rec) || c.ticket != nil {
		return nil
	}
	t, err := s.cfg.Pool.Reserve()
	if err != nil {
		return errBusy("the AI is busy")
	}
	c.ticket = t
	return nil
}

// change runs fn on game id, with the game's lock held and the game read
// afresh from the database, then stores the result (409 if another process
// got there first), tells the watchers and queues the AI's move if its turn
// came. fn sees the request's seat; with needSeat, a request without a seat
// of this game is refused (401) before fn.
func (s *Server) change(w http.ResponseWriter, r *http.Request, needSeat bool, fn func(c *call) error) {
	id := r.PathValue("id")
	if !validID(id) {
		s.fail(w, r, errNotFound)
		return
	}
	// The change is stored even if the client goes away meanwhile.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 10*time.Second)
	defer cancel()
	c, err := s.changeLocked(ctx, id, bearer(r), needSeat, fn)
	if err != nil {
		if errors.Is(err, store.ErrConflict) {
			s.cache.remove(id)
		}
		s.fail(w, r, storeError(err))
		return
	}
	s.changed(c.rec)
	if c.ticket != nil {
		s.queueAI(c.rec.ID, c.ticket)
	}
	if c.seats != nil {
		writeJSON(w, http.StatusOK, map[string]any{"game": stateOf(c.rec, c.game), "seats": c.seats})
		return
	}
	writeJSON(w, http.StatusOK, stateOf(c.rec, c.game))
}

func (s *Server) changeLocked(ctx context.Context, id, token string, needSeat bool, fn func(c *call) error) (_ *call, err error) {
	mu := s.lock(id)
	mu.Lock()
	defer mu.Unlock()
	rec, err := s.cfg.Store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	g, err := replay(rec)
	if err != nil {
		return nil, err
	}
	c := &call{rec: rec, game: g}
	c.seat, c.seated = seatOf(rec, token)
	if needSeat && !c.seated {
		return nil, errNoSeat
	}
	defer func() {
		if err != nil {
			c.ticket.Release()
		}
	}()
	if err := fn(c); err != nil {
		return nil, err
	}
	derive(rec, g)
	if err := s.needAI(c); err != nil {
		return nil, err
	}
	if err := s.cfg.Store.Update(ctx, rec); err != nil {
		return nil, err
	}
	return c, nil
}

// checkPly refuses a request made on a state that is not the current one.
func checkPly(c *call, ply *int) error {
	if ply == nil {
		return fail(http.StatusBadRequest, "bad-request", "ply is required: the number of moves in the game you saw")
	}
	if *ply != len(c.rec.Moves) {
		return fail(http.StatusConflict, "conflict", "the game has moved on since you saw it: reload it")
	}
	return nil
}

var (
	errOver       = fail(http.StatusConflict, "conflict", "the game is over")
	errNotYours   = fail(http.StatusConflict, "conflict", "it is not your turn")
	errAIMoving   = fail(http.StatusConflict, "conflict", "the AI is thinking")
	errNoOpponent = fail(http.StatusConflict, "conflict", "waiting for the other player to join")
)

type createRequest struct {
	Mode  string `json:"mode"`
	Color string `json:"color"`
	Level int    `json:"level"`
}

// create starts a game (API.md: POST /api/games).
func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if ok, wait := s.limiter.allow(s.clientOf(r)); !ok {
		e := fail(http.StatusTooManyRequests, "rate-limited", "too many new games from your address: wait a minute")
		e.retryAfter = max(wait.Round(time.Second), time.Second)
		s.fail(w, r, e)
		return
	}
	var req createRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	color := dsq.Red
	if req.Color != "" {
		c, err := parseColor(req.Color)
		if err != nil {
			s.fail(w, r, fail(http.StatusBadRequest, "bad-request", "color must be red or blue"))
			return
		}
		color = c
	}
	start := dsq.StartPosition()
	rec := &store.Game{Mode: req.Mode, Rules: dsq.Standard.String(), Start: start.String(),
		First: start.SideToMove().String(), ToMove: start.SideToMove().String()}
	tokens := map[string]string{}
	seat := func(c dsq.Color) {
		t := randomHex()
		tokens[c.String()] = t
		setSeat(rec, c, hashToken(t))
	}
	switch req.Mode {
	case "ai":
		if req.Level == 0 {
			req.Level = 3
		}
		if req.Level < 1 || req.Level > len(levels) {
			s.fail(w, r, fail(http.StatusBadRequest, "bad-request", "level must be 1 to 5"))
			return
		}
		rec.Level, rec.AIColor = req.Level, color.Other().String()
		seat(color)
	case "local", "online":
		if req.Level != 0 {
			s.fail(w, r, fail(http.StatusBadRequest, "bad-request", "only an AI game has a level"))
			return
		}
		seat(color)
		if req.Mode == "local" {
			seat(color.Other())
		}
	default:
		s.fail(w, r, fail(http.StatusBadRequest, "bad-request", "mode must be ai, local or online"))
		return
	}
	var ticket *ai.Ticket
	if aiToMove(rec) { // the AI opens
		t, err := s.cfg.Pool.Reserve()
		if err != nil {
			s.fail(w, r, errBusy("the AI is busy"))
			return
		}
		ticket = t
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 10*time.Second)
	defer cancel()
	var err error
	for range 3 { // a taken id is (2^-128) unlikely; try again anyway
		rec.ID = randomHex()
		if err = s.cfg.Store.Create(ctx, rec); !errors.Is(err, store.ErrExists) {
			break
		}
	}
	if err != nil {
		ticket.Release()
		s.fail(w, r, err)
		return
	}
	s.changed(rec)
	if ticket != nil {
		s.queueAI(rec.ID, ticket)
	}
	g, err := replay(rec)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.logger(r).Info("game created", "game", rec.ID, "mode", rec.Mode)
	writeJSON(w, http.StatusCreated, map[string]any{"game": stateOf(rec, g), "seats": tokens})
}

// join gives the free seat of an online game.
func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.change(w, r, false, func(c *call) error {
		if c.rec.Mode != "online" {
			return fail(http.StatusConflict, "conflict", "only an online game can be joined")
		}
		for _, color := range []dsq.Color{dsq.Red, dsq.Blue} {
			if seatHash(c.rec, color) == "" {
				t := randomHex()
				setSeat(c.rec, color, hashToken(t))
				c.seats = map[string]string{color.String(): t}
				return nil
			}
		}
		return fail(http.StatusConflict, "conflict", "both seats are taken")
	})
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	rec, g, err := s.view(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.ensureAI(rec)
	writeJSON(w, http.StatusOK, stateOf(rec, g))
}

type moveRequest struct {
	Move string `json:"move"`
	Ply  *int   `json:"ply"`
}

// canPlay refuses a move or undo for c's seat when the game is not in a
// state to take one.
func canPlay(c *call) error {
	switch {
	case c.rec.Over:
		return errOver
	case aiToMove(c.rec):
		return errAIMoving
	case c.rec.Mode == "online" && (c.rec.RedSeat == "" || c.rec.BlueSeat == ""):
		return errNoOpponent
	}
	return nil
}

func (s *Server) move(w http.ResponseWriter, r *http.Request) {
	var req moveRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := dsq.ParseMove(req.Move)
	if err != nil {
		s.fail(w, r, fail(http.StatusBadRequest, "bad-request", "move must be in from-to notation, such as a3a4"))
		return
	}
	s.change(w, r, true, func(c *call) error {
		if err := checkPly(c, req.Ply); err != nil {
			return err
		}
		if err := canPlay(c); err != nil {
			return err
		}
		if c.rec.ToMove != c.seat.String() {
			return errNotYours
		}
		if err := c.game.Play(m); err != nil {
			return illegalMove(m, err)
		}
		return nil
	})
}

func (s *Server) undo(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Ply *int `json:"ply"`
	}
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.change(w, r, true, func(c *call) error {
		if err := checkPly(c, req.Ply); err != nil {
			return err
		}
		if err := canPlay(c); err != nil {
			return err
		}
		plies := 1
		switch c.rec.Mode {
		case "online":
			return fail(http.StatusConflict, "conflict", "moves cannot be taken back in an online game")
		case "ai":
			plies = 2 // the AI's reply and the player's move
		}
		if len(c.rec.Moves) < plies {
			return fail(http.StatusConflict, "conflict", "there is no move to take back")
		}
		for range plies {
			if err := c.game.Undo(); err != nil {
				return fail(http.StatusConflict, "conflict", "the move cannot be taken back")
			}
		}
		return nil
	})
}

func (s *Server) resign(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.change(w, r, true, func(c *call) error {
		if c.rec.Over {
			return errOver
		}
		if c.rec.Mode == "online" && (c.rec.RedSeat == "" || c.rec.BlueSeat == "") {
			return errNoOpponent // no win for a player who never came
		}
		if err := c.game.Resign(c.seat); err != nil {
			return errOver
		}
		c.rec.Resigned = c.seat.String()
		return nil
	})
}

// drawMargin is how far behind (centi-rats, for the AI) the AI must judge
// itself to accept a draw offer.
const drawMargin = 300

func (s *Server) draw(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Action string `json:"action"`
	}
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.Action != "offer" && req.Action != "accept" && req.Action != "decline" {
		s.fail(w, r, fail(http.StatusBadRequest, "bad-request", "action must be offer, accept or decline"))
		return
	}
	s.change(w, r, true, func(c *call) error {
		if c.rec.Over {
			return errOver
		}
		offer, pending := c.game.DrawOffer()
		switch req.Action {
		case "offer":
			if pending {
				return fail(http.StatusConflict, "conflict", "a draw offer is already pending")
			}
			if c.rec.Mode == "online" && (c.rec.RedSeat == "" || c.rec.BlueSeat == "") {
				return errNoOpponent
			}
			if err := c.game.OfferDraw(c.seat); err != nil {
				return fail(http.StatusConflict, "conflict", "a draw cannot be offered now")
			}
			if c.rec.Mode == "ai" {
				return s.answerDraw(c)
			}
		case "accept", "decline":
			if !pending || offer == c.seat {
				return fail(http.StatusConflict, "conflict", "there is no draw offer to answer")
			}
			if req.Action == "accept" {
				if err := c.game.AcceptDraw(c.seat); err != nil {
					return fail(http.StatusConflict, "conflict", "the draw offer cannot be accepted")
				}
				c.rec.DrawAgreed, c.rec.DrawOffer = true, offer.String()
			} else if err := c.game.DeclineDraw(c.seat); err != nil {
				return fail(http.StatusConflict, "conflict", "the draw offer cannot be declined")
			}
		}
		return nil
	})
}

// answerDraw has the AI answer the player's offer at once, by a short
// search: it accepts when it judges itself clearly behind.
func (s *Server) answerDraw(c *call) error {
	aiColor, _ := parseColor(c.rec.AIColor)
	pos := c.game.Position()
	var score int
	var serr error
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := s.cfg.Pool.Do(ctx, func(ctx context.Context, e *search.Engine) {
		var res search.Result
		res, serr = e.Search(ctx, pos, search.Options{Depth: 3, Time: time.Second})
		score = res.Score
	})
	if errors.Is(err, ai.ErrBusy) || errors.Is(err, ai.ErrClosed) {
		return errBusy("the AI is busy")
	}
	if err == nil {
		err = serr
	}
	if err != nil {
		return err
	}
	if pos.SideToMove() != aiColor {
		score = -score
	}
	if score <= -drawMargin {
		if err := c.game.AcceptDraw(aiColor); err != nil {
			return err
		}
		c.rec.DrawAgreed, c.rec.DrawOffer = true, c.seat.String()
		return nil
	}
	return c.game.DeclineDraw(aiColor)
}

// targets lists where the piece on ?from= may go, and why it may not go to
// its other neighbours and river landings (API.md).
func (s *Server) targets(w http.ResponseWriter, r *http.Request) {
	rec, g, err := s.view(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	from, err := dsq.ParseSquare(r.URL.Query().Get("from"))
	if err != nil {
		s.fail(w, r, fail(http.StatusBadRequest, "bad-request", "from must be a square, such as c3"))
		return
	}
	pos := g.Position()
	mayMove := !rec.Over && !aiToMove(rec)
	if token := bearer(r); token != "" {
		seat, ok := seatOf(rec, token)
		if !ok {
			s.fail(w, r, errNoSeat)
			return
		}
		mayMove = mayMove && seat == pos.SideToMove()
	}
	type refusal struct {
		To      string `json:"to"`
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	out := struct {
		From    string    `json:"from"`
		Targets []string  `json:"targets"`
		Refused []refusal `json:"refused"`
	}{From: from.String(), Targets: []string{}, Refused: []refusal{}}
	if mayMove {
		for sq := range g.LegalTargets(from).Squares() { // the game's answer: none once it is over
			out.Targets = append(out.Targets, sq.String())
		}
	}
	if pos.PieceAt(from) != dsq.NoPiece {
		for _, to := range candidates(&pos, from) {
			m := dsq.NewMove(from, to)
			if err := pos.CheckMove(m); err != nil {
				out.Refused = append(out.Refused, refusal{To: to.String(), Code: teach.Code(err), Message: ruleText(err)})
			}
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// candidates are the squares next to from and, for a lion or a tiger, the
// river landings from it.
func candidates(pos *dsq.Position, from dsq.Square) []dsq.Square {
	var out []dsq.Square
	f, rk := from.File(), from.Rank()
	for _, d := range [][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}} {
		nf, nr := f+d[0], rk+d[1]
		if nf >= 0 && nf < dsq.NumFiles && nr >= 0 && nr < dsq.NumRanks {
			out = append(out, dsq.SquareAt(nf, nr))
		}
	}
	if a := pos.PieceAt(from).Animal(); a != dsq.Lion && a != dsq.Tiger {
		return out
	}
	for _, d := range []dsq.Direction{dsq.Up, dsq.Down, dsq.Left, dsq.Right} {
		if j, ok := pos.RiverJump(from, d); ok {
			out = append(out, j.To)
		}
	}
	return out
}
