package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/live"
	"github.com/doushouqi/doushouqi/site/store"
)

// SharePresence has hub share its seat holders' presence with the hubs of
// every instance on db (live.Hub.Share) until ctx ends, when the returned
// channel closes: a player connected to any instance is connected on all,
// and away since it left any. beat is how often this instance says it is
// alive (live.DefaultBeat; the same on every instance). On SQLite, with one
// instance, the records still say after a restart when each player left.
func SharePresence(ctx context.Context, hub *live.Hub, db store.Store, beat time.Duration, log *slog.Logger) <-chan struct{} {
	return hub.Share(ctx, presenceStore{db}, beat, log)
}

// presenceStore is the store's presence records as the live hub keeps
// them.
type presenceStore struct{ db store.Store }

func (p presenceStore) SetPresence(ctx context.Context, records ...live.Record) error {
	rows := make([]store.Presence, len(records))
	for i, r := range records {
		rows[i] = store.Presence{Game: r.Game, Color: r.Color, Instance: r.Instance,
			Streams: r.Streams, Seen: r.Seen, Left: r.Left}
	}
	return p.db.SetPresence(ctx, rows...)
}

func (p presenceStore) BeatPresence(ctx context.Context, instance string, now time.Time) (int, error) {
	return p.db.BeatPresence(ctx, instance, now)
}

func (p presenceStore) SweepPresence(ctx context.Context, stale, forget time.Time) error {
	return p.db.SweepPresence(ctx, stale, forget)
}

func (p presenceStore) EndPresence(ctx context.Context, instance string, now time.Time) error {
	return p.db.EndPresence(ctx, instance, now)
}

func (p presenceStore) GamePresence(ctx context.Context, id string) ([]live.Record, error) {
	rows, err := p.db.GamePresence(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]live.Record, len(rows))
	for i, r := range rows {
		out[i] = live.Record{Game: r.Game, Color: r.Color, Instance: r.Instance,
			Streams: r.Streams, Seen: r.Seen, Left: r.Left}
	}
	return out, nil
}

// presenceRead bounds the state's read of the players' presence.
const presenceRead = 2 * time.Second

// connected is the state's connected and claimableAt: whether each player
// of g has the game's live stream open, and when the win may be claimed
// against each one who has not. An online game's players are looked for
// on every instance sharing presence (their opponent sees it, and may
// claim the win in their absence); if that read fails, this instance's
// streams alone answer, and no claim time is given. The other games'
// players, with no opponent to see them, are looked for here alone,
// sparing the database a read per state.
func (s *Server) connected(g *games.Game) (map[string]bool, map[string]string) {
	claimable := map[string]string{}
	seats := s.cfg.Hub.PresenceHere(g.ID)
	if g.Mode == games.Online {
		ctx, cancel := context.WithTimeout(context.Background(), presenceRead)
		var err error
		seats, err = s.cfg.Hub.Presence(ctx, g.ID)
		cancel()
		if err != nil {
			s.log.Warn("presence unknown: this instance's streams alone", "game", g.ID, "err", err)
		} else if !g.Ended() && g.Ply() >= 2 {
			for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
				if p := seats[c.String()]; !p.Connected {
					claimable[c.String()] = s.games.ClaimableAt(g, c, p.Since).UTC().Format(stampLayout)
				}
			}
		}
	}
	out := make(map[string]bool, len(seats))
	for c, p := range seats {
		out[c] = p.Connected
	}
	return out, claimable
}

// errPresenceUnknown refuses a claim whose opponent's presence could not
// be read: the win is never given on a guess.
var errPresenceUnknown = failLater(codePresenceUnknown,
	"whether your opponent is connected cannot be told now: try again in a few seconds", 5*time.Second)

// claimAction is the claim of game id (POST /claim) with its players'
// presence on the whole site, read before the game is locked; a failed
// read refuses the claim.
func (s *Server) claimAction(r *http.Request, id string) (games.Action, error) {
	if !games.ValidID(id) {
		return games.Claim{}, nil // the service answers: no such game
	}
	seats, err := s.cfg.Hub.Presence(r.Context(), id)
	if err != nil {
		s.logger(r).Error("claim refused: presence unknown", "game", id, "err", err)
		return nil, errPresenceUnknown
	}
	return games.Claim{Presence: func(c dsq.Color) (bool, time.Time) {
		p := seats[c.String()]
		return p.Connected, p.Since
	}}, nil
}

// pollGrace is how long a seat holder's read of its game's state counts as
// its presence: longer than the page's slowest poll (30 s, and a hidden
// tab's timers that browsers slow to one a minute).
const pollGrace = 90 * time.Second

// polled counts a seat holder's reads of its game's state (GET with its
// seat token) as presence for pollGrace after the last one. A page whose
// live stream failed, was refused, or was given up in a hidden tab polls
// instead, and a player still reading the game has not left it: neither
// shown away nor claimable. Each seat holds one arrival on the hub (so the
// other instances hear of it as of a stream), which every read extends.
type polled struct {
	mu    sync.Mutex
	grace time.Duration
	seats map[polledSeat]*pollStay
}

type polledSeat struct{ id, color string }

// pollStay is one seat's arrival by reads: it ends at until, or later if
// reads come meanwhile.
type pollStay struct {
	until time.Time
	leave func()
}

func newPolled(grace time.Duration) *polled {
	return &polled{grace: grace, seats: map[polledSeat]*pollStay{}}
}

// read counts a read of seat (id, color) on hub now.
func (p *polled) read(hub *live.Hub, id, color string) {
	k := polledSeat{id, color}
	p.mu.Lock()
	defer p.mu.Unlock()
	if st := p.seats[k]; st != nil {
		st.until = time.Now().Add(p.grace)
		return
	}
	st := &pollStay{until: time.Now().Add(p.grace), leave: hub.Arrive(id, color)}
	p.seats[k] = st
	var end func()
	end = func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if wait := time.Until(st.until); wait > 0 {
			time.AfterFunc(wait, end)
			return
		}
		delete(p.seats, k)
		st.leave()
	}
	time.AfterFunc(p.grace, end)
}
