package games

import (
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
)

// Takeback requests of online games. A player asks to take back its last
// move; the opponent accepts or declines, as a draw offer is made. The
// rules keep requests from stalling a clock or harassing the opponent:
//
//   - the clock never stops for a request: the side to move's time runs
//     while the request waits, and on acceptance both clocks go on from
//     where they stand (no time given back);
//   - one request waits at a time in a game, and none beside a pending
//     draw offer (nor a draw offer beside a request);
//   - a declined request may not be made again until its asker has moved;
//   - each player may ask MaxTakebacks times in a game, answered or not;
//   - a move, by either side, ends a pending request (it lapses), as does
//     the end of the game;
//   - the moves that started the clock (the first two) are never taken
//     back: before them a game is aborted instead.
//
// Accepting takes back as many moves as make the asker the side to move
// again: its own last move if the opponent had not replied, else the
// opponent's reply as well (one or two plies). AI and local games have
// Undo instead.

// MaxTakebacks is how many takeback requests each player of an online game
// may make in it.
const MaxTakebacks = 3

// Takebacks is an online game's takeback requests: the one waiting for an
// answer, and by colour how many each side has made and whether its last
// was declined since it last moved.
type Takebacks struct {
	asker    dsq.Color
	pending  bool
	asked    [2]int
	declined [2]bool
}

// TakebackOffer returns the colour whose takeback request waits for the
// opponent's answer, if one does (none once the game has ended).
func (g *Game) TakebackOffer() (dsq.Color, bool) {
	return g.takebacks.asker, g.takebacks.pending && !g.Ended()
}

// TakebacksLeft returns how many more takeback requests colour c may make
// in the game.
func (g *Game) TakebacksLeft(c dsq.Color) int { return max(MaxTakebacks-g.takebacks.asked[c], 0) }

// TakebackDeclined reports whether colour c's last takeback request was
// declined and c has not moved since: it may not ask again until it has.
func (g *Game) TakebackDeclined(c dsq.Color) bool { return g.takebacks.declined[c] }

// takebackPlies is how many plies a takeback asked by colour c takes back:
// its own last move, and the opponent's reply if it came (c to move).
func (g *Game) takebackPlies(c dsq.Color) int {
	if g.Position().SideToMove() == c {
		return 2
	}
	return 1
}

// moved ends the pending takeback request (it lapses with any move) and
// lets the mover ask again after a declined one.
func (t *Takebacks) moved(mover dsq.Color) {
	t.pending = false
	t.declined[mover] = false
}

// OfferTakeback asks the opponent of an online game to take back the
// asking player's last move. Ply is the number of moves the player saw.
type OfferTakeback struct{ Ply int }

// AcceptTakeback accepts the opponent's takeback request: its moves are
// taken back (Takebacks). Ply is the number of moves the player saw.
type AcceptTakeback struct{ Ply int }

// DeclineTakeback declines the opponent's takeback request. Ply is the
// number of moves the player saw.
type DeclineTakeback struct{ Ply int }

func (OfferTakeback) needsSeat() bool   { return true }
func (AcceptTakeback) needsSeat() bool  { return true }
func (DeclineTakeback) needsSeat() bool { return true }

func (a OfferTakeback) apply(c *change) error {
	if err := checkPly(c, a.Ply); err != nil {
		return err
	}
	g := c.next
	switch {
	case g.Mode != Online:
		return Refuse(CodeConflict, "only an online game has takeback requests: undo the move instead")
	case g.Ended():
		return errOver
	case g.waiting():
		return errNoOpponent
	}
	if asker, ok := g.TakebackOffer(); ok {
		if asker == c.seat {
			return Refuse(CodeConflict, "your takeback request waits for its answer")
		}
		return Refuse(CodeConflict, "your opponent's takeback request waits for your answer")
	}
	if _, ok := g.DrawOffer(); ok {
		return Refuse(CodeConflict, "a draw offer waits for its answer: a takeback can be asked once it is answered")
	}
	if g.Ply()-g.takebackPlies(c.seat) < 2 {
		return Refuse(CodeConflict, "the first moves of a game are not taken back: abort the game instead")
	}
	if g.takebacks.declined[c.seat] {
		return Refuse(CodeTakebackDeclined, "your takeback request was declined: you may ask again after your next move")
	}
	if g.TakebacksLeft(c.seat) == 0 {
		return Refuse(CodeTakebackLimit, fmt.Sprintf("you have made the %d takeback requests a game allows", MaxTakebacks))
	}
	g.takebacks.asked[c.seat]++
	g.takebacks.asker, g.takebacks.pending = c.seat, true
	return nil
}

// answerableTakeback refuses an answer to a takeback request that c's seat
// cannot give, and returns the asker.
func answerableTakeback(c *change, ply int) (dsq.Color, error) {
	if err := checkPly(c, ply); err != nil {
		return 0, err
	}
	if c.next.Ended() {
		return 0, errOver
	}
	asker, ok := c.next.TakebackOffer()
	if !ok || asker == c.seat {
		return 0, Refuse(CodeConflict, "there is no takeback request to answer")
	}
	return asker, nil
}

func (a AcceptTakeback) apply(c *change) error {
	asker, err := answerableTakeback(c, a.Ply)
	if err != nil {
		return err
	}
	g := c.next
	plies := g.takebackPlies(asker)
	if g.Ply()-plies < 2 { // a request is refused so: kept as a guard
		return Refuse(CodeConflict, "the first moves of a game are not taken back")
	}
	if toMove := g.Position().SideToMove(); toMove != asker {
		// The one who accepts was to move: its turn ends with the time it
		// used, and the asker's clock starts now.
		g.Clock.handOver(toMove, c.now)
	}
	for range plies {
		if err := g.play.Undo(); err != nil {
			return Refuse(CodeConflict, "the move cannot be taken back")
		}
	}
	g.takebacks.pending = false
	return nil
}

func (a DeclineTakeback) apply(c *change) error {
	asker, err := answerableTakeback(c, a.Ply)
	if err != nil {
		return err
	}
	c.next.takebacks.pending = false
	c.next.takebacks.declined[asker] = true
	return nil
}
