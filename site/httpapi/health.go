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
// answers a query within storeCheckTimeout, else 503 naming it. The
// endgame tables' state is reported but never makes the site unhealthy:
// games are played without them.
func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	ans := healthAnswer{Status: "ok", Store: "ok", Tables: s.TablesState()}
	if err := s.checkStore(r.Context()); err != nil {
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

// live answers that the process serves HTTP, and nothing more: no store,
// no AI, so that it stays cheap and a restart is only asked for a process
// that no longer answers.
func (s *Server) live(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
