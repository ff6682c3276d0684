package httpapi

import (
	"net/http"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/games"
)

// bearer returns the request's bearer token, "" if none.
func bearer(r *http.Request) string {
	auth := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(auth, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// State is a game as the API shows it (API.md, Game state). It holds no
// seat token and no invitation.
type State struct {
	ID         string          `json:"id"`
	Mode       string          `json:"mode"`
	Rules      string          `json:"rules"`
	Start      string          `json:"start"`
	Position   string          `json:"position"` // the board: the library's notation
	SideToMove string          `json:"sideToMove"`
	Moves      []string        `json:"moves"`
	Ply        int             `json:"ply"`
	LastMove   *string         `json:"lastMove"`
	Over       bool            `json:"over"`
	Outcome    *OutcomeState   `json:"outcome"`
	DrawOffer  *dsq.Color      `json:"drawOffer"`
	AIColor    *dsq.Color      `json:"aiColor"`
	Level      *int            `json:"level"`
	AIThinking bool            `json:"aiThinking"`
	Seated     map[string]bool `json:"seated"`
	Created    string          `json:"created"`
	Updated    string          `json:"updated"`
	// Version is the stored version of the game: it grows with every
	// change (a move, an undo, an offer, a seat taken), so that a client
	// holding two states of one game keeps the later one, whatever order
	// its answers and live events arrived in.
	Version int64 `json:"version"`

	// Clock is an online game's clock, nil without a time control.
	Clock *ClockState `json:"clock"`
	// Connected tells, for each colour, whether its player has the game
	// open now (a live stream with its seat token): in an online game, on
	// any instance of the site.
	Connected map[string]bool `json:"connected"`
	// Rematch is a finished online game's rematch, nil when none was
	// offered.
	Rematch *RematchState `json:"rematch"`
	// Aborted: the online game ended before both first moves, with no
	// result (over is true, outcome null).
	Aborted bool `json:"aborted"`
	// FirstMoveBy is, in an online game before both first moves, when
	// the side to move must have made its first move or the game aborts
	// (RFC 3339 with milliseconds); null otherwise.
	FirstMoveBy *string `json:"firstMoveBy"`
	// ClaimableAt is, in an unfinished online game past both first moves,
	// for each player not connected, when the opponent may claim the win
	// (RFC 3339 with milliseconds, server time): the page counts down to
	// it. A connected player has none.
	ClaimableAt map[string]string `json:"claimableAt"`

	// Players are the identities holding the seats of an online game, by
	// colour, with the name and rating each had when it took its seat; a
	// seat with no identity is left out.
	Players map[string]SeatPlayerState `json:"players"`
	// Rated: the game counts for its players' ratings (before the second
	// seat is taken: its creator asked for a rated game).
	Rated bool `json:"rated"`
	// RatingChange is, once a rated game's ratings are updated, each
	// side's change in points; null before and for unrated games.
	RatingChange map[string]int `json:"ratingChange"`

	// Legal is where each piece of the side to move may go: its legal
	// destinations, keyed by its square, as lichess's "dests" ("c3": ["c2",
	// "b3", "d3"]; a piece with none is left out), so that the page marks a
	// selection without a round trip (the server still judges every move).
	// Empty when no move can be played now: the game is over or the AI is
	// thinking. The same for every reader, seated or not.
	Legal map[string][]string `json:"legal"`
}

// OutcomeState is how a finished game ended: the library's reason (its
// text form, "den entered", "resignation", ...) and the winner, nil for a
// draw.
type OutcomeState struct {
	Reason dsq.Reason `json:"reason"`
	Winner *dsq.Color `json:"winner"`
}

// ClockState is a game's clock: its time control ("5+3": minutes and
// seconds added per move; "3d": days per move), each side's time left in
// milliseconds when the side to move began its turn, and when that was
// (RFC 3339 with milliseconds; null while the clock is stopped: before the
// second player joins, and after the end). A page counts the side to
// move's time down from turnStarted; the server's own clock judges.
type ClockState struct {
	Control     string  `json:"control"`
	Red         int64   `json:"red"`
	Blue        int64   `json:"blue"`
	TurnStarted *string `json:"turnStarted"`
	// Deadline is when the side to move runs out (null when stopped).
	Deadline *string `json:"deadline"`
}

// RematchState is a finished game's rematch: who offered it, whether it was
// declined, and the new game's id once accepted ("" before).
type RematchState struct {
	OfferedBy string `json:"offeredBy"`
	Declined  bool   `json:"declined"`
	GameID    string `json:"gameId"`
}

// clockState is g's clock as the API shows it, nil without one.
func clockState(g *games.Game) *ClockState {
	c := g.Clock
	if c.Control.IsZero() {
		return nil
	}
	st := &ClockState{Control: c.Control.String(), Red: c.Left[dsq.Red].Milliseconds(), Blue: c.Left[dsq.Blue].Milliseconds()}
	if c.Running() {
		started := c.Started.UTC().Format(stampLayout)
		deadline := c.Deadline(g.Position().SideToMove()).UTC().Format(stampLayout)
		st.TurnStarted, st.Deadline = &started, &deadline
	}
	return st
}

// stampLayout is RFC 3339 to the millisecond, as clocks are kept.
const stampLayout = "2006-01-02T15:04:05.000Z07:00"

// state is gameState with the players' presence (connected, presence.go).
func (s *Server) state(g *games.Game) State {
	st := gameState(g)
	st.Connected, st.ClaimableAt = s.connected(g)
	return st
}

// gameState is g as the API shows it, read from the library's game.
func gameState(g *games.Game) State {
	pos := g.Position()
	moves := g.Moves()
	st := State{
		ID: g.ID, Mode: string(g.Mode), Rules: g.Rules().String(), Start: g.Start().String(),
		Position: pos.String(), SideToMove: pos.SideToMove().String(),
		Moves: make([]string, len(moves)), Ply: len(moves), Over: g.Ended(), AIThinking: g.AIThinking(),
		Aborted: g.Aborted, ClaimableAt: map[string]string{},
		Seated:  map[string]bool{"red": g.Seated(dsq.Red), "blue": g.Seated(dsq.Blue)},
		Created: g.Created.UTC().Format(time.RFC3339), Updated: g.Updated.UTC().Format(time.RFC3339),
		Version: g.Version, Legal: map[string][]string{},
		Players: seatPlayers(g), Rated: g.Rated,
	}
	if g.RatedDone {
		st.RatingChange = map[string]int{"red": g.Change[dsq.Red], "blue": g.Change[dsq.Blue]}
	}
	for i, m := range moves {
		st.Moves[i] = m.String()
	}
	if n := len(moves); n > 0 {
		st.LastMove = &st.Moves[n-1]
	}
	if g.Mode == games.AI {
		st.AIColor, st.Level = &g.AIColor, &g.Level
	}
	if out := g.Outcome(); out.IsDecided() {
		st.Outcome = &OutcomeState{Reason: out.Reason}
		if !out.IsDraw() {
			st.Outcome.Winner = &out.Winner
		}
	} else if c, ok := g.DrawOffer(); ok {
		st.DrawOffer = &c
	}
	st.Clock = clockState(g)
	if !g.FirstMoveBy.IsZero() {
		by := g.FirstMoveBy.UTC().Format(stampLayout)
		st.FirstMoveBy = &by
	}
	st.Connected = map[string]bool{"red": false, "blue": false}
	if g.RematchOffer != "" {
		st.Rematch = &RematchState{GameID: g.RematchID}
		if g.RematchOffer == games.RematchDeclined {
			st.Rematch.Declined = true
		} else {
			st.Rematch.OfferedBy = g.RematchOffer
		}
	}
	if !st.Over && !st.AIThinking {
		for sq := range dsq.Square(dsq.NumSquares) {
			var to []string
			for t := range g.LegalTargets(sq).Squares() {
				to = append(to, t.String())
			}
			if to != nil {
				st.Legal[sq.String()] = to
			}
		}
	}
	return st
}
