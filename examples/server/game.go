package main

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/examples/server/store"
)

// randomHex returns 128 random bits in hex: game ids and seat tokens.
func randomHex() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand panics rather than return short)
	return hex.EncodeToString(b)
}

// validID reports whether id has the shape of a game id, so that nothing
// else reaches the database.
func validID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// hashToken is what the database keeps of a seat token.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// bearer returns the request's bearer token, "" if none.
func bearer(r *http.Request) string {
	auth := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(auth, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// seatOf returns the colour whose seat token is token.
func seatOf(rec *store.Game, token string) (dsq.Color, bool) {
	if token == "" {
		return 0, false
	}
	h := hashToken(token)
	for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
		seat := seatHash(rec, c)
		if seat != "" && subtle.ConstantTimeCompare([]byte(h), []byte(seat)) == 1 {
			return c, true
		}
	}
	return 0, false
}

func seatHash(rec *store.Game, c dsq.Color) string {
	if c == dsq.Red {
		return rec.RedSeat
	}
	return rec.BlueSeat
}

func setSeat(rec *store.Game, c dsq.Color, hash string) {
	if c == dsq.Red {
		rec.RedSeat = hash
	} else {
		rec.BlueSeat = hash
	}
}

func parseColor(s string) (dsq.Color, error) {
	switch s {
	case "red":
		return dsq.Red, nil
	case "blue":
		return dsq.Blue, nil
	}
	return 0, fmt.Errorf("colour %q: want red or blue", s)
}

// replay rebuilds the library's game from its stored record, checking every
// move again.
func replay(rec *store.Game) (*dsq.Game, error) {
	rules, err := dsq.ParseRules(rec.Rules)
	if err != nil {
		return nil, fmt.Errorf("game %s: rules: %w", rec.ID, err)
	}
	start, err := dsq.ParsePosition(rec.Start)
	if err != nil {
		return nil, fmt.Errorf("game %s: start: %w", rec.ID, err)
	}
	if start, err = start.WithRules(rules); err != nil {
		return nil, fmt.Errorf("game %s: rules: %w", rec.ID, err)
	}
	g, err := dsq.NewGameRules(start, rules)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	for i, s := range rec.Moves {
		m, err := dsq.ParseMove(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("game %s: move %d %q: %w", rec.ID, i+1, s, err)
		}
	}
	var offer dsq.Color
	if rec.DrawOffer != "" {
		if offer, err = parseColor(rec.DrawOffer); err != nil {
			return nil, fmt.Errorf("game %s: %w", rec.ID, err)
		}
	}
	switch {
	case rec.Resigned != "":
		c, err := parseColor(rec.Resigned)
		if err == nil {
			err = g.Resign(c)
		}
		if err != nil {
			return nil, fmt.Errorf("game %s: resignation: %w", rec.ID, err)
		}
	case rec.DrawAgreed:
		err := g.OfferDraw(offer)
		if err == nil {
			err = g.AcceptDraw(offer.Other())
		}
		if err != nil {
			return nil, fmt.Errorf("game %s: agreed draw: %w", rec.ID, err)
		}
	case rec.DrawOffer != "":
		if err := g.OfferDraw(offer); err != nil {
			return nil, fmt.Errorf("game %s: draw offer: %w", rec.ID, err)
		}
	}
	return g, nil
}

// reasons are the API's names of the ways a game ends (API.md).
var reasons = map[dsq.Reason]string{
	dsq.DenEntered:  "den entered",
	dsq.NoPieces:    "no legal move", // having no pieces is having no move (RULES.md)
	dsq.NoLegalMove: "no legal move",
	dsq.MoveLimit:   "move limit",
	dsq.Resigned:    "resigned",
	dsq.DrawAgreed:  "draw agreed",
	dsq.Repetition:  "repetition",
}

// derive writes into rec what follows from g: moves, side to move, draw
// offer and result. Resignations and agreed draws are set by their calls.
func derive(rec *store.Game, g *dsq.Game) {
	moves := g.Moves()
	rec.Moves = make([]string, len(moves))
	for i, m := range moves {
		rec.Moves[i] = m.String()
	}
	pos := g.Position()
	rec.ToMove = pos.SideToMove().String()
	if !rec.DrawAgreed { // an agreed draw keeps the offer for the replay
		rec.DrawOffer = ""
		if c, ok := g.DrawOffer(); ok {
			rec.DrawOffer = c.String()
		}
	}
	out := g.Outcome()
	rec.Over, rec.Reason, rec.Winner = out.IsDecided(), "", ""
	if rec.Over {
		rec.Reason = reasons[out.Reason]
		if rec.Reason == "" {
			rec.Reason = out.Reason.String()
		}
		if !out.IsDraw() {
			rec.Winner = out.Winner.String()
		}
	}
}

// aiToMove reports whether the AI is to move in an unfinished AI game.
func aiToMove(rec *store.Game) bool {
	return rec.Mode == "ai" && !rec.Over && rec.ToMove == rec.AIColor
}

// State is a game as the API shows it (API.md, Game state). It holds no
// seat token.
type State struct {
	ID         string          `json:"id"`
	Mode       string          `json:"mode"`
	Rules      string          `json:"rules"`
	Start      string          `json:"start"`
	Position   string          `json:"position"`
	Board      []string        `json:"board"` // 63 letters ("" for empty), index rank*7+file
	SideToMove string          `json:"sideToMove"`
	Moves      []string        `json:"moves"`
	Ply        int             `json:"ply"`
	LastMove   *string         `json:"lastMove"`
	Over       bool            `json:"over"`
	Outcome    *OutcomeState   `json:"outcome"`
	DrawOffer  *string         `json:"drawOffer"`
	AIColor    *string         `json:"aiColor"`
	AIThinking bool            `json:"aiThinking"`
	Seated     map[string]bool `json:"seated"`
	Created    string          `json:"created"`
	Updated    string          `json:"updated"`
}

// OutcomeState is how a finished game ended; Winner is nil for a draw.
type OutcomeState struct {
	Reason string  `json:"reason"`
	Winner *string `json:"winner"`
}

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func stateOf(rec *store.Game, g *dsq.Game) State {
	pos := g.Position()
	st := State{
		ID: rec.ID, Mode: rec.Mode, Rules: rec.Rules, Start: rec.Start, Position: pos.String(),
		Board: make([]string, dsq.NumSquares), SideToMove: pos.SideToMove().String(),
		Moves: rec.Moves, Ply: len(rec.Moves), Over: rec.Over,
		DrawOffer: strPtr(rec.DrawOffer), AIColor: strPtr(rec.AIColor), AIThinking: aiToMove(rec),
		Seated: map[string]bool{
			"red":  rec.RedSeat != "" || rec.AIColor == "red",
			"blue": rec.BlueSeat != "" || rec.AIColor == "blue",
		},
		Created: rec.Created.UTC().Format(time.RFC3339), Updated: rec.Updated.UTC().Format(time.RFC3339),
	}
	if st.Moves == nil {
		st.Moves = []string{}
	}
	if n := len(rec.Moves); n > 0 {
		st.LastMove = &rec.Moves[n-1]
	}
	if rec.Over {
		st.Outcome = &OutcomeState{Reason: rec.Reason, Winner: strPtr(rec.Winner)}
		st.DrawOffer = nil
	}
	for sq := range dsq.Square(dsq.NumSquares) {
		if pc := pos.PieceAt(sq); pc != dsq.NoPiece {
			st.Board[sq] = string(pc.Letter())
		}
	}
	return st
}
