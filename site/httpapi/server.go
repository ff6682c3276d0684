// Package httpapi is the play site over HTTP: the JSON API of API.md and
// the page of package web, on the games service (package games), a store,
// an AI pool and a live hub.
//
// A Server routes every call in one place (Handler). Its handlers decode a
// request (one strict JSON decoder, bodies bounded), call package games,
// and encode the answer or one JSON error shape, with a stable code per
// refusal and per rule of the game (package teach). Around them, the
// middleware sets the security headers, refuses cross-origin and non-JSON
// POSTs, and applies the per-address limits (counted for the whole site on
// PostgreSQL); HTTPServer adds the connection cap and every timeout. Live
// updates are Server-Sent Events served by package live. The settings and
// their defaults are Config and DefaultConfig.
package httpapi

import (
	"context"
	"database/sql"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/site/ai"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/live"
	"github.com/doushouqi/doushouqi/site/review"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/doushouqi/doushouqi/site/strictjson"
	"github.com/doushouqi/doushouqi/site/teach"
	"github.com/doushouqi/doushouqi/site/web"
)

// Config is what a Server is built from: its parts (Store and Pool are
// required) and its settings. DefaultConfig holds the settings' defaults,
// the only place they are written: the command's flags start from them, and
// NewServer gives them to the settings left zero.
type Config struct {
	Store  store.Store
	Pool   *ai.Pool
	Hub    *live.Hub    // nil: a hub of Streams watchers
	Logger *slog.Logger // nil: no log

	AITime      time.Duration // the most an AI move may take
	MaxBody     int64         // the largest request body, bytes
	CreateLimit int           // games one client (IP) may create per minute
	PostLimit   int           // POST requests one client (IP) may send per minute
	CacheSize   int           // games kept in memory
	// Streams bounds the live streams open at once (the hub made when Hub
	// is nil), StreamsPerClient those of one client (IP).
	Streams          int
	StreamsPerClient int
	// ClientIPHeader, behind a load balancer, names the header in which it
	// writes the client's address (X-Forwarded-For); "" uses the peer's.
	ClientIPHeader string
	// AIGroupV4 and AIGroupV6 are the prefix lengths, in bits, of the
	// networks whose addresses share one client's places in the AI pool
	// (package ai: each holds at most a quarter of them): 32 and 64 by
	// default, an IPv4 address and an IPv6 /64 each; 24 and 48 group a
	// network's neighbours, so that an attacker's many cheap addresses
	// hold one client's share.
	AIGroupV4, AIGroupV6 int
	// LimitDB, if not nil, is the PostgreSQL database (OpenLimitDB) that
	// counts the per-client limits (creations, POSTs, reads, live
	// streams) for every instance at once; nil counts them in this
	// process.
	LimitDB *sql.DB
	// Tables, if not nil, are endgame tables (under the standard rules):
	// the AI plays solved endings perfectly, and /api/analysis gives the
	// verdict on them. Tables ready only after the start are handed over
	// with Server.SetTables.
	Tables *endgame.Tables
	// ReviewNodes is the node budget of each search of a finished game's
	// review (about 2 s of one core for 80 half-moves by default).
	ReviewNodes uint64
	// AIMinReply, if not nil, replaces the AI levels' least reply time
	// (games.Level.MinReply); tests set it to none.
	AIMinReply func(level int) time.Duration
	// Now, if not nil, is the time of the games' clocks and claims
	// (time.Now if nil): tests set their own, and the Hub's presence on
	// the same (live.Hub.SetClock) before it is shared.
	Now func() time.Time

	// Origins are the origins (scheme://host[:port]) whose pages may send
	// requests with side effects: a request whose Origin is another is
	// refused, whatever its Host says (a DNS-rebinding page names the
	// server's Host). None: the address each connection came in on, as
	// http://127.0.0.1:PORT, plus http://localhost:PORT on loopback.
	Origins []string
	// ReadRate is the API reads (GET, HEAD) one client (IP) may make per
	// second, ReadBurst how many at once beyond that; on LimitDB they are
	// counted for the whole site too.
	ReadRate  int
	ReadBurst int

	// LobbyBeat is how often the instance says that its lobby streams are
	// open (live.DefaultBeat; the same on every instance): a player's
	// seeks on an instance silent for three beats expire. SeeksPerPlayer
	// and Seeks cap the open seeks of one identity and of the lobby.
	LobbyBeat      time.Duration
	SeeksPerPlayer int
	Seeks          int

	// The connection's limits (HTTPServer): connections open at once
	// (event streams not counted; at the cap the longest idle one is
	// closed for a new one), and the time to read a request's headers, to
	// read a whole request, to write a response (event streams: each
	// event), and for a kept-alive connection to send its next request.
	MaxConns      int
	HeaderTimeout time.Duration
	ReadTimeout   time.Duration
	WriteTimeout  time.Duration
	IdleTimeout   time.Duration
	// KeepAlive is how often an idle event stream gets a ping event; the
	// page counts a stream lost after three silent intervals.
	KeepAlive time.Duration
	// AwayGrace is how long a page waits after an online opponent's last
	// stream closed before it says the opponent has left (a player who
	// reloads opens a new stream a moment later); a game's event stream
	// tells the page in its first ping.
	AwayGrace time.Duration
}

// DefaultConfig returns the default settings, without the parts.
func DefaultConfig() Config {
	return Config{
		AITime:           games.DefaultAITime,
		MaxBody:          4 << 10,
		CreateLimit:      30,
		PostLimit:        600,
		CacheSize:        games.DefaultCacheSize,
		Streams:          10_000,
		StreamsPerClient: 16,
		ReadRate:         50,
		AIGroupV4:        32,
		AIGroupV6:        64,
		ReadBurst:        100,
		ReviewNodes:      review.DefaultNodes,
		LobbyBeat:        live.DefaultBeat,
		SeeksPerPlayer:   3,
		Seeks:            1000,
		MaxConns:         4096,
		HeaderTimeout:    5 * time.Second,
		ReadTimeout:      10 * time.Second,
		WriteTimeout:     30 * time.Second,
		IdleTimeout:      60 * time.Second,
		KeepAlive:        15 * time.Second,
		AwayGrace:        5 * time.Second,
	}
}

// withDefaults returns cfg with its zero settings set to the defaults.
func (cfg Config) withDefaults() Config {
	d := DefaultConfig()
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	setDefault(&cfg.AITime, d.AITime)
	setDefault(&cfg.MaxBody, d.MaxBody)
	setDefault(&cfg.CreateLimit, d.CreateLimit)
	setDefault(&cfg.PostLimit, d.PostLimit)
	setDefault(&cfg.CacheSize, d.CacheSize)
	setDefault(&cfg.Streams, d.Streams)
	setDefault(&cfg.StreamsPerClient, d.StreamsPerClient)
	setDefault(&cfg.ReadRate, d.ReadRate)
	setDefault(&cfg.ReadBurst, d.ReadBurst)
	setDefault(&cfg.AIGroupV4, d.AIGroupV4)
	setDefault(&cfg.AIGroupV6, d.AIGroupV6)
	cfg.AIGroupV4, cfg.AIGroupV6 = min(cfg.AIGroupV4, 32), min(cfg.AIGroupV6, 128)
	setDefault(&cfg.ReviewNodes, d.ReviewNodes)
	setDefault(&cfg.LobbyBeat, d.LobbyBeat)
	setDefault(&cfg.SeeksPerPlayer, d.SeeksPerPlayer)
	setDefault(&cfg.Seeks, d.Seeks)
	setDefault(&cfg.MaxConns, d.MaxConns)
	setDefault(&cfg.HeaderTimeout, d.HeaderTimeout)
	setDefault(&cfg.ReadTimeout, d.ReadTimeout)
	setDefault(&cfg.WriteTimeout, d.WriteTimeout)
	setDefault(&cfg.IdleTimeout, d.IdleTimeout)
	setDefault(&cfg.KeepAlive, d.KeepAlive)
	setDefault(&cfg.AwayGrace, d.AwayGrace)
	if cfg.Hub == nil {
		cfg.Hub = live.New(cfg.Streams)
	}
	return cfg
}

// setDefault sets *v to d when *v is zero or less.
func setDefault[T int | int64 | uint64 | time.Duration](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
}

// Server is the play site: the JSON API of API.md on a Store, an AI pool and
// a live hub, and the page from package web.
type Server struct {
	cfg     Config
	log     *slog.Logger
	limiter limiter // game creation
	posts   limiter // every POST
	reads   limiter // every API GET
	streams *streamLimit
	refused *refusalLog // the log of refused requests (middleware.go)
	games   *games.Service
	wire    *strictjson.Decoder // every request body (body.go)
	conns   *connCap            // HTTPServer's connections

	tables *tableSet // the endgame tables once ready (health.go)
	polled *polled   // seat holders' reads counted as presence (presence.go)
	lobby  *lobby    // seeks and quick pairing (lobby.go)
	// watching is the last answer of GET /api/watch (watch.go).
	watching watchCache
	// writeCheck is held by the store's write check of /healthz while it
	// runs (health.go).
	writeCheck sync.Mutex

	closing   chan struct{} // closed by Shutdown: live streams end
	closeOnce sync.Once
	lobbyDone chan struct{} // closed when the lobby's loop has ended (its seeks gone)
}

// NewServer returns a server on cfg; zero settings get DefaultConfig's.
func NewServer(cfg Config) *Server {
	cfg = cfg.withDefaults()
	tables := newTableSet(cfg.Tables)
	s := &Server{
		cfg: cfg, log: cfg.Logger, tables: tables, polled: newPolled(pollGrace),
		games: games.New(games.Config{Store: cfg.Store, Pool: cfg.Pool, Log: cfg.Logger, Stored: cfg.Hub.Publish,
			AITime: cfg.AITime, Tables: tables.get, CacheSize: cfg.CacheSize, MinReply: cfg.AIMinReply,
			ReviewNodes: cfg.ReviewNodes, Now: cfg.Now}),
		wire:      strictjson.New(requestRules(len(games.Levels))),
		conns:     newConnCap(cfg.MaxConns),
		reads:     newReadLimiter(cfg.LimitDB, cfg.ReadRate, cfg.ReadBurst, cfg.Logger),
		streams:   newStreamLimit(cfg.LimitDB, cfg.StreamsPerClient, cfg.Logger),
		refused:   newRefusalLog(cfg.Logger, refusalEvery, 10_000),
		closing:   make(chan struct{}),
		lobbyDone: make(chan struct{}),
		lobby: newLobby(cfg.Store, cfg.Logger, cfg.LobbyBeat,
			store.Limits{Player: cfg.SeeksPerPlayer, Total: cfg.Seeks}, cfg.Streams),
	}
	if cfg.LimitDB != nil {
		s.limiter = newDBLimiter(cfg.LimitDB, "create", cfg.CreateLimit, time.Minute, cfg.Logger)
		s.posts = newDBLimiter(cfg.LimitDB, "post", cfg.PostLimit, time.Minute, cfg.Logger)
	} else {
		s.limiter = newRateLimiter(cfg.CreateLimit, time.Minute, 100_000)
		s.posts = newRateLimiter(cfg.PostLimit, time.Minute, 100_000)
	}
	cfg.Hub.Serve(s.renderState, cfg.KeepAlive) // the streams taken over (events.go)
	s.startLobby()
	return s
}

// HTTPServer returns the http.Server that serves s, with every timeout of
// the Config set, and ln wrapped to count its connections against
// MaxConns: serve the one on the other. Its Shutdown ends the live streams
// too.
func (s *Server) HTTPServer(ln net.Listener) (*http.Server, net.Listener) {
	srv := &http.Server{
		Handler:           s.Handler(),
		ConnState:         s.conns.connState,
		ReadHeaderTimeout: s.cfg.HeaderTimeout,
		ReadTimeout:       s.cfg.ReadTimeout,
		WriteTimeout:      s.cfg.WriteTimeout, // event streams set their own per write
		IdleTimeout:       s.cfg.IdleTimeout,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	srv.RegisterOnShutdown(s.Shutdown)
	return srv, s.conns.listener(ln)
}

// IdleClosed returns how many idle connections HTTPServer's listener
// closed to make room for new ones (MaxConns).
func (s *Server) IdleClosed() int {
	_, evicted := s.conns.stats()
	return evicted
}

// methods routes one path by method, answering others with 405 and Allow.
type methods map[string]http.HandlerFunc

func (m methods) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h, ok := m[r.Method]; ok {
		h(w, r)
		return
	}
	if h, ok := m["GET"]; ok && r.Method == http.MethodHead {
		h(w, r)
		return
	}
	allow := ""
	for _, k := range []string{"GET", "POST"} {
		if _, ok := m[k]; ok {
			if allow != "" {
				allow += ", "
			}
			allow += k
		}
	}
	if _, ok := m["GET"]; ok {
		allow += ", HEAD"
	}
	w.Header().Set("Allow", allow)
	writeError(w, fail(codeMethodNotAllowed, r.Method+" is not allowed here"))
}

// Handler routes the API and the page, behind the middleware of
// middleware.go.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/api/games", methods{"POST": s.create})
	mux.Handle("/api/games/{id}", methods{"GET": s.get})
	mux.Handle("/api/games/{id}/join", methods{"POST": s.join})
	mux.Handle("/api/games/{id}/invite", methods{"GET": s.invite})
	mux.Handle("/api/games/{id}/moves", methods{"POST": s.move})
	mux.Handle("/api/games/{id}/undo", methods{"POST": s.undo})
	mux.Handle("/api/games/{id}/resign", methods{"POST": s.resign})
	mux.Handle("/api/games/{id}/draw", methods{"POST": s.draw})
	mux.Handle("/api/games/{id}/claim", methods{"POST": s.claim})
	mux.Handle("/api/games/{id}/abort", methods{"POST": s.abort})
	mux.Handle("/api/games/{id}/rematch", methods{"POST": s.rematch})
	mux.Handle("/api/games/{id}/takeback", methods{"POST": s.takeback})
	mux.Handle("/api/games/{id}/events", methods{"GET": s.events})
	mux.Handle("/api/games/{id}/review", methods{"GET": s.review})
	mux.Handle("/api/games/{id}/record", methods{"GET": s.export})
	mux.Handle("/api/players", methods{"POST": s.newPlayer})
	mux.Handle("/api/players/me", methods{"GET": s.me})
	mux.Handle("/api/players/me/name", methods{"POST": s.rename})
	mux.Handle("/api/players/{id}", methods{"GET": s.player})
	mux.Handle("/api/watch", methods{"GET": s.watch})
	mux.Handle("/api/stats", methods{"GET": s.stats})
	mux.Handle("/api/levels", methods{"GET": s.levels})
	mux.Handle("/api/games/{id}/board.svg", methods{"GET": s.board})
	mux.Handle("/api/games/{id}/board.png", methods{"GET": s.boardPNG})
	mux.Handle("/api/engine", methods{"GET": s.engine})
	mux.HandleFunc("/api/analysis", func(w http.ResponseWriter, r *http.Request) {
		teach.Teacher{Tables: s.tables.get()}.Handler().ServeHTTP(w, r)
	})
	mux.Handle("/api/lobby", methods{"GET": s.lobbyGet})
	mux.Handle("/api/lobby/events", methods{"GET": s.lobbyEvents})
	mux.Handle("/api/lobby/quick", methods{"POST": s.quick})
	mux.Handle("/api/seeks", methods{"POST": s.postSeek})
	mux.Handle("/api/seeks/{id}/accept", methods{"POST": s.accept})
	mux.Handle("/api/seeks/{id}/cancel", methods{"POST": s.cancelSeek})
	mux.Handle("/healthz", methods{"GET": s.health})
	mux.Handle("/livez", methods{"GET": s.live})
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, fail(games.CodeNotFound, "no such API call"))
	})
	mux.Handle("/", methods{"GET": web.NewHandler(s.preview).ServeHTTP})
	return s.middleware(s.withAIClient(mux))
}

// Shutdown ends the live streams, so that an http.Server's Shutdown need not
// wait for them (it does not know the ones the hub took over), and returns
// once the lobby has let this instance's seeks go: call it before closing
// the store (an http.Server runs it on a goroutine of its own, unwaited).
func (s *Server) Shutdown() {
	s.closeOnce.Do(func() {
		close(s.closing)
		s.cfg.Hub.Stop()
	})
	<-s.lobbyDone
}

// DrainReplies stores at once the AI replies that wait for their level's
// least reply time (games.Level.MinReply): a shutdown, after the AI pool has
// closed, loses none.
func (s *Server) DrainReplies() { s.games.Drain() }

// SweepLimits deletes the shared rate limits' old rows, and keeps this
// instance's stream counts alive, until ctx ends (it returns at once when
// the limits are counted in this process).
func (s *Server) SweepLimits(ctx context.Context) {
	var wg sync.WaitGroup
	for _, l := range []limiter{s.limiter, s.posts, s.reads} {
		if b, ok := l.(bothLimiters); ok {
			l = b.then
		}
		if d, ok := l.(*dbLimiter); ok {
			wg.Go(func() { d.sweep(ctx) })
		}
	}
	if s.streams.db != nil {
		wg.Go(func() { s.streams.refresh(ctx) })
	}
	wg.Wait()
}

// Changed is told of a change to game id made by another process (store
// Listen); "" means any game.
func (s *Server) Changed(id string) {
	if id == store.LobbyChanged || id == "" {
		s.lobby.changed()
		if id != "" {
			return
		}
	}
	s.games.Forget(id)
	s.cfg.Hub.Publish(id)
}

func (s *Server) stats(w http.ResponseWriter, r *http.Request) {
	st, err := s.cfg.Store.Stats(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// fail answers with err, logging what is not an API error.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	if _, ok := err.(*games.Error); !ok {
		s.logger(r).Error("request failed", "err", err)
	}
	writeError(w, err)
}

// Resume has the AI take up its part in stored games where nobody is at it
// (after a restart), as far as the pool has room.
func (s *Server) Resume(ctx context.Context) { s.games.Resume(ctx) }
