// Command server is the Dou Shou Qi play site built on the doushouqi
// library: games against the AI, on one device, or online between two
// people, stored in SQLite (a file, the default) or PostgreSQL (several
// instances on one database), with live updates, site statistics and the web
// page. The HTTP API is in API.md.
//
//	cd examples/server && go run . [-addr 127.0.0.1:8080] [-db dsq.db | -db postgres://...] [-egtb DIR]
//
// With -egtb DIR the AI plays solved endings perfectly and the analysis
// (/api/analysis, the page's Learn panel) says who wins them and how: DIR
// holds endgame tables made by go run ./examples/egtb (standard rules); if
// it has none, every ending of up to three pieces is solved into it at
// start-up (about 15 s on two cores before the URL is printed, 117 MiB,
// kept in memory).
//
// It listens on a free port unless -addr says otherwise and prints its URL.
// SIGINT or SIGTERM drain the requests in flight and finish the AI moves
// queued, then stop.
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/doushouqi/doushouqi/examples/server/ai"
	"github.com/doushouqi/doushouqi/examples/server/live"
	"github.com/doushouqi/doushouqi/examples/server/review"
	"github.com/doushouqi/doushouqi/examples/server/store"
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
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	fs.SetOutput(stdout)
	var (
		addr     = fs.String("addr", "127.0.0.1:0", "address to listen on (port 0: a free port)")
		dbPath   = fs.String("db", "dsq.db", "SQLite file, or a postgres:// URL")
		engines  = fs.Int("ai-engines", max(1, runtime.GOMAXPROCS(0)), "AI engines (searches at once)")
		queue    = fs.Int("ai-queue", 64, "AI moves waiting beyond the running ones (then 503)")
		hashMiB  = fs.Int("ai-hash", 16, "transposition table of each engine, MiB")
		aiTime   = fs.Duration("ai-time", 2*time.Second, "the most one AI move may take")
		reviews  = fs.Int("review-queue", ai.DefaultBackground, "reviews of finished games queued or computed at once, below the AI moves (more: done when asked for)")
		revNodes = fs.Uint64("review-nodes", review.DefaultNodes, "node budget of each search of a game's review")
		cache    = fs.Int("cache", 1000, "games kept in memory")
		watchers = fs.Int("watchers", 10_000, "live event streams at once (then 503)")
		perIP    = fs.Int("watchers-per-ip", 16, "live event streams of one IP address at once (then 429)")
		ipHeader = fs.String("client-ip-header", "", "behind a load balancer: the header it writes the client's address in (its last entry counts), e.g. X-Forwarded-For")
		create   = fs.Int("create-limit", 30, "games one IP address may create per minute (then 429; with PostgreSQL, over all instances)")
		posts    = fs.Int("post-limit", 600, "POST requests (moves...) one IP address may send per minute (then 429; with PostgreSQL, over all instances)")
		maxBody  = fs.Int64("max-body", 4<<10, "largest request body, bytes (then 413)")
		maxConns = fs.Int("max-conns", 4096, "HTTP connections open at once, event streams not counted; at the cap the longest idle one is closed for a new one")
		drain    = fs.Duration("drain", 20*time.Second, "the most a shutdown waits for requests and AI moves")
		headerT  = fs.Duration("header-timeout", 5*time.Second, "time to read a request's headers")
		readT    = fs.Duration("read-timeout", 10*time.Second, "time to read a whole request")
		writeT   = fs.Duration("write-timeout", 30*time.Second, "time to write a response (event streams: each event)")
		idleT    = fs.Duration("idle-timeout", 60*time.Second, "time a kept-alive connection may wait for its next request")
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
	if *maxConns <= 0 { // before the tables, which may take minutes to solve
		return fmt.Errorf("-max-conns must be at least 1")
	}
	egtbSet := false
	fs.Visit(func(f *flag.Flag) { egtbSet = egtbSet || f.Name == "egtb" })
	if !egtbSet {
		*egtbDir = defaultTablesDir(*dbPath)
	}
	// The tables are never closed: they live as long as the process, whose
	// exit releases their mappings, and Close must not race a probe, which
	// a drain cut short by its time limit could still be making.
	tables, tablesDone, err := loadTables(*egtbDir)
	if err != nil {
		return err
	}

	// The AI tables are long-lived heap: without a limit the collector
	// would let garbage grow to as much again before collecting.
	if *memLimit < 0 {
		*memLimit = *engines**hashMiB + tablesMiB(tables) + 32
	}
	if *memLimit > 0 {
		old := debug.SetMemoryLimit(int64(*memLimit) << 20)
		defer debug.SetMemoryLimit(old)
	}

	db, err := store.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	var limitDB *sql.DB // the rate limits, counted for all instances (PostgreSQL)
	if store.IsPostgres(*dbPath) {
		if limitDB, err = openLimitDB(ctx, *dbPath); err != nil {
			return err
		}
		defer limitDB.Close()
	}
	pool := ai.WithBackground(*engines, *queue, *hashMiB, *reviews)
	hub := live.New(*watchers)
	s := NewServer(Config{Store: db, Pool: pool, Hub: hub, Logger: log, AITime: *aiTime,
		MaxBody: *maxBody, CreateLimit: *create, PostLimit: *posts, CacheSize: *cache, WriteTimeout: *writeT,
		StreamsPerClient: *perIP, ClientIPHeader: *ipHeader, Tables: tables, LimitDB: limitDB,
		ReviewNodes: *revNodes})

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		pool.Close(context.Background())
		return err
	}
	conns := newConnCap(*maxConns)
	ln = conns.listener(ln)
	srv := &http.Server{
		Handler:           s.Handler(),
		ConnState:         conns.connState,
		ReadHeaderTimeout: *headerT,
		ReadTimeout:       *readT,
		WriteTimeout:      *writeT, // event streams set their own per write
		IdleTimeout:       *idleT,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	srv.RegisterOnShutdown(s.Shutdown)

	listenCtx, stopListen := context.WithCancel(context.Background())
	defer stopListen()
	go db.Listen(listenCtx, s.Changed) // other instances' changes (PostgreSQL)
	go s.SweepLimits(listenCtx)
	fmt.Fprintf(stdout, "Dou Shou Qi server on http://%s/\n", ln.Addr())
	log.Info("listening", "addr", ln.Addr().String(), "db", dbKind(*dbPath),
		"aiEngines", *engines, "aiQueue", *queue, "aiHashMiB", *hashMiB)
	tablesDone.log(log)
	s.Resume(ctx) // AI moves and reviews left undone by a stop (after the first line: its log follows it)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

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
	if perr := pool.Close(sctx); err == nil {
		err = perr // queued AI moves are played and stored
	}
	s.DrainReplies() // and the replies waiting for their level's least time
	if errors.Is(err, context.DeadlineExceeded) {
		log.Warn("shutdown: drain time over")
	}
	_, evicted := conns.stats()
	log.Info("stopped", "idleConnsClosedForRoom", evicted)
	return err
}

func dbKind(dsn string) string {
	if store.IsPostgres(dsn) {
		return "postgres"
	}
	return "sqlite:" + dsn
}
