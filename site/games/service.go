package games

import (
	"context"
	"errors"
	"hash/fnv"
	"log/slog"
	"sync"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/ai"
	"github.com/doushouqi/doushouqi/site/store"
)

// Config is what a Service is built from.
type Config struct {
	Store store.Store
	Pool  *ai.Pool
	Log   *slog.Logger
	// Stored is told the id of every change this process stores (the
	// live hub's Publish).
	Stored func(id string)
	AITime time.Duration // the most an AI move may take (DefaultAITime if 0)
	// Tables, if not nil, returns the endgame tables for the AI and the
	// reviews, asked at each use: nil until they are ready (a server
	// solves them in the background after it starts), or for none.
	Tables    func() *endgame.Tables
	CacheSize int // games kept in memory (DefaultCacheSize if 0)
	// ReviewNodes is the node budget of each search of a game's review
	// (0: review.DefaultNodes).
	ReviewNodes uint64
	// MinReply, if not nil, replaces the levels' MinReply (tests set it
	// to none, to play quickly).
	MinReply func(level int) time.Duration
	// Now is the time of the server's clocks (time.Now if nil; tests
	// set their own).
	Now func() time.Time
	// AbandonAfter is how long the player of an online game without a
	// time control must be away before the opponent may claim the win
	// (DefaultAbandonAfter if 0).
	AbandonAfter time.Duration
	// Presence, if not nil, tells whether the holder of colour c's seat
	// of game id has the game open (a live stream), and if not since when
	// it has been away (the live hub's Presence). Nil: nobody is ever
	// seen, and every player counts as away since the service started.
	Presence func(id string, c dsq.Color) (connected bool, since time.Time)
}

// The defaults of Config's settings.
const (
	DefaultAITime    = 2 * time.Second
	DefaultCacheSize = 1000
	// DefaultAbandonAfter is Config.AbandonAfter's default: long enough
	// for a reload or a phone's lost signal, short for a player waiting.
	DefaultAbandonAfter = 5 * time.Minute
)

// Service loads, changes and saves the games of one store.
type Service struct {
	cfg   Config
	cache *cache

	// locks serialise the changes of one game within this process (the
	// database's version column orders them between processes). A fixed
	// array: memory does not grow with the number of games. Only loading,
	// checking, playing one move and storing happen under a lock.
	locks [256]sync.Mutex

	mu       sync.Mutex
	thinking map[string]bool // games whose AI job is queued or running here
	// delayed are the AI replies waiting for their level's MinReply, each
	// stored by whichever comes first: its timer, or Drain.
	delayed  map[*time.Timer]func()
	draining bool           // Drain has run: replies are stored at once
	replies  sync.WaitGroup // delayed replies not yet stored
	// reviewing are the games whose review this process has queued or is
	// computing.
	reviewing map[string]bool

	// searching, if set (by tests), is called before each search.
	searching func(id string)
	// reviewed, if set (by tests), is called after a review is stored.
	reviewed func(id string)
}

// New returns a service on cfg; zero settings get defaults.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Stored == nil {
		cfg.Stored = func(string) {}
	}
	if cfg.AITime <= 0 {
		cfg.AITime = DefaultAITime
	}
	if cfg.CacheSize <= 0 {
		cfg.CacheSize = DefaultCacheSize
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.AbandonAfter <= 0 {
		cfg.AbandonAfter = DefaultAbandonAfter
	}
	if cfg.Presence == nil {
		started := cfg.Now()
		cfg.Presence = func(string, dsq.Color) (bool, time.Time) { return false, started }
	}
	return &Service{cfg: cfg, cache: newCache(cfg.CacheSize), thinking: map[string]bool{},
		delayed: map[*time.Timer]func(){}, reviewing: map[string]bool{}}
}

// ClaimableAt returns when the win can be claimed against colour c of g,
// away since since (Game.ClaimableAt with the service's AbandonAfter).
func (s *Service) ClaimableAt(g *Game, c dsq.Color, since time.Time) time.Time {
	return g.ClaimableAt(c, since, s.cfg.AbandonAfter)
}

// lock returns the mutex of game id.
func (s *Service) lock(id string) *sync.Mutex {
	h := fnv.New32a()
	h.Write([]byte(id))
	return &s.locks[h.Sum32()%uint32(len(s.locks))]
}

// storeError turns the store's answers into refusals.
func storeError(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return ErrNotFound
	case errors.Is(err, store.ErrConflict):
		return ErrChanged
	}
	return err
}

// load returns game id: the cached version, or with fresh (or on a miss)
// the stored one, replayed once and cached.
func (s *Service) load(ctx context.Context, id string, fresh bool) (*Game, error) {
	if !fresh {
		if g, ok := s.cache.get(id); ok {
			return g, nil
		}
	}
	seen := s.cache.removed()
	r, err := s.cfg.Store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	g, err := FromRow(r)
	if err != nil {
		return nil, err
	}
	s.cache.putRead(g, seen)
	return g, nil
}

// Get returns game id for watching, and has the AI take up its part in it if
// nobody is at it here (after a restart, or a job that failed).
func (s *Service) Get(ctx context.Context, id string) (*Game, error) {
	if !ValidID(id) {
		return nil, ErrNotFound
	}
	g, err := s.load(ctx, id, false)
	if err != nil {
		return nil, storeError(err)
	}
	if g.flagged(s.cfg.Now()) {
		if g, _, err = s.settle(ctx, id); err != nil {
			return nil, storeError(err)
		}
	}
	s.ensureAI(ctx, g)
	return g, nil
}

// Forget drops game id from memory ("" : every game), told of a change by
// another process.
func (s *Service) Forget(id string) {
	if id == "" {
		s.cache.clear()
	} else {
		s.cache.remove(id)
	}
}

// Spec is a game to create, as the API gives it.
type Spec struct {
	Mode  string `json:"mode"`  // "ai", "local" or "online"
	Color string `json:"color"` // the creator's colour, red if ""
	Level *int   `json:"level"` // an AI game's level (DefaultLevel if nil); none for others
	// Clock is an online game's time control ("5+3", "3d"; none if zero).
	Clock TimeControl `json:"clock"`
	// Rated: the creator asks for a rated game (an online game with a
	// time control, by a named Player); it is rated if the player who
	// joins asks too (Join).
	Rated bool `json:"rated"`
	// Player is the creator's identity (the X-Player header), nil for
	// none: an online game binds the creator's seat to it.
	Player *Player `json:"-"`
}

// Created is a new game and what only its creator learns.
type Created struct {
	Game  *Game
	Seats map[string]string // the creator's seat tokens, by colour
	// Invite is an online game's invitation: the secret that gives the
	// free seat to the first who brings it (Join).
	Invite string
}

// Create makes and stores a game from spec. An AI game where the AI opens
// gets a place in the AI pool first, or is refused (Busy).
func (s *Service) Create(ctx context.Context, spec Spec) (*Created, error) {
	color := dsq.Red
	if spec.Color != "" {
		if err := color.UnmarshalText([]byte(spec.Color)); err != nil {
			return nil, Refuse(CodeBadRequest, "color must be red or blue")
		}
	}
	g := &Game{Mode: Mode(spec.Mode), play: dsq.NewGame(), Clock: newClock(spec.Clock)}
	if !spec.Clock.IsZero() && g.Mode != Online {
		return nil, Refuse(CodeBadRequest, "only an online game has a clock")
	}
	if spec.Rated {
		switch {
		case g.Mode != Online || spec.Clock.IsZero():
			return nil, Refuse(CodeBadRequest, "only an online game with a time control is rated")
		case spec.Player == nil || spec.Player.Name == "":
			return nil, errNameRequired
		}
	}
	out := &Created{Game: g, Seats: map[string]string{}}
	now := ms(s.cfg.Now())
	seat := func(c dsq.Color) {
		token := randomHex()
		out.Seats[c.String()] = token
		g.seats[c] = hashToken(token)
		g.seen[c] = now // here from the moment the seat is taken
	}
	switch g.Mode {
	case AI:
		n := DefaultLevel
		if spec.Level != nil {
			n = *spec.Level
		}
		level, err := LevelOf(n)
		if err != nil {
			return nil, err
		}
		g.Level, g.AIColor = level.Number, color.Other()
		seat(color)
	case Local, Online:
		if spec.Level != nil {
			return nil, Refuse(CodeBadRequest, "only an AI game has a level")
		}
		seat(color)
		if g.Mode == Local {
			seat(color.Other())
		} else {
			out.Invite = invitation(g.seats[color])
		}
		if g.Mode == Online {
			g.bind(color, spec.Player, spec.Rated)
		}
	default:
		return nil, Refuse(CodeBadRequest, "mode must be ai, local or online")
	}
	var ticket *ai.Ticket
	if g.AIThinking() { // the AI opens
		t, err := s.reserveAI(ctx)
		if err != nil {
			return nil, errBusy
		}
		ticket = t
	}
	if err := s.createRow(ctx, g); err != nil {
		ticket.Release()
		return nil, err
	}
	s.cfg.Stored(g.ID)
	if ticket != nil {
		s.queueAI(g.ID, ticket)
	}
	return out, nil
}

// createRow gives g a new id and stores it, then caches it.
func (s *Service) createRow(ctx context.Context, g *Game) error {
	var err error
	for range 3 { // a taken id is (2^-128) unlikely; try again anyway
		g.ID = randomHex()
		var r *store.Game
		if r, err = g.row(); err != nil {
			return err
		}
		if err = s.cfg.Store.Create(ctx, r); err == nil {
			g.Version, g.Created, g.Updated = r.Version, r.Created, r.Updated
			s.cache.put(g)
			return nil
		}
		if !errors.Is(err, store.ErrExists) {
			return err
		}
	}
	return err
}

// createRematch stores g, a rematch whose id is set (rematchID): a game
// stored already under that id is the same rematch, made by an earlier try
// of the change or by another instance.
func (s *Service) createRematch(ctx context.Context, g *Game) error {
	r, err := g.row()
	if err != nil {
		return err
	}
	switch err := s.cfg.Store.Create(ctx, r); {
	case err == nil:
		g.Version, g.Created, g.Updated = r.Version, r.Created, r.Updated
		s.cache.put(g)
	case !errors.Is(err, store.ErrExists):
		return err
	}
	return nil
}

// Invite returns the invitation of online game id to the holder of token,
// its creator, while the other seat is free.
func (s *Service) Invite(ctx context.Context, id, token string) (string, error) {
	g, err := s.Get(ctx, id)
	if err != nil {
		return "", err
	}
	c, ok := g.SeatOf(token)
	switch {
	case !ok:
		return "", ErrNoSeat
	case g.Mode != Online:
		return "", Refuse(CodeConflict, "only an online game has an invitation")
	case !g.waiting():
		return "", Refuse(CodeConflict, "both seats are taken")
	}
	return invitation(g.seats[c]), nil
}

// Result is a change made: the game's new version, and the seat tokens the
// change handed out (Join).
type Result struct {
	Game  *Game
	Seats map[string]string
	// Created is the game the change started (an accepted rematch), nil
	// if none.
	Created *Game
}

// Change makes change a to game id for the holder of token, and stores it:
// on the cached version, and once more on the stored one if another process
// got there first. A change that leaves the AI something to do gets a place
// in the AI pool first, or is refused (Busy) with nothing stored; its job
// is queued once the change is stored.
func (s *Service) Change(ctx context.Context, id, token string, a Action) (*Result, error) {
	if !ValidID(id) {
		return nil, ErrNotFound
	}
	var (
		c   *change
		err error
	)
	for _, fresh := range []bool{false, true} {
		c, err = s.commit(ctx, id, func(cur *Game) (*change, error) {
			c := &change{next: cur.copy(), now: s.cfg.Now(), away: func(col dsq.Color) (bool, time.Time) {
				on, since := s.cfg.Presence(id, col)
				return !on, since
			}, abandonAfter: s.cfg.AbandonAfter}
			c.seat, c.seated = cur.SeatOf(token)
			if !c.seated && a.needsSeat() {
				return nil, ErrNoSeat
			}
			if cur.flagged(c.now) { // the flag fell first: that is the change
				c.flagged = true
				return c, c.next.flag()
			}
			if err := a.apply(c); err != nil {
				return nil, err
			}
			if c.seated && c.next.Mode == Online {
				c.next.seen[c.seat] = ms(c.now) // a change with the seat's token: a sign of life
			}
			if c.next.IsOver() && !cur.IsOver() {
				c.next.Clock.stop(c.next.Position().SideToMove(), c.now)
			}
			if c.created != nil {
				if err := s.refreshPlayers(ctx, c.created); err != nil {
					return nil, err
				}
				if err := s.createRematch(ctx, c.created); err != nil {
					return nil, err
				}
				c.next.RematchID = c.created.ID
			}
			if c.next.AIThinking() {
				t, err := s.reserveAI(ctx)
				if err != nil {
					return nil, errBusy
				}
				c.ticket = t
			}
			return c, nil
		}, fresh)
		if !s.retry(err, fresh) {
			break
		}
	}
	if err != nil {
		return nil, storeError(err)
	}
	if c.flagged {
		if c.next.Aborted {
			return nil, errAborted
		}
		return nil, errTimeUp
	}
	if c.created != nil {
		s.cfg.Stored(c.created.ID)
	}
	if c.ticket != nil {
		s.queueAI(id, c.ticket)
	}
	return &Result{Game: c.next, Seats: c.seats, Created: c.created}, nil
}

// settle stores the flag fall of game id if its side to move has run out of
// time, and returns the game as it then is and whether this call ended it.
// Of the flag fall and a move (or two flag falls: a read, the sweep,
// another instance) made at once, the stored version lets exactly one
// through.
func (s *Service) settle(ctx context.Context, id string) (*Game, bool, error) {
	var err error
	for _, fresh := range []bool{false, true} {
		var c *change
		c, err = s.commit(ctx, id, func(cur *Game) (*change, error) {
			if !cur.flagged(s.cfg.Now()) {
				return nil, errUnchanged{cur}
			}
			c := &change{next: cur.copy(), flagged: true}
			return c, c.next.flag()
		}, fresh)
		var same errUnchanged
		switch {
		case err == nil:
			return c.next, true, nil
		case errors.As(err, &same):
			return same.g, false, nil
		case !errors.Is(err, store.ErrConflict):
			return nil, false, err
		}
	}
	return nil, false, err
}

// errUnchanged is settle's way out of a commit with nothing to store: the
// game as it is.
type errUnchanged struct{ g *Game }

func (errUnchanged) Error() string { return "unchanged" }

// Sweep stores the flag fall of every game whose side to move has run out
// of time (up to 1000 at a time), for the games nobody reads. It returns
// the number it ended. Each instance on a shared database may sweep: a
// flag falls once.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	ids, err := s.cfg.Store.Expired(ctx, s.cfg.Now(), 1000)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		_, ended, err := s.settle(ctx, id)
		if err != nil {
			s.cfg.Log.Error("flag fall", "game", id, "err", err)
		} else if ended {
			n++
		}
	}
	return n, nil
}

// SweepEvery runs Sweep and RateMissed every interval until ctx ends.
func (s *Service) SweepEvery(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
				s.cfg.Log.Error("sweep flag falls", "err", err)
			}
			if _, err := s.RateMissed(ctx); err != nil && ctx.Err() == nil {
				s.cfg.Log.Error("rate missed games", "err", err)
			}
		}
	}
}

// retry reports whether a change that failed with err on the cached version
// (not fresh) is worth trying once more on the stored one: when another
// process got there first, and, on a database other processes share, when
// the change was refused, since the cached version may be older than the
// one the client saw (a seat taken or a move made on another instance whose
// notice has not arrived yet).
func (s *Service) retry(err error, fresh bool) bool {
	if err == nil || fresh {
		return false
	}
	var refusal *Error
	return errors.Is(err, store.ErrConflict) ||
		s.cfg.Store.Shared() && errors.As(err, &refusal) && refusal.Code != CodeBusy && refusal.Code != CodeBadRequest
}

// commit runs fn on game id (the cached version, or with fresh the stored
// one) under the game's lock, stores the version fn makes and puts it in
// the cache, then tells Stored. On store.ErrConflict the cached version was
// stale: it is dropped. fn's AI ticket is released unless the change is
// stored.
func (s *Service) commit(ctx context.Context, id string, fn func(cur *Game) (*change, error), fresh bool) (*change, error) {
	c, err := s.commitLocked(ctx, id, fn, fresh)
	if err == nil {
		s.cfg.Stored(id)
		if c.next.IsOver() { // no change is made to a finished game: this one just ended
			s.queueReview(c.next)
			c.next = s.rate(ctx, c.next)
		}
	}
	return c, err
}

func (s *Service) commitLocked(ctx context.Context, id string, fn func(cur *Game) (*change, error), fresh bool) (*change, error) {
	mu := s.lock(id)
	mu.Lock()
	defer mu.Unlock()
	cur, err := s.load(ctx, id, fresh)
	if err != nil {
		return nil, err
	}
	c, err := fn(cur)
	if err != nil {
		return nil, err
	}
	r, err := c.next.row()
	if err == nil {
		err = s.cfg.Store.Update(ctx, r)
	}
	if err != nil {
		c.ticket.Release()
		if errors.Is(err, store.ErrConflict) {
			s.cache.remove(id)
		}
		return nil, err
	}
	c.next.Version, c.next.Updated = r.Version, r.Updated
	s.cache.put(c.next)
	return c, nil
}

// Resume has the AI take up its part in stored games where it has one and
// nobody here is at it (after a restart), as far as the pool has room, and
// queues the reviews of finished games that have none.
func (s *Service) Resume(ctx context.Context) {
	defer s.resumeReviews(ctx)
	ids, err := s.cfg.Store.AIToMove(ctx, s.cfg.Pool.Free())
	if err != nil {
		s.cfg.Log.Error("resume AI games", "err", err)
		return
	}
	for _, id := range ids {
		if _, err := s.Get(ctx, id); err != nil {
			s.cfg.Log.Error("resume AI game", "game", id, "err", err)
		}
	}
}

// searchOptions are the search's options for a move in g.
func (s *Service) searchOptions(g *Game) search.Options {
	level, err := LevelOf(g.Level)
	if err != nil { // a level the site no longer has: the nearest it has
		level = Levels[0]
		if g.Level > level.Number {
			level = Levels[len(Levels)-1]
		}
	}
	return level.options(g.ID, s.cfg.AITime, s.tables())
}

// tables returns the endgame tables ready now, or nil.
func (s *Service) tables() *endgame.Tables {
	if s.cfg.Tables == nil {
		return nil
	}
	return s.cfg.Tables()
}

// minReply is the least time between the last change of g (the player's
// move) and the AI's reply at g's level.
func (s *Service) minReply(g *Game) time.Duration {
	if s.cfg.MinReply != nil {
		return s.cfg.MinReply(g.Level)
	}
	level, err := LevelOf(g.Level)
	if err != nil {
		return 0
	}
	return level.MinReply
}
