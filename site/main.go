// Command server is the Dou Shou Qi play site built on the doushouqi
// library: games against the AI, on one device, or online between two
// people, stored in SQLite (a file, the default) or PostgreSQL (several
// instances on one database), with live updates, site statistics and the web
// page. The HTTP API is in API.md.
//
//	cd site && go run . [-addr 127.0.0.1:8080] [-db dsq.db | -db postgres://...] [-egtb DIR]
//
// With -egtb DIR the AI plays solved endings perfectly and the analysis
// (/api/analysis, the page's Learn panel) says who wins them and how: DIR
// holds endgame tables made by go -C cmd run ./egtb (standard rules); if
// it has none, every ending of up to three pieces is solved into it (117
// MiB, kept in memory). The site serves at once: the tables are solved, on
// all cores but one, or read in the background, used once ready, and
// /healthz says whether they are.
//
// It listens on a free port unless -addr says otherwise and prints its URL.
// SIGINT or SIGTERM drain the requests in flight and finish the AI moves
// queued, then stop.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/doushouqi/doushouqi/site/ai"
	"github.com/doushouqi/doushouqi/site/httpapi"
	"github.com/doushouqi/doushouqi/site/live"
	"github.com/doushouqi/doushouqi/site/store"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(1)
	}
}

// run parses args, opens the database, serves until ctx ends, then shuts
// down gracefully. The first line on stdout is the site's URL; the log
// follows (JSON lines).
func run(ctx context.Context, args []string, stdout io.Writer) error {
	cfg := httpapi.DefaultConfig()
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.IntVar(&cfg.CacheSize, "cache", cfg.CacheSize, "games kept in memory")
	fs.DurationVar(&cfg.AITime, "ai-time", cfg.AITime, "the most one AI move may take")
	fs.Uint64Var(&cfg.ReviewNodes, "review-nodes", cfg.ReviewNodes, "node budget of each search of a game's review")
	fs.IntVar(&cfg.Streams, "watchers", cfg.Streams, "live event streams at once (then 503)")
	fs.IntVar(&cfg.StreamsPerClient, "watchers-per-ip", cfg.StreamsPerClient, "live event streams of one IP address at once (then 429)")
	fs.StringVar(&cfg.ClientIPHeader, "client-ip-header", "", "behind a load balancer: the header it writes the client's address in (its last entry counts), e.g. X-Forwarded-For")
	fs.IntVar(&cfg.AIGroupV4, "ai-group-v4", cfg.AIGroupV4, "IPv4 addresses share the AI's places by networks of this prefix length (32: each address its own; 24: a /24)")
	fs.IntVar(&cfg.AIGroupV6, "ai-group-v6", cfg.AIGroupV6, "IPv6 addresses share the AI's places by networks of this prefix length (64: a /64; 48: a /48)")
	fs.IntVar(&cfg.CreateLimit, "create-limit", cfg.CreateLimit, "games one IP address may create per minute (then 429; with PostgreSQL, over all instances)")
	fs.IntVar(&cfg.PostLimit, "post-limit", cfg.PostLimit, "POST requests (moves...) one IP address may send per minute (then 429; with PostgreSQL, over all instances)")
	fs.Func("origin", "origins whose pages may post, comma-separated, e.g. https://play.example (default: the listen address, http://127.0.0.1:PORT and http://localhost:PORT)", func(v string) error {
		for o := range strings.SplitSeq(v, ",") {
			o = strings.TrimSpace(o)
			if !strings.HasPrefix(o, "http://") && !strings.HasPrefix(o, "https://") || strings.Count(o, "/") > 3 {
				return fmt.Errorf("%q is no origin: write scheme://host[:port]", o)
			}
			cfg.Origins = append(cfg.Origins, o)
		}
		return nil
	})
	fs.IntVar(&cfg.ReadRate, "read-rate", cfg.ReadRate, "API reads (GET) one IP address may make per second (then 429; with PostgreSQL, over all instances)")
	fs.IntVar(&cfg.ReadBurst, "read-burst", cfg.ReadBurst, "API reads one IP address may make at once beyond -read-rate")
	fs.Int64Var(&cfg.MaxBody, "max-body", cfg.MaxBody, "largest request body, bytes (then 413)")
	fs.IntVar(&cfg.MaxConns, "max-conns", cfg.MaxConns, "HTTP connections open at once, event streams not counted; at the cap the longest idle one is closed for a new one")
	fs.DurationVar(&cfg.HeaderTimeout, "header-timeout", cfg.HeaderTimeout, "time to read a request's headers")
	fs.DurationVar(&cfg.ReadTimeout, "read-timeout", cfg.ReadTimeout, "time to read a whole request")
	fs.DurationVar(&cfg.WriteTimeout, "write-timeout", cfg.WriteTimeout, "time to write a response (event streams: each event)")
	fs.DurationVar(&cfg.IdleTimeout, "idle-timeout", cfg.IdleTimeout, "time a kept-alive connection may wait for its next request")
	var (
		addr     = fs.String("addr", "127.0.0.1:0", "address to listen on (port 0: a free port)")
		dbPath   = fs.String("db", "dsq.db", "SQLite file, or a postgres:// URL")
		engines  = fs.Int("ai-engines", max(1, runtime.GOMAXPROCS(0)), "AI engines (searches at once)")
		queue    = fs.Int("ai-queue", 64, "AI moves waiting beyond the running ones (then 503)")
		hashMiB  = fs.Int("ai-hash", 16, "transposition table of each engine, MiB")
		reviews  = fs.Int("review-queue", ai.DefaultBackground, "reviews of finished games queued or computed at once, below the AI moves (more: done when asked for)")
		drain    = fs.Duration("drain", 20*time.Second, "the most a shutdown waits for requests and AI moves")
		logLevel = fs.String("log", "info", "log level: debug, info, warn or error")
		memLimit = fs.Int("mem-limit", -1, "soft memory limit for the Go runtime, MiB (-1: the AI tables + the endgame tables + 32; 0: none)")
		egtbDir  = fs.String("egtb", "", "directory of endgame tables (standard rules) for the AI and the analysis, solved there at the first start (default: egtb beside the SQLite database, or in the working directory; \"\": none)")
	)
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		return fmt.Errorf("-log: %w", err)
	}
	log := slog.New(slog.NewJSONHandler(stdout, &slog.HandlerOptions{Level: level}))
	cfg.Logger = log
	if cfg.MaxConns <= 0 {
		return fmt.Errorf("-max-conns must be at least 1")
	}
	egtbSet := false
	fs.Visit(func(f *flag.Flag) { egtbSet = egtbSet || f.Name == "egtb" })
	if !egtbSet {
		*egtbDir = defaultTablesDir(*dbPath)
	}

	// The AI tables are long-lived heap: without a limit the collector
	// would let garbage grow to as much again before collecting. With
	// -mem-limit -1 and endgame tables, the limit is set once they are
	// loaded, their size added: a solve's working memory is not capped.
	limitBase := 0 // the limit without the endgame tables, MiB, when the loader sets it
	if *memLimit != 0 {
		old := debug.SetMemoryLimit(-1) // reads it
		defer debug.SetMemoryLimit(old)
	}
	switch {
	case *memLimit > 0:
		debug.SetMemoryLimit(int64(*memLimit) << 20)
	case *memLimit < 0 && *egtbDir == "":
		debug.SetMemoryLimit(int64(*engines**hashMiB+32) << 20)
	case *memLimit < 0:
		limitBase = *engines**hashMiB + 32
	}

	db, err := store.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	cfg.Store = db
	// The players' presence, kept in the database for every instance on it:
	// a player connected to one is connected on all.
	if cfg.Streams <= 0 {
		cfg.Streams = httpapi.DefaultConfig().Streams
	}
	hub := live.New(cfg.Streams)
	cfg.Hub = hub
	shareCtx, stopSharing := context.WithCancel(context.Background())
	sharing := httpapi.SharePresence(shareCtx, hub, db, live.DefaultBeat, log)
	// This instance's players leave the records before the database closes.
	defer func() { stopSharing(); <-sharing }()

	if store.IsPostgres(*dbPath) { // the rate limits, counted for all instances
		if cfg.LimitDB, err = httpapi.OpenLimitDB(ctx, *dbPath); err != nil {
			return err
		}
		defer cfg.LimitDB.Close()
	}
	pool := ai.WithBackground(*engines, *queue, *hashMiB, *reviews)
	cfg.Pool = pool
	s := httpapi.NewServer(cfg)

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		pool.Close(context.Background())
		return err
	}
	srv, ln := s.HTTPServer(ln)

	listenCtx, stopListen := context.WithCancel(context.Background())
	defer stopListen()
	go db.Listen(listenCtx, s.Changed) // other instances' changes (PostgreSQL)
	go s.SweepLimits(listenCtx)
	go s.SweepClocks(listenCtx, time.Second) // flags that fall in games nobody reads
	fmt.Fprintf(stdout, "Dou Shou Qi server on http://%s/\n", ln.Addr())
	log.Info("listening", "addr", ln.Addr().String(), "db", dbKind(*dbPath),
		"aiEngines", *engines, "aiQueue", *queue, "aiHashMiB", *hashMiB)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	// The endgame tables are solved or loaded while the site serves: the AI
	// plays without them until they are ready.
	loading := tablesLoader{dir: *egtbDir, log: log, server: s, limitBase: limitBase}
	loadCtx, stopLoading := context.WithCancel(context.Background())
	loaded := make(chan struct{})
	go func() { defer close(loaded); loading.run(loadCtx) }()
	defer func() { stopLoading(); <-loaded }() // a solve stops between two tables
	s.Resume(ctx)                              // AI moves and reviews left undone by a stop (after the first line: its log follows it)

	select {
	case err := <-served:
		pool.Close(context.Background())
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), *drain)
	defer cancel()
	err = srv.Shutdown(sctx) // no new requests; those in flight finish
	s.Shutdown()             // the lobby lets this instance's seeks go, before the store closes
	if perr := pool.Close(sctx); err == nil {
		err = perr // queued AI moves are played and stored
	}
	s.DrainReplies() // and the replies waiting for their level's least time
	if errors.Is(err, context.DeadlineExceeded) {
		log.Warn("shutdown: drain time over")
	}
	log.Info("stopped", "idleConnsClosedForRoom", s.IdleClosed())
	return err
}

func dbKind(dsn string) string {
	if store.IsPostgres(dsn) {
		return "postgres"
	}
	return "sqlite:" + dsn
}
