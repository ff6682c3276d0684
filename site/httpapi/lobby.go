package httpapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/live"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/doushouqi/doushouqi/site/strictjson"
)

// The lobby (API.md, Lobby): open seeks that other players see live and
// accept, and quick pairing, which takes the oldest matching seek or posts
// one. A player's seeks live while one of its lobby streams is open, on
// any instance: each instance counts its streams per player in memory and
// keeps a row per player in the store while it has one open (store.SetLobby),
// beaten every LobbyBeat; an instance that stops beating for lobbyStale
// beats takes its players' seeks with it. Every pairing is one transaction
// of the store, serialised with every other: one wins.

// LobbyControls are the time controls the lobby offers, the quick
// pairing buttons' (those of the page's own game form with a clock).
var LobbyControls = []string{"3+2", "5+3", "10+5", "15+10", "1d"}

// The lobby's bounds and times.
const (
	// lobbyStale is how many beats an instance may miss before its
	// players' seeks stop counting (as presence's staleBeats).
	lobbyStale = 3
	// pairedKept is how long a paired seek is kept, for its player's
	// lobby streams (those that reconnect too) to hear where it went.
	pairedKept = 2 * time.Minute
	// lobbyListed is the most seeks a lobby event lists.
	lobbyListed = 200
	// lobbyWrite bounds each of the lobby's writes.
	lobbyWrite = 5 * time.Second
)

// The lobby's refusals (API.md, Lobby).
const (
	codeSeekGone     = "seek-gone"      // the seek was taken, cancelled or has expired
	codeOwnSeek      = "own-seek"       // a player's own seek, from another tab or browser
	codeNotYourSeek  = "not-your-seek"  // a cancel by another player
	codeNoLobby      = "no-lobby"       // a seek with no lobby stream open to keep it
	codeTooManySeeks = "too-many-seeks" // the player's cap on open seeks
	codeLobbyFull    = "lobby-full"     // the site's cap on open seeks
)

// lobbyError is the API's answer to a store refusal of the lobby's.
func lobbyError(err error) error {
	switch {
	case errors.Is(err, store.ErrSeekGone):
		return fail(codeSeekGone, "this seek is gone: taken by another player, cancelled, or its player left")
	case errors.Is(err, store.ErrOwnSeek):
		return fail(codeOwnSeek, "this is your own seek (from another tab or window): wait for someone else to take it")
	case errors.Is(err, store.ErrNotYourSeek):
		return fail(codeNotYourSeek, "only the player who posted a seek can cancel it")
	case errors.Is(err, store.ErrNoLobby):
		return fail(codeNoLobby, "open the lobby first (GET /api/lobby/events): a seek lives while its player's lobby is open")
	case errors.Is(err, store.ErrTooManySeeks):
		return fail(codeTooManySeeks, "you have as many seeks open as you may: cancel one first")
	case errors.Is(err, store.ErrLobbyFull):
		return failLater(codeLobbyFull, "the lobby is full: try again in a minute", time.Minute)
	}
	return err
}

// lobbyWire decodes the bodies of POST /api/seeks and /api/lobby/quick.
var lobbyWire = sync.OnceValue(func() *strictjson.Decoder {
	return strictjson.New(strictjson.Rules{"control": {Values: LobbyControls}, "rated": {}})
})

// seekRequest is the body of POST /api/seeks and /api/lobby/quick.
type seekRequest struct {
	Control string `json:"control"`
	Rated   bool   `json:"rated"`
}

func decodeSeek(data []byte, v any) error {
	err := lobbyWire().Decode(data, v)
	var e *strictjson.Error
	switch {
	case err == nil:
		if v.(*seekRequest).Control == "" {
			return fail(games.CodeBadRequest, "control is required: one of the lobby's time controls")
		}
		return nil
	case errors.As(err, &e) && e.Key != "":
		return fail(games.CodeBadRequest, fmt.Sprintf("%q: %s", e.Key, e.Msg))
	case errors.As(err, &e):
		return fail(games.CodeBadRequest, e.Msg)
	}
	return err
}

// lobby is an instance's part in the lobby: its lobby streams by player,
// and the latest list of seeks, which it reads again when the lobby
// changes (here, or on another instance: Server.Changed) and sends to its
// streams.
type lobby struct {
	db       store.Store
	log      *slog.Logger
	instance string
	beat     time.Duration
	limits   store.Limits
	streams  atomic.Int64 // open here
	maxOpen  int64

	writeMu sync.Mutex // orders the writes of the players' counts
	mu      sync.Mutex
	here    map[string]int // lobby streams open here, by player
	snap    *lobbySnap     // nil until read
	news    chan struct{}  // closed when snap is replaced
	wake    chan struct{}
}

// lobbySnap is the lobby as last read: the event listing the open seeks,
// and the paired seeks by player.
type lobbySnap struct {
	list   []byte
	paired map[string][]store.Seek
}

func newLobby(db store.Store, log *slog.Logger, beat time.Duration, limits store.Limits, maxOpen int) *lobby {
	b := make([]byte, 8)
	rand.Read(b)
	return &lobby{db: db, log: log, instance: "lobby-" + hex.EncodeToString(b), beat: beat, limits: limits,
		maxOpen: int64(maxOpen), here: map[string]int{}, news: make(chan struct{}), wake: make(chan struct{}, 1)}
}

// stale is the oldest beat of an instance that counts as alive at now.
func (l *lobby) stale(now time.Time) time.Time { return now.Add(-lobbyStale * l.beat) }

// changed asks for the lobby to be read again (a seek posted, paired,
// cancelled or gone, here or elsewhere).
func (l *lobby) changed() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// run reads the lobby again when it changes, says every beat that this
// instance is alive and sweeps out the seeks of players gone from every
// instance, until ctx ends; then it ends this instance's lobby streams'
// hold on their players' seeks.
func (l *lobby) run(ctx context.Context) {
	tick := time.NewTicker(l.beat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			wctx, cancel := context.WithTimeout(context.Background(), lobbyWrite)
			if err := l.db.EndLobby(wctx, l.instance, l.stale(time.Now())); err != nil {
				l.log.Warn("lobby: end", "err", err)
			}
			cancel()
			return
		case <-l.wake:
			l.refresh(ctx)
		case <-tick.C:
			now := time.Now()
			wctx, cancel := context.WithTimeout(ctx, lobbyWrite)
			err := l.db.BeatLobby(wctx, l.instance, now)
			if err == nil {
				var n int
				n, err = l.db.SweepLobby(wctx, l.stale(now), now.Add(-pairedKept))
				if n > 0 {
					l.changed()
				}
			}
			cancel()
			if err != nil && ctx.Err() == nil {
				l.log.Warn("lobby: beat", "err", err)
			}
		}
	}
}

// refresh reads the lobby and, if it differs from the last read, gives it
// to the streams.
func (l *lobby) refresh(ctx context.Context) {
	rctx, cancel := context.WithTimeout(ctx, lobbyWrite)
	defer cancel()
	snap, err := l.read(rctx)
	if err != nil {
		if ctx.Err() == nil {
			l.log.Warn("lobby: read", "err", err)
		}
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.snap != nil && bytes.Equal(l.snap.list, snap.list) && samePaired(l.snap.paired, snap.paired) {
		return
	}
	l.snap = snap
	close(l.news)
	l.news = make(chan struct{})
}

func samePaired(a, b map[string][]store.Seek) bool {
	if len(a) != len(b) {
		return false
	}
	for p, x := range a {
		y := b[p]
		if len(y) != len(x) {
			return false
		}
		for i := range x {
			if x[i].ID != y[i].ID {
				return false
			}
		}
	}
	return true
}

// seekState is a seek as the lobby lists it.
type seekState struct {
	ID      string          `json:"id"`
	Control string          `json:"control"`
	Rated   bool            `json:"rated"`
	Player  seekPlayerState `json:"player"`
	Created string          `json:"created"`
}

type seekPlayerState struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Rating      int    `json:"rating"`
	Provisional bool   `json:"provisional"`
}

// lobbyState is GET /api/lobby's answer, and the data of a lobby event
// (without controls).
type lobbyState struct {
	Controls []string    `json:"controls,omitempty"`
	Seeks    []seekState `json:"seeks"`
}

func seekStates(open []store.Seek) []seekState {
	out := make([]seekState, 0, len(open))
	for _, sk := range open {
		out = append(out, seekState{ID: sk.ID, Control: sk.Control, Rated: sk.Rated, Created: sk.Created.UTC().Format(stampLayout),
			Player: seekPlayerState{ID: sk.Player, Name: sk.Name, Rating: sk.Rating, Provisional: sk.Provisional}})
	}
	return out
}

// read reads the lobby from the store.
func (l *lobby) read(ctx context.Context) (*lobbySnap, error) {
	open, paired, err := l.db.Seeks(ctx, l.stale(time.Now()), lobbyListed)
	if err != nil {
		return nil, err
	}
	list, err := json.Marshal(lobbyState{Seeks: seekStates(open)})
	if err != nil {
		return nil, err
	}
	snap := &lobbySnap{list: list, paired: map[string][]store.Seek{}}
	for _, sk := range paired {
		snap.paired[sk.Player] = append(snap.paired[sk.Player], sk)
	}
	return snap, nil
}

// current returns the lobby as last read (reading it if it never was),
// and a channel closed when it is read anew.
func (l *lobby) current(ctx context.Context) (*lobbySnap, <-chan struct{}, error) {
	l.mu.Lock()
	snap, news := l.snap, l.news
	l.mu.Unlock()
	if snap != nil {
		return snap, news, nil
	}
	l.refresh(ctx)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.snap == nil {
		return nil, nil, errors.New("lobby: cannot be read")
	}
	return l.snap, l.news, nil
}

// enter counts a lobby stream of player opened here, writing the store
// when it is the player's first here: its seeks live from then on.
func (l *lobby) enter(ctx context.Context, player string) error {
	return l.count(ctx, player, +1)
}

// leave counts a lobby stream of player closed here; the player's last
// here is written, and its seeks go if no instance has it any more.
func (l *lobby) leave(player string) {
	ctx, cancel := context.WithTimeout(context.Background(), lobbyWrite)
	defer cancel()
	if err := l.count(ctx, player, -1); err != nil {
		// The sweep drops the seeks once the row is stale: written
		// again at the next beat, it is not; so the count is kept.
		l.log.Warn("lobby: leave", "err", err)
	}
}

func (l *lobby) count(ctx context.Context, player string, delta int) error {
	l.writeMu.Lock()
	defer l.writeMu.Unlock()
	l.mu.Lock()
	n := l.here[player] + delta
	if n <= 0 {
		delete(l.here, player)
	} else {
		l.here[player] = n
	}
	l.mu.Unlock()
	if n > 1 || n == 1 && delta < 0 {
		return nil
	}
	now := time.Now()
	dropped, err := l.db.SetLobby(ctx, player, l.instance, max(n, 0), now, l.stale(now))
	if err != nil && delta > 0 {
		l.mu.Lock()
		if l.here[player]--; l.here[player] <= 0 {
			delete(l.here, player)
		}
		l.mu.Unlock()
	}
	if dropped > 0 {
		l.changed()
	}
	return err
}

// seekAction reads a call on one seek (accept, cancel): its empty body, the
// caller's identity (401 no-player without one) and the seek's id from the
// path (409 seek-gone when it cannot be one). false: it has answered.
func (s *Server) seekAction(w http.ResponseWriter, r *http.Request) (caller *games.Player, id string, ok bool) {
	if err := s.decode(w, r, &struct{}{}); err != nil {
		s.fail(w, r, err)
		return nil, "", false
	}
	caller, err := s.mustCaller(r.Context(), r)
	if err != nil {
		s.fail(w, r, err)
		return nil, "", false
	}
	id = r.PathValue("id")
	if !games.ValidID(id) {
		s.fail(w, r, lobbyError(store.ErrSeekGone))
		return nil, "", false
	}
	return caller, id, true
}

// lobbyGet answers GET /api/lobby: the controls offered and the open seeks.
func (s *Server) lobbyGet(w http.ResponseWriter, r *http.Request) {
	open, _, err := s.cfg.Store.Seeks(r.Context(), s.lobby.stale(time.Now()), lobbyListed)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, lobbyState{Controls: LobbyControls, Seeks: seekStates(open)})
}

// lobbyEvents streams the lobby (API.md, GET /api/lobby/events): a lobby
// event at once and at every change, and, to a player (?player=), a paired
// event for each of its seeks paired. The stream keeps its player's seeks
// alive.
func (s *Server) lobbyEvents(w http.ResponseWriter, r *http.Request) {
	who, err := s.caller(r.Context(), r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	client := s.clientOf(r)
	if !s.openStream(client) {
		s.fail(w, r, failLater(codeRateLimited, "too many live streams from your address", 5*time.Second))
		return
	}
	defer s.closeStream(client)
	if s.lobby.streams.Add(1) > s.lobby.maxOpen {
		s.lobby.streams.Add(-1)
		s.fail(w, r, games.Busy("too many lobby streams"))
		return
	}
	defer s.lobby.streams.Add(-1)
	snap, news, err := s.lobby.current(r.Context())
	if err != nil {
		s.fail(w, r, games.Busy("the lobby cannot be read now"))
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	if r.Method == http.MethodHead {
		return
	}
	if who != nil {
		if err := s.lobby.enter(r.Context(), who.ID); err != nil {
			s.logger(r).Error("lobby: enter", "err", err)
			s.fail(w, r, games.Busy("the lobby cannot be entered now"))
			return
		}
		defer s.lobby.leave(who.ID)
	}
	h.Set("X-Accel-Buffering", "no")
	send, ok := s.startStream(w)
	if !ok {
		return
	}
	told := map[string]bool{} // paired seeks sent
	var last []byte
	tell := func(snap *lobbySnap) error {
		var out []byte // the player's own news first
		if who != nil {
			for _, sk := range snap.paired[who.ID] {
				if told[sk.ID] {
					continue
				}
				told[sk.ID] = true
				data, _ := json.Marshal(map[string]string{"seek": sk.ID, "game": sk.Game, "color": sk.Color})
				out = fmt.Appendf(out, "event: paired\ndata: %s\n\n", data)
			}
		}
		if !bytes.Equal(snap.list, last) {
			out = fmt.Appendf(out, "event: lobby\ndata: %s\n\n", snap.list)
			last = snap.list
		}
		if len(out) == 0 {
			return nil
		}
		return send(out)
	}
	// A player's stream reads the lobby once more now that it is in it:
	// the paired seeks it may have missed while away.
	if err := tell(snap); err != nil {
		return
	}
	ping := live.PingEvent(s.cfg.KeepAlive)
	if err := send(ping); err != nil {
		return
	}
	tick := time.NewTicker(s.cfg.KeepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.closing:
			return
		case <-tick.C:
			if err := send(ping); err != nil {
				return
			}
		case <-news:
			snap, news, err = s.lobby.current(r.Context())
			if err != nil {
				return
			}
			if err := tell(snap); err != nil {
				return
			}
		}
	}
}

// newSeek is a seek of caller for req, with a new seat token for the
// seeker (returned; the seek keeps its hash). The seek shows the caller's
// name and its rating in the control's class as they are now.
func newSeek(caller *games.Player, req seekRequest) (*store.Seek, string) {
	token, hash := games.NewSeatToken()
	var tc games.TimeControl
	tc.UnmarshalText([]byte(req.Control)) // one of LobbyControls: the decoder checked
	r := caller.In(tc.Class())
	return &store.Seek{ID: games.NewID(), Player: caller.ID, Name: caller.Name,
		Rating: int(math.Round(r.Rating.Rating)), Provisional: r.Provisional(),
		Control: req.Control, Rated: req.Rated, Seat: hash}, token
}

// seekCall decodes a seek's body and checks the caller: the start of POST
// /api/seeks and /api/lobby/quick.
func (s *Server) seekCall(w http.ResponseWriter, r *http.Request) (*games.Player, seekRequest, error) {
	var req seekRequest
	if err := s.allowCreate(r); err != nil {
		return nil, req, err
	}
	if err := s.decodeWith(w, r, &req, decodeSeek); err != nil {
		return nil, req, err
	}
	caller, err := s.mustCaller(r.Context(), r)
	if err == nil && req.Rated && caller.Name == "" {
		err = games.ErrNameRequired
	}
	return caller, req, err
}

// postSeek posts a seek (API.md, POST /api/seeks).
func (s *Server) postSeek(w http.ResponseWriter, r *http.Request) {
	caller, req, err := s.seekCall(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sk, token := newSeek(caller, req)
	now := time.Now()
	if err := s.cfg.Store.PostSeek(r.Context(), sk, now, s.lobby.stale(now), s.lobby.limits); err != nil {
		s.fail(w, r, lobbyError(err))
		return
	}
	s.lobby.changed()
	s.logger(r).Info("seek posted", "seek", sk.ID, "control", sk.Control)
	writeJSON(w, http.StatusCreated, map[string]string{"id": sk.ID, "seat": token})
}

// pairing is the store's Pairing for a seek taken by taker: the game
// NewPairing makes, kept in *made for the answer.
func (s *Server) pairing(taker *games.Player, made **games.Pairing) store.Pairing {
	return func(sk *store.Seek) (*store.Game, string, error) {
		var tc games.TimeControl
		if err := tc.UnmarshalText([]byte(sk.Control)); err != nil {
			return nil, "", fmt.Errorf("seek %s: control %q: %w", sk.ID, sk.Control, err)
		}
		seeker := games.SeatPlayer{ID: sk.Player, Name: sk.Name, Rating: sk.Rating, Provisional: sk.Provisional}
		p, err := s.games.NewPairing(tc, seeker, sk.Seat, taker, sk.Rated)
		if err != nil {
			return nil, "", err
		}
		*made = p
		return p.Row(), p.SeekerColor.String(), nil
	}
}

// paired answers a pairing that made p: the game and the caller's seat.
func (s *Server) paired(w http.ResponseWriter, r *http.Request, sk *store.Seek, p *games.Pairing) {
	g := s.games.Paired(p)
	s.lobby.changed()
	s.logger(r).Info("game created", "game", g.ID, "mode", g.Mode, "seek", sk.ID)
	writeJSON(w, http.StatusCreated, map[string]any{"game": s.state(g),
		"seats": map[string]string{p.SeekerColor.Other().String(): p.Token}})
}

// quick is quick pairing (API.md, POST /api/lobby/quick): the oldest
// matching seek of another player is taken, or a seek posted.
func (s *Server) quick(w http.ResponseWriter, r *http.Request) {
	caller, req, err := s.seekCall(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sk, token := newSeek(caller, req)
	var made *games.Pairing
	now := time.Now()
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 10*time.Second)
	defer cancel()
	taken, err := s.cfg.Store.QuickSeek(ctx, sk, now, s.lobby.stale(now), s.lobby.limits, s.pairing(caller, &made))
	switch {
	case err != nil:
		s.fail(w, r, lobbyError(err))
	case taken != nil:
		s.paired(w, r, taken, made)
	default:
		s.lobby.changed()
		s.logger(r).Info("seek posted", "seek", sk.ID, "control", sk.Control, "quick", true)
		writeJSON(w, http.StatusCreated, map[string]string{"id": sk.ID, "seat": token})
	}
}

// accept takes a seek (API.md, POST /api/seeks/{id}/accept).
func (s *Server) accept(w http.ResponseWriter, r *http.Request) {
	if err := s.allowCreate(r); err != nil {
		s.fail(w, r, err)
		return
	}
	caller, id, ok := s.seekAction(w, r)
	if !ok {
		return
	}
	var made *games.Pairing
	now := time.Now()
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 10*time.Second)
	defer cancel()
	sk, err := s.cfg.Store.AcceptSeek(ctx, id, caller.ID, now, s.lobby.stale(now), s.pairing(caller, &made))
	if err != nil {
		s.fail(w, r, lobbyError(err))
		return
	}
	s.paired(w, r, sk, made)
}

// cancelSeek withdraws the caller's seek (API.md, POST /api/seeks/{id}/cancel).
func (s *Server) cancelSeek(w http.ResponseWriter, r *http.Request) {
	caller, id, ok := s.seekAction(w, r)
	if !ok {
		return
	}
	if err := s.cfg.Store.CancelSeek(r.Context(), id, caller.ID); err != nil {
		s.fail(w, r, lobbyError(err))
		return
	}
	s.lobby.changed()
	w.WriteHeader(http.StatusNoContent)
}

// startLobby runs the server's part in the lobby (beats, sweeps, the list
// its streams follow) until Shutdown, which lets its streams' seeks go. A
// server with no store (a test's, of the middleware alone) has none.
func (s *Server) startLobby() {
	if s.cfg.Store == nil {
		close(s.lobbyDone)
		return
	}
	ctx, stop := context.WithCancel(context.Background())
	go func() {
		<-s.closing
		stop()
	}()
	go func() {
		defer close(s.lobbyDone)
		s.lobby.run(ctx)
	}()
}
