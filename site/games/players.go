package games

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"math"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/identity"
	"github.com/doushouqi/doushouqi/site/rating"
	"github.com/doushouqi/doushouqi/site/store"
)

// The time classes a rating is kept in, fastest first.
const (
	Bullet         = "bullet"
	Blitz          = "blitz"
	Rapid          = "rapid"
	Classical      = "classical"
	Correspondence = "correspondence"
)

// Classes are the time classes, fastest first.
var Classes = []string{Bullet, Blitz, Rapid, Classical, Correspondence}

// Class is the time class tc's games are rated in, by their estimated
// length as lichess reckons it (the base time plus 40 increments: under 3
// minutes bullet, under 8 blitz, under 25 rapid, else classical), or
// correspondence for days per move; "" for no time control.
func (tc TimeControl) Class() string {
	switch est := tc.Base + 40*tc.Increment; {
	case tc.PerMove > 0:
		return Correspondence
	case tc.IsZero():
		return ""
	case est < 3*time.Minute:
		return Bullet
	case est < 8*time.Minute:
		return Blitz
	case est < 25*time.Minute:
		return Rapid
	default:
		return Classical
	}
}

// Player is a per-browser identity: a public id, the name it chose ("" :
// none yet) and its ratings by class (a class it has not played rated
// games in has none: a new player's rating, rating.New).
type Player struct {
	ID      string
	Name    string
	Ratings map[string]Rating
}

// Rating is a player's rating in one class and the rated games it rests on.
type Rating struct {
	rating.Rating
	Games int
}

// In returns p's rating in class (a new player's when it has none).
func (p *Player) In(class string) Rating {
	if r, ok := p.Ratings[class]; ok {
		return r
	}
	return Rating{Rating: rating.New()}
}

// SeatPlayer is the identity holding a seat of a game, as the game keeps it:
// the name and rating (rounded) it had when it took the seat, whatever it
// is called or rated later.
type SeatPlayer struct {
	ID          string
	Name        string
	Rating      int
	Provisional bool
}

// The refusals of the players' calls.
var (
	ErrNoPlayer = Refuse(CodeNoPlayer, "unknown player: ask for a new identity")
	errNameUsed = Refuse(CodeNameTaken, "another player has that name, or one that looks the same")
)

// validPlayerID reports whether id has the shape of a player's public id.
func validPlayerID(id string) bool {
	return len(id) == 16 && strings.Trim(id, "0123456789abcdef") == ""
}

// NewPlayer issues a new identity: the player and its secret, which only
// its browser keeps (the store has its SHA-256).
func (s *Service) NewPlayer(ctx context.Context) (*Player, string, error) {
	var err error
	for range 3 { // a taken id is (2^-64) unlikely; try again anyway
		b := make([]byte, 8)
		rand.Read(b)
		token := randomHex()
		p := &store.Player{ID: hex.EncodeToString(b), Token: hashToken(token)}
		if err = s.cfg.Store.CreatePlayer(ctx, p); err == nil {
			return &Player{ID: p.ID, Ratings: map[string]Rating{}}, token, nil
		}
		if !errors.Is(err, store.ErrExists) {
			return nil, "", err
		}
	}
	return nil, "", err
}

// PlayerOf returns the player whose secret is token, or ErrNoPlayer.
func (s *Service) PlayerOf(ctx context.Context, token string) (*Player, error) {
	if token == "" || len(token) > 64 {
		return nil, ErrNoPlayer
	}
	p, err := s.cfg.Store.PlayerByToken(ctx, hashToken(token))
	if errors.Is(err, store.ErrNoPlayer) {
		return nil, ErrNoPlayer
	}
	if err != nil {
		return nil, err
	}
	return s.withRatings(ctx, p)
}

// PlayerByID returns the player with public id (for anyone to see), or a
// not-found refusal.
func (s *Service) PlayerByID(ctx context.Context, id string) (*Player, error) {
	if !validPlayerID(id) {
		return nil, errNoSuchPlayer
	}
	p, err := s.cfg.Store.Player(ctx, id)
	if errors.Is(err, store.ErrNoPlayer) {
		return nil, errNoSuchPlayer
	}
	if err != nil {
		return nil, err
	}
	return s.withRatings(ctx, p)
}

var errNoSuchPlayer = Refuse(CodeNotFound, "no such player")

// withRatings is stored player p with its ratings.
func (s *Service) withRatings(ctx context.Context, p *store.Player) (*Player, error) {
	rs, err := s.cfg.Store.Ratings(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	out := &Player{ID: p.ID, Name: p.Name, Ratings: map[string]Rating{}}
	for _, r := range rs {
		out.Ratings[r.Class] = Rating{Rating: rating.Rating{Rating: r.Rating, Deviation: r.Deviation,
			Volatility: r.Volatility}, Games: r.Games}
	}
	return out, nil
}

// Rename gives player p the name it asks for, as identity.CheckName
// writes it: 422 bad-name with CheckName's reason, 409 name-taken when
// another player holds a name with the same skeleton. The games p played
// keep the name they were played under.
func (s *Service) Rename(ctx context.Context, p *Player, name string) (*Player, error) {
	clean, err := identity.CheckName(name)
	if err != nil {
		return nil, Refuse(CodeBadName, err.Error())
	}
	switch err := s.cfg.Store.RenamePlayer(ctx, p.ID, clean, identity.Skeleton(clean), s.cfg.Now()); {
	case errors.Is(err, store.ErrNameTaken):
		return nil, errNameUsed
	case errors.Is(err, store.ErrNoPlayer):
		return nil, ErrNoPlayer
	case err != nil:
		return nil, err
	}
	out := *p
	out.Name = clean
	return &out, nil
}

// seatPlayer is p as a seat of a game of class holds it.
func seatPlayer(p *Player, class string) SeatPlayer {
	r := p.In(class)
	return SeatPlayer{ID: p.ID, Name: p.Name, Rating: int(math.Round(r.Rating.Rating)), Provisional: r.Provisional()}
}

// bind gives colour c's seat of g to player p (nil: no identity), who
// asked for a rated game or not (bindSeat).
func (g *Game) bind(c dsq.Color, p *Player, rated bool) {
	var sp *SeatPlayer
	if p != nil {
		x := seatPlayer(p, g.Clock.Control.Class())
		sp = &x
	}
	g.bindSeat(c, sp, rated)
}

// bindSeat gives colour c's seat of g to the identity sp (nil: none), who
// asked for a rated game or not. The game is rated only if every seat
// taken so far asked for it with a named identity, no identity holds both
// seats, and it has a time control.
func (g *Game) bindSeat(c dsq.Color, sp *SeatPlayer, rated bool) {
	class := g.Clock.Control.Class()
	if sp != nil {
		g.Players[c] = *sp
	}
	first := g.seats[c.Other()] == ""
	ok := rated && sp != nil && sp.Name != "" && class != "" && g.Mode == Online
	if !first {
		other := g.Players[c.Other()]
		ok = ok && g.Rated && other.ID != "" && other.ID != sp.ID
	}
	g.Rated = ok
	if ok {
		g.RatingClass = class
	} else {
		g.RatingClass = ""
	}
}

// rate updates the ratings of g's players if g is a rated game just ended,
// and returns g as it then is (its rating change set); g itself if there
// was nothing to do or the rating failed (logged: the sweep tries again).
func (s *Service) rate(ctx context.Context, g *Game) *Game {
	if !g.Rated || g.RatedDone || !g.IsOver() || g.Ply() < 2 { // the store's rateable says the same
		return g
	}
	done, err := s.cfg.Store.RateGame(ctx, g.ID, s.cfg.Now(), Rate)
	if err != nil {
		s.cfg.Log.Error("rate game", "game", g.ID, "err", err)
		return g
	}
	s.cache.remove(g.ID)
	if done {
		s.cfg.Stored(g.ID)
	}
	if next, err := s.load(ctx, g.ID, true); err == nil {
		return next
	}
	return g
}

// Rate is the rating of one finished game (store.Store.RateGame's rate):
// Glicko-2 with the game as a rating period of its own for each player,
// from the ratings each had (nil: a new player's); the changes are in
// rounded points, as shown.
func Rate(g *store.Game, red, blue *store.Rating) (*store.RatingUpdate, error) {
	score := 0.5 // a draw
	switch g.Winner {
	case "red":
		score = 1
	case "blue":
		score = 0
	}
	from := func(r *store.Rating) (rating.Rating, int) {
		if r == nil {
			return rating.New(), 0
		}
		return rating.Rating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}, r.Games
	}
	r0, rGames := from(red)
	b0, bGames := from(blue)
	r1, err := rating.Update(r0, []rating.Result{{Opponent: b0, Score: score}}, rating.Tau)
	if err != nil {
		return nil, err
	}
	b1, err := rating.Update(b0, []rating.Result{{Opponent: r0, Score: 1 - score}}, rating.Tau)
	if err != nil {
		return nil, err
	}
	to := func(r rating.Rating, games int) store.Rating {
		return store.Rating{Class: g.RatingClass, Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility, Games: games + 1}
	}
	change := func(a, b rating.Rating) int { return int(math.Round(b.Rating) - math.Round(a.Rating)) }
	return &store.RatingUpdate{Red: to(r1, rGames), Blue: to(b1, bGames),
		RedChange: change(r0, r1), BlueChange: change(b0, b1)}, nil
}

// RateMissed rates the finished rated games not rated yet (up to 1000: a
// process stopped between a game's end and its rating), as every instance
// may: a game is rated once. It returns how many it rated.
func (s *Service) RateMissed(ctx context.Context) (int, error) {
	ids, err := s.cfg.Store.Unrated(ctx, 1000)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		done, err := s.cfg.Store.RateGame(ctx, id, s.cfg.Now(), Rate)
		if err != nil {
			s.cfg.Log.Error("rate game", "game", id, "err", err)
			continue
		}
		if done {
			s.cache.remove(id)
			s.cfg.Stored(id)
			n++
		}
	}
	return n, nil
}

// refreshPlayers sets g's seat players' names and ratings to what they are
// now (a rematch, begun after the game before changed them).
func (s *Service) refreshPlayers(ctx context.Context, g *Game) error {
	for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
		if g.Players[c].ID == "" {
			continue
		}
		p, err := s.PlayerByID(ctx, g.Players[c].ID)
		if err != nil {
			return err
		}
		g.Players[c] = seatPlayer(p, g.Clock.Control.Class())
	}
	return nil
}

// PairSeat is one side of a game made by pairing two players (a seek
// accepted, a quick pairing): its identity (nil: none), whether it asked for
// a rated game, and the SHA-256 (hex, HashToken) of the seat token it holds
// already ("" : a new token is issued, in Created.Seats).
type PairSeat struct {
	Player   *Player
	Rated    bool
	SeatHash string
}

// CreatePaired makes and stores an online game of time control tc between
// two players, both seats taken (no invitation): each side's first move is
// due as after a join. It is rated as an invitation's game would be (bind):
// both named, both asked, two identities, a time control.
func (s *Service) CreatePaired(ctx context.Context, tc TimeControl, red, blue PairSeat) (*Created, error) {
	g := &Game{Mode: Online, play: dsq.NewGame(), Clock: newClock(tc)}
	out := &Created{Game: g, Seats: map[string]string{}}
	now := ms(s.cfg.Now())
	for _, side := range []struct {
		c    dsq.Color
		seat PairSeat
	}{{dsq.Red, red}, {dsq.Blue, blue}} {
		hash := side.seat.SeatHash
		if hash == "" {
			token := randomHex()
			out.Seats[side.c.String()] = token
			hash = hashToken(token)
		}
		g.seats[side.c], g.seen[side.c] = hash, now
		g.bind(side.c, side.seat.Player, side.seat.Rated)
	}
	g.opening(now)
	if err := s.createRow(ctx, g); err != nil {
		return nil, err
	}
	s.cfg.Stored(g.ID)
	return out, nil
}

// HashToken is what the store keeps of a seat token or a player's secret:
// its SHA-256, in hex.
func HashToken(token string) string { return hashToken(token) }

// NewSeatToken returns a new seat token and its hash (HashToken), for a
// seat taken later by CreatePaired.
func NewSeatToken() (token, hash string) {
	token = randomHex()
	return token, hashToken(token)
}

// WatchActive is how recently an online game without a clock must have
// changed to be listed for watching (Watchable): one left alone longer is
// as good as abandoned.
const WatchActive = 15 * time.Minute

// Watchable returns up to limit online games in progress with both seats
// taken, the best rated first (the sum of the ratings their players began
// with): those with a clock not run out, and those without one changed in
// the last WatchActive.
func (s *Service) Watchable(ctx context.Context, limit int) ([]*Game, error) {
	now := s.cfg.Now()
	rows, err := s.cfg.Store.Watchable(ctx, now.Add(-WatchActive), limit)
	if err != nil {
		return nil, err
	}
	out := make([]*Game, 0, len(rows))
	for _, r := range rows {
		g, ok := s.cache.get(r.ID)
		if !ok || g.Version != r.Version {
			if g, err = FromRow(r); err != nil {
				s.cfg.Log.Error("game to watch", "game", r.ID, "err", err)
				continue
			}
		}
		if g.flagged(now) {
			continue // its end is stored at the next read or sweep
		}
		out = append(out, g)
	}
	return out, nil
}
