package httpapi

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/site/store"
)

// The states of the endgame tables that /healthz reports.
const (
	TablesNone    = "none"    // the site has none (no -egtb)
	TablesLoading = "loading" // being solved or loaded: the AI plays without them meanwhile
	TablesReady   = "ready"   // the AI and the analysis use them
	TablesFailed  = "failed"  // loading failed: the site runs without them
)

// tableSet hands the endgame tables to the requests and the AI: set once
// (SetTables) while any number of them read it.
type tableSet struct {
	tables atomic.Pointer[endgame.Tables]
	state  atomic.Value // string: one of the Tables* states
}

func newTableSet(ts *endgame.Tables) *tableSet {
	t := &tableSet{}
	t.tables.Store(ts)
	t.state.Store(TablesNone)
	if ts != nil {
		t.state.Store(TablesReady)
	}
	return t
}

// get returns the tables ready now, or nil.
func (t *tableSet) get() *endgame.Tables { return t.tables.Load() }

// TablesLoading says that the endgame tables are being solved or loaded
// and will come with SetTables (or TablesFailed); /healthz says so.
func (s *Server) TablesLoading() { s.tables.state.Store(TablesLoading) }

// SetTables hands over endgame tables (standard rules) made ready after the
// server started: the AI moves and reviews that start afterwards, and the
// analysis, use them. It may be called while the server serves; the tables
// must not change afterwards.
func (s *Server) SetTables(ts *endgame.Tables) {
	s.tables.tables.Store(ts)
	if ts == nil {
		s.tables.state.Store(TablesNone)
		return
	}
	s.tables.state.Store(TablesReady)
}

// TablesFailed says that loading the endgame tables failed: the site goes on
// without them, and /healthz says so.
func (s *Server) TablesFailed() { s.tables.state.Store(TablesFailed) }

// TablesState returns the state of the endgame tables: TablesNone,
// TablesLoading, TablesReady or TablesFailed.
func (s *Server) TablesState() string { return s.tables.state.Load().(string) }

// storeCheckTimeout bounds the store's check of /healthz.
const storeCheckTimeout = 2 * time.Second

// healthAnswer is the answer of /healthz (API.md, Health).
type healthAnswer struct {
	Status string   `json:"status"`         // "ok", or "down"
	Down   []string `json:"down,omitempty"` // what is down: "store"
	Store  string   `json:"store"`          // "ok" or "down"
	Tables string   `json:"endgameTables"`  // TablesNone, TablesLoading, TablesReady or TablesFailed
}

// health answers whether the site can serve games: 200 when the store
// answers a query within storeCheckTimeout and, on SQLite, takes a write
// too (checkWrite), else 503 naming it. The
// endgame tables' state is reported but never makes the site unhealthy:
// games are played without them.
func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	ans := healthAnswer{Status: "ok", Store: "ok", Tables: s.TablesState()}
	err := s.checkStore(r.Context())
	if err == nil && !s.cfg.Store.Shared() {
		err = s.checkWrite(r.Context())
	}
	if err != nil {
		s.logger(r).Error("health: store down", "err", err)
		ans.Status, ans.Store, ans.Down = "down", "down", []string{"store"}
		writeJSON(w, http.StatusServiceUnavailable, ans)
		return
	}
	writeJSON(w, http.StatusOK, ans)
}

// checkStore reads a game that never exists (an id is 32 hex digits): a
// lookup of the primary key, the cheapest query the store has, through the
// same connections as the games.
func (s *Server) checkStore(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, storeCheckTimeout)
	defer cancel()
	_, err := s.cfg.Store.Get(ctx, "healthz")
	if err == nil || errors.Is(err, store.ErrNotFound) {
		return nil // the store answered
	}
	return err
}

// checkWrite has the store take a write (store.Ping) within
// storeCheckTimeout. On SQLite every write of the process waits its turn,
// and a write waits for a lock held elsewhere: a check that does not
// finish in time reports the store down and is left to finish alone, and
// while it has not, the next checks report it down at once, so that a
// hung store never piles up checks.
func (s *Server) checkWrite(ctx context.Context) error {
	if !s.writeCheck.TryLock() {
		return errors.New("the last write check has not finished")
	}
	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), writeCheckLimit)
		err := s.cfg.Store.Ping(ctx)
		cancel()
		// Free the check before answering: the caller's next check, sent
		// once this answer is read, must find it free.
		s.writeCheck.Unlock()
		done <- err // buffered: never blocks
	}()
	timer := time.NewTimer(storeCheckTimeout)
	defer timer.Stop()
	select {
	case err := <-done:
		return err
	case <-timer.C:
		return errors.New("the store took no write within " + storeCheckTimeout.String())
	case <-ctx.Done():
		return ctx.Err()
	}
}

// writeCheckLimit bounds a write check left to finish alone.
const writeCheckLimit = time.Minute

// live answers that the process serves HTTP, and nothing more: no store,
// no AI, so that it stays cheap and a restart is only asked for a process
// that no longer answers.
func (s *Server) live(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
