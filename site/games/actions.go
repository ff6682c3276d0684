package games

import (
	"crypto/subtle"
	"fmt"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/ai"
)

// change is one change in the making: the next version of a game, the
// colour of the request's seat token, and what the change hands out.
type change struct {
	next   *Game             // a copy of the current version, to change
	seat   dsq.Color         // the colour of the request's token, if seated
	seated bool              // the request holds a seat of this game
	seats  map[string]string // seat tokens handed out (Join)
	ticket *ai.Ticket        // the AI's place for what the change leaves it to do
	now    time.Time         // the server's time of the change, for the clock
	// flagged: the side to move had run out of time; the change is the
	// flag fall instead of the action.
	flagged bool
	// created is a game the change made (an accepted rematch), stored
	// before the change.
	created *Game
	// away tells whether the other side of c.seat is away and since when
	// (Claim).
	away func(c dsq.Color) (bool, time.Time)
	// abandonAfter is the service's AbandonAfter (Claim).
	abandonAfter time.Duration
}

// Action is a change a player asks for: Move, Undo, Resign, OfferDraw,
// AcceptDraw, DeclineDraw, Join, Claim, Abort, OfferRematch, AcceptRematch
// or DeclineRematch.
type Action interface {
	// needsSeat reports whether only a seat of the game may ask for it.
	needsSeat() bool
	// apply checks the action against the game and makes it on c.next.
	apply(c *change) error
}

// Move plays a move for the asking seat.
type Move struct {
	Move dsq.Move
	Ply  int // the number of moves in the game the player saw
}

// Undo takes back the last move (local game) or the player's last move and
// the AI's reply (AI game).
type Undo struct {
	Ply int // the number of moves in the game the player saw
}

// Resign ends the game with a win for the other side.
type Resign struct{}

// OfferDraw offers a draw; in an AI game the AI answers by a job.
type OfferDraw struct{}

// AcceptDraw accepts the other side's pending offer.
type AcceptDraw struct{}

// DeclineDraw declines the other side's pending offer.
type DeclineDraw struct{}

// Join gives the free seat of an online game to the bearer of its
// invitation.
type Join struct {
	Invite string
	// Player is the joiner's identity (nil: none), who asks for a rated
	// game or not (Rated): the game is rated only if its creator asked
	// too (Game.bind).
	Player *Player
	Rated  bool
}

func (Move) needsSeat() bool        { return true }
func (Undo) needsSeat() bool        { return true }
func (Resign) needsSeat() bool      { return true }
func (OfferDraw) needsSeat() bool   { return true }
func (AcceptDraw) needsSeat() bool  { return true }
func (DeclineDraw) needsSeat() bool { return true }
func (Join) needsSeat() bool        { return false }

// checkPly refuses a request made on a state that is not the current one.
func checkPly(c *change, ply int) error {
	if ply != c.next.Ply() {
		return Refuse(CodeConflict, "the game has moved on since you saw it: reload it")
	}
	return nil
}

// canPlay refuses a move or an undo when the game is not in a state to
// take one.
func canPlay(c *change) error {
	switch {
	case c.next.Ended():
		return errOver
	case c.next.AIThinking():
		return errAIThinking
	case c.next.waiting():
		return errNoOpponent
	}
	return nil
}

func (a Move) apply(c *change) error {
	if err := checkPly(c, a.Ply); err != nil {
		return err
	}
	if err := canPlay(c); err != nil {
		return err
	}
	if c.next.Position().SideToMove() != c.seat {
		return errNotYours
	}
	if err := c.next.play.Play(a.Move); err != nil {
		return illegal(a.Move, err)
	}
	c.next.Clock.punch(c.seat, c.now)
	c.next.opening(c.now)
	return nil
}

// opening times the first moves of an online game (as lichess does): each
// side has FirstMoveTime for its first move, or the game aborts; the
// clock starts at the second move, each side with its whole time.
func (g *Game) opening(now time.Time) {
	if g.Mode != Online {
		return
	}
	switch {
	case g.Ended() || g.waiting() || g.Ply() >= 2:
		if !g.FirstMoveBy.IsZero() && g.Ply() == 2 && !g.Ended() {
			g.Clock.start(now)
		}
		g.FirstMoveBy = time.Time{}
	default:
		g.FirstMoveBy = ms(now).Add(firstMoveTime(g.Clock.Control))
	}
}

func (a Undo) apply(c *change) error {
	if err := checkPly(c, a.Ply); err != nil {
		return err
	}
	if c.next.Mode == AI && c.next.IsOver() && !c.next.AIThinking() {
		return undoEnded(c)
	}
	if err := canPlay(c); err != nil {
		return err
	}
	plies := 1
	switch c.next.Mode {
	case Online:
		return Refuse(CodeConflict, "moves cannot be taken back in an online game")
	case AI:
		plies = 2 // the AI's reply and the player's move
	}
	if c.next.Ply() < plies {
		return Refuse(CodeConflict, "there is no move to take back")
	}
	for range plies {
		if err := c.next.play.Undo(); err != nil {
			return Refuse(CodeConflict, "the move cannot be taken back")
		}
	}
	return nil
}

// undoEnded takes back the end of a finished AI game, as a player
// against a program may: a resignation or an agreed draw alone (the
// player is then to move again as before), or else the moves back to the
// player's last one, so that the player is to move. The game goes on
// unfinished; it counts in no statistics until it ends again.
func undoEnded(c *change) error {
	human := c.next.AIColor.Other()
	switch c.next.Outcome().Reason {
	case dsq.Resigned, dsq.DrawAgreed:
		if err := c.next.play.Undo(); err != nil {
			return Refuse(CodeConflict, "the end cannot be taken back")
		}
		return nil
	}
	for {
		if c.next.Ply() == 0 {
			return Refuse(CodeConflict, "there is no move to take back")
		}
		if err := c.next.play.Undo(); err != nil {
			return Refuse(CodeConflict, "the move cannot be taken back")
		}
		if c.next.Position().SideToMove() == human {
			return nil
		}
	}
}

func (Resign) apply(c *change) error {
	switch {
	case c.next.Ended():
		return errOver
	case c.next.waiting():
		return errNoOpponent // no win for a player who never came
	}
	if err := c.next.play.Resign(c.seat); err != nil {
		return errOver
	}
	return nil
}

func (OfferDraw) apply(c *change) error {
	switch {
	case c.next.Ended():
		return errOver
	case c.next.waiting():
		return errNoOpponent
	}
	if _, pending := c.next.DrawOffer(); pending {
		return Refuse(CodeConflict, "a draw offer is already pending")
	}
	if err := c.next.play.OfferDraw(c.seat); err != nil {
		return Refuse(CodeConflict, "a draw cannot be offered now")
	}
	return nil
}

// answerable refuses an answer to a draw offer that c's seat cannot give.
func answerable(c *change) error {
	if c.next.Ended() {
		return errOver
	}
	if offer, pending := c.next.DrawOffer(); !pending || offer == c.seat {
		return Refuse(CodeConflict, "there is no draw offer to answer")
	}
	return nil
}

func (AcceptDraw) apply(c *change) error {
	if err := answerable(c); err != nil {
		return err
	}
	if err := c.next.play.AcceptDraw(c.seat); err != nil {
		return Refuse(CodeConflict, "the draw offer cannot be accepted")
	}
	return nil
}

func (DeclineDraw) apply(c *change) error {
	if err := answerable(c); err != nil {
		return err
	}
	if err := c.next.play.DeclineDraw(c.seat); err != nil {
		return Refuse(CodeConflict, "the draw offer cannot be declined")
	}
	return nil
}

func (a Join) apply(c *change) error {
	if c.next.Mode != Online {
		return Refuse(CodeConflict, "only an online game can be joined")
	}
	if !c.next.waiting() {
		return Refuse(CodeConflict, "both seats are taken")
	}
	if c.seated {
		return Refuse(CodeConflict, "you hold a seat of this game already: send the invitation to your opponent")
	}
	free := dsq.Red
	if c.next.seats[dsq.Red] != "" {
		free = dsq.Blue
	}
	want := invitation(c.next.seats[free.Other()])
	if subtle.ConstantTimeCompare([]byte(a.Invite), []byte(want)) != 1 {
		return Refuse(CodeNotYourSeat, "a seat needs the game's invitation link: the watch link only watches")
	}
	token := randomHex()
	c.next.seats[free] = hashToken(token)
	c.seats = map[string]string{free.String(): token}
	c.next.seen[free] = ms(c.now) // here from the moment the seat is taken
	c.next.bind(free, a.Player, a.Rated)
	c.next.opening(c.now) // the first move's time runs; the clock waits for the second
	return nil
}

// Claim ends an online game as won by the asking seat when the opponent has
// left it: no stream open, and away for at least the time its clock had
// when it left (as if its clock had run while it was away: an opponent to
// move is claimable when its flag would fall) or, without a time control,
// the service's AbandonAfter, counted from its last sign of life: the
// later of when its last stream closed and its last change of the game
// (ClaimableAt). Before both first moves a game is aborted, not claimed.
type Claim struct {
	// Presence, if not nil, tells whether colour c's player is connected
	// and if not since when it is away (the live hub's); nil: the
	// service's Config.Presence.
	Presence func(c dsq.Color) (connected bool, since time.Time)
}

// Abort ends an online game that has fewer than two moves with no result
// (Game.Aborted): either player may, as on lichess, and the game aborts by
// itself when its side to move has not made its first move in time
// (FirstMoveTime).
type Abort struct{}

// OfferRematch offers the other player of a finished online game a new one,
// colours swapped, same time control.
type OfferRematch struct{}

// AcceptRematch accepts the other player's rematch offer: the new game is
// made with the same seat holders (their tokens hold the swapped seats) and
// its id set on this one.
type AcceptRematch struct{}

// DeclineRematch declines the other player's rematch offer.
type DeclineRematch struct{}

func (Claim) needsSeat() bool          { return true }
func (Abort) needsSeat() bool          { return true }
func (OfferRematch) needsSeat() bool   { return true }
func (AcceptRematch) needsSeat() bool  { return true }
func (DeclineRematch) needsSeat() bool { return true }

func (a Claim) apply(c *change) error {
	switch {
	case c.next.Mode != Online:
		return Refuse(CodeConflict, "only an online game can be claimed")
	case c.next.Ended():
		return errOver
	case c.next.waiting():
		return errNoOpponent
	case c.next.Ply() < 2:
		return Refuse(CodeOpening, "before both first moves a game is aborted, not won: abort it")
	}
	opp := c.seat.Other()
	away, since := c.away(opp)
	if a.Presence != nil {
		var on bool
		on, since = a.Presence(opp)
		away = !on
	}
	if !away {
		return Refuse(CodeOpponentConnected, "your opponent is connected")
	}
	if at := c.next.ClaimableAt(opp, since, c.abandonAfter); c.now.Before(at) {
		left := at.Sub(c.now)
		return &Error{Code: CodeOpponentMayReturn, RetryAfter: left,
			Message: fmt.Sprintf("your opponent may still come back: the win can be claimed in %s", left.Round(time.Second))}
	}
	if err := c.next.play.Forfeit(opp, dsq.Abandoned); err != nil {
		return errOver
	}
	return nil
}

// ClaimableAt returns when the win can be claimed against colour c of the
// game, away since since (its last stream closed): from its last sign of
// life, the later of since and its last change of the game (SeenAt), it
// must stay away the time its clock had then or, without a time control,
// abandonAfter (Config.AbandonAfter).
func (g *Game) ClaimableAt(c dsq.Color, since time.Time, abandonAfter time.Duration) time.Time {
	if seen := g.seen[c]; seen.After(since) {
		since = seen
	}
	wait := abandonAfter
	if !g.Clock.Control.IsZero() {
		// The time the opponent had when they left: a side to move away since
		// its turn began would flag at the same moment as the claim opens.
		at := since
		if at.Before(g.Clock.Started) {
			at = g.Clock.Started
		}
		wait = g.Clock.Remaining(c, g.Position().SideToMove(), at)
	}
	return since.Add(wait)
}

func (Abort) apply(c *change) error {
	switch {
	case c.next.Mode != Online:
		return Refuse(CodeConflict, "only an online game can be aborted")
	case c.next.Ended():
		return errOver
	case c.next.Ply() >= 2:
		return Refuse(CodeTooLate, "a game can be aborted only before both first moves: resign instead")
	}
	c.next.Aborted, c.next.FirstMoveBy = true, time.Time{}
	return nil
}

// rematchable refuses a rematch call on a game that cannot have one.
func rematchable(c *change) error {
	switch {
	case c.next.Mode != Online:
		return Refuse(CodeConflict, "only an online game has a rematch")
	case !c.next.IsOver():
		return Refuse(CodeConflict, "the game is not over")
	case c.next.RematchID != "":
		return Refuse(CodeConflict, "the rematch has begun")
	}
	return nil
}

func (OfferRematch) apply(c *change) error {
	if err := rematchable(c); err != nil {
		return err
	}
	if c.next.RematchOffer == c.seat.Other().String() {
		return AcceptRematch{}.apply(c) // both offered at once: the offers cross as one agreement
	}
	if c.next.RematchOffer != "" {
		return Refuse(CodeConflict, "a rematch was offered already")
	}
	c.next.RematchOffer = c.seat.String()
	return nil
}

// answerableRematch refuses an answer to a rematch offer c's seat cannot
// give.
func answerableRematch(c *change) error {
	if err := rematchable(c); err != nil {
		return err
	}
	if c.next.RematchOffer == "" || c.next.RematchOffer == RematchDeclined || c.next.RematchOffer == c.seat.String() {
		return Refuse(CodeConflict, "there is no rematch offer to answer")
	}
	return nil
}

func (AcceptRematch) apply(c *change) error {
	if err := answerableRematch(c); err != nil {
		return err
	}
	g := &Game{ID: rematchID(c.next.ID), Mode: Online, play: dsq.NewGame(), Clock: newClock(c.next.Clock.Control)}
	g.seats = [2]string{c.next.seats[dsq.Blue], c.next.seats[dsq.Red]} // colours swapped
	g.Players = [2]SeatPlayer{c.next.Players[dsq.Blue], c.next.Players[dsq.Red]}
	g.Rated, g.RatingClass = c.next.Rated, c.next.RatingClass // both asked for it, for this game
	g.seen = [2]time.Time{ms(c.now), ms(c.now)}               // both here as it begins
	g.opening(c.now)
	c.created = g // stored, and its id set, before this change is
	return nil
}

func (DeclineRematch) apply(c *change) error {
	if err := answerableRematch(c); err != nil {
		return err
	}
	c.next.RematchOffer = RematchDeclined
	return nil
}
