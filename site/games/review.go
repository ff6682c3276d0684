package games

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/record"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/review"
)

// reviewClaim is how long a process holds the job of a game's review in
// the database: if it stops before storing the review, another process (or
// this one, restarted) takes the job up after this.
const reviewClaim = 5 * time.Minute

// Reviewed is a finished game's review as Service.Review finds it.
type Reviewed struct {
	// Review is the stored review (package review's JSON), nil until it is
	// computed.
	Review []byte
	// Pending, with no Review, is true while the review is queued or being
	// computed, here or by another process; false when the review queue
	// is full: asking again queues it once there is room.
	Pending bool
}

// Review returns the review of finished game id, and queues its computation
// when nobody is at it (a game that ended while the queue was full, or
// before a restart). A game not over is a Conflict refusal.
func (s *Service) Review(ctx context.Context, id string) (*Reviewed, error) {
	g, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !g.IsOver() {
		return nil, Refuse(CodeConflict, "the game is not over: its review comes when it ends")
	}
	stored, claimed, err := s.cfg.Store.Review(ctx, id, time.Now())
	if err != nil {
		return nil, err
	}
	switch {
	case stored != nil:
		return &Reviewed{Review: stored}, nil
	case claimed || s.reviewingHere(id):
		return &Reviewed{Pending: true}, nil
	}
	return &Reviewed{Pending: s.queueReview(g)}, nil
}

// Exported is a game's record as Service.Record writes it.
type Exported struct {
	Text []byte // the record (RULES.md, "Game records")
	// Reviewed is true when Text carries the engine's review: marks,
	// evaluations and better moves (review.Annotate).
	Reviewed bool
}

// Record returns game id's record: annotated with the engine's review once
// the game is over and its review stored, the plain record before (a game
// going on, a review not yet computed). It queues nothing: the review is
// queued when the game ends, or asked for (Review). A stored review that
// does not fit the game is logged and the plain record returned.
func (s *Service) Record(ctx context.Context, id string) (*Exported, error) {
	g, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	headed := withHeader(g)
	plain := &Exported{Text: []byte(recordOf(g, record.FromGame(headed)))}
	if !g.IsOver() {
		return plain, nil
	}
	stored, _, err := s.cfg.Store.Review(ctx, id, time.Now())
	if err != nil || stored == nil {
		return plain, err
	}
	var rv review.Review
	err = json.Unmarshal(stored, &rv)
	var a *record.Game
	if err == nil {
		a, err = review.Annotate(headed, &rv)
	}
	var text []byte
	if err == nil {
		addClocks(g, a)
		text, err = a.MarshalText()
	}
	if err != nil {
		s.cfg.Log.Error("record: the stored review", "game", id, "err", errors.Join(errReviewUnfit, err))
		return plain, nil
	}
	return &Exported{Text: text, Reviewed: true}, nil
}

// withHeader returns a copy of g's library game carrying the record's
// header, as chess records have it: the event (how the game was played),
// the date it began (UTC), each side's player (the AI with its level and
// name) and the time control ("300+3": seconds and increment; "1d": days
// per move; "-": none).
func withHeader(g *Game) *dsq.Game {
	c := g.play.Clone()
	tags := map[string]string{
		"Event":       map[Mode]string{AI: "Against the AI", Online: "Online game", Local: "Game on one device"}[g.Mode],
		"Site":        "Dou Shou Qi",
		"Date":        g.Created.UTC().Format("2006.01.02"),
		"Time":        g.Created.UTC().Format("15:04:05"),
		"TimeControl": timeControlTag(g.Clock.Control),
	}
	for _, side := range []dsq.Color{dsq.Red, dsq.Blue} {
		name := "Player"
		if g.Mode == AI && side == g.AIColor {
			name = fmt.Sprintf("AI, level %d", g.Level)
			if l, err := LevelOf(g.Level); err == nil && l.Name != "" {
				name += " (" + l.Name + ")"
			}
		}
		tags[map[dsq.Color]string{dsq.Red: "Red", dsq.Blue: "Blue"}[side]] = name
	}
	for k, v := range tags {
		if _, set := c.Tag(k); !set && v != "" {
			_ = c.SetTag(k, v) // names and values above are one line of printable text
		}
	}
	return c
}

// timeControlTag writes tc as a record's TimeControl tag: "300+3" (base
// and increment in seconds), "1d" (days per move), "-" (none).
func timeControlTag(tc TimeControl) string {
	switch {
	case tc.PerMove > 0:
		return tc.String()
	case tc.Base > 0:
		return fmt.Sprintf("%d+%d", tc.Base/time.Second, tc.Increment/time.Second)
	}
	return "-"
}

// addClocks writes the time each side had left, in a game with a clock, as
// a comment after the last move ("[%clk red 0:04:58] [%clk blue 0:03:12]"):
// the times at the end of a finished game, or when the record was asked
// for during one. The site keeps each side's time left, not its time at
// every move.
func addClocks(g *Game, a *record.Game) {
	if g.Clock.Control.IsZero() || len(a.Moves) == 0 {
		return
	}
	now := time.Now()
	toMove := g.Position().SideToMove()
	var parts []string
	for _, side := range []dsq.Color{dsq.Red, dsq.Blue} {
		left := g.Clock.Remaining(side, toMove, now)
		parts = append(parts, fmt.Sprintf("[%%clk %s %d:%02d:%02d]", side, int(left.Hours()), int(left.Minutes())%60, int(left.Seconds())%60))
	}
	last := a.Moves[len(a.Moves)-1]
	last.After = strings.TrimSpace(last.After + " " + strings.Join(parts, " "))
}

// recordOf writes a, g's record, with the clocks' times (addClocks).
func recordOf(g *Game, a *record.Game) string {
	addClocks(g, a)
	text, err := a.MarshalText()
	if err != nil { // a game the library keeps is one its record holds
		return g.play.Record()
	}
	return string(text)
}

// errReviewUnfit marks a stored review that cannot annotate its game.
var errReviewUnfit = errors.New("the review does not fit the game")

func (s *Service) reviewingHere(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reviewing[id]
}

// queueReview has finished game g reviewed, as a background task of the AI
// pool (below every AI move), unless this process or another is at it or
// has done it. It reports false only when the pool's background queue is
// full: then the review is done later, when asked for (Review) or after a
// restart (Resume).
func (s *Service) queueReview(g *Game) bool {
	if !g.IsOver() {
		return false
	}
	if s.cfg.Pool.BackgroundFree() == 0 {
		s.cfg.Log.Info("review: queue full, later on request", "game", g.ID)
		return false
	}
	s.mu.Lock()
	if s.reviewing[g.ID] {
		s.mu.Unlock()
		return true
	}
	s.reviewing[g.ID] = true
	s.mu.Unlock()

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	now := time.Now()
	mine, err := s.cfg.Store.ClaimReview(ctx, g.ID, now, now.Add(reviewClaim))
	if err != nil || !mine { // done, or another process is at it
		if err != nil {
			s.cfg.Log.Error("review: claim", "game", g.ID, "err", err)
		}
		s.unmarkReview(g.ID)
		return err == nil
	}
	r, err := review.New(g.play, review.Options{Nodes: s.cfg.ReviewNodes, Tables: s.tables()})
	if err != nil {
		s.cfg.Log.Error("review", "game", g.ID, "err", err)
		s.endReview(g.ID)
		return false
	}
	task := func(ctx context.Context, e *search.Engine) bool {
		if err := r.Step(ctx, e); err != nil {
			s.cfg.Log.Error("review: search", "game", g.ID, "err", err)
			s.endReview(g.ID)
			return false
		}
		if !r.Done() {
			return true
		}
		s.saveReview(g.ID, r)
		return false
	}
	if err := s.cfg.Pool.Background(task); err != nil {
		s.cfg.Log.Info("review: queue full, later on request", "game", g.ID, "err", err)
		s.endReview(g.ID)
		return false
	}
	return true
}

// saveReview stores r's review of game id.
func (s *Service) saveReview(id string, r *review.Reviewer) {
	defer s.unmarkReview(id)
	out, err := r.Result()
	var data []byte
	if err == nil {
		data, err = json.Marshal(out)
	}
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		err = s.cfg.Store.SaveReview(ctx, id, data)
	}
	if err != nil {
		s.cfg.Log.Error("review: store", "game", id, "err", err)
		return
	}
	if s.reviewed != nil {
		s.reviewed(id)
	}
}

// endReview gives up the review of game id: its claim is released, so
// that the next request, here or elsewhere, queues it again.
func (s *Service) endReview(id string) {
	defer s.unmarkReview(id)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.cfg.Store.ReleaseReview(ctx, id); err != nil {
		s.cfg.Log.Error("review: release", "game", id, "err", err)
	}
}

func (s *Service) unmarkReview(id string) {
	s.mu.Lock()
	delete(s.reviewing, id)
	s.mu.Unlock()
}

// resumeReviews queues the reviews of finished games that have none and
// nobody at them (after a restart), as far as the background queue has
// room; the others are done when asked for.
func (s *Service) resumeReviews(ctx context.Context) {
	ids, err := s.cfg.Store.Unreviewed(ctx, time.Now(), s.cfg.Pool.BackgroundFree())
	if err != nil {
		s.cfg.Log.Error("resume reviews", "err", err)
		return
	}
	for _, id := range ids {
		g, err := s.load(ctx, id, false)
		if err != nil { // a record that cannot be replayed has no review: it is skipped
			s.cfg.Log.Warn("resume review: the game cannot be loaded", "game", id, "err", err)
			continue
		}
		s.queueReview(g)
	}
}

// releaseReviews gives up the reviews this process has not finished (on
// shutdown, the pool closed): another process, or this one restarted,
// takes them up at once.
func (s *Service) releaseReviews() {
	s.mu.Lock()
	var ids []string
	for id := range s.reviewing {
		ids = append(ids, id)
	}
	s.mu.Unlock()
	for _, id := range ids {
		s.endReview(id)
	}
}
