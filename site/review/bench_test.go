package review_test

import (
	"context"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/review"
)

// BenchmarkReviewGame reviews an 80-half-move engine game at the default
// budget (Options.Nodes 0; Game clears the table before each search): the
// time a finished game waits for its review when the AI has nothing else
// to do. Run it with
//
//	go test -run '^$' -bench ReviewGame -benchtime 3x ./review
func BenchmarkReviewGame(b *testing.B) {
	g, err := search.PlayGame(context.Background(), dsq.StartPosition(),
		search.EnginePlayer{Options: search.Options{Nodes: 3000}}, search.EnginePlayer{Options: search.Options{Nodes: 2000}}, 80)
	if err != nil {
		b.Fatal(err)
	}
	if !g.IsOver() {
		if err := g.Resign(dsq.Red); err != nil {
			b.Fatal(err)
		}
	}
	engine := search.NewEngine(16)
	marks := 0
	for b.Loop() {
		r, err := review.Game(context.Background(), engine, g, review.Options{})
		if err != nil {
			b.Fatal(err)
		}
		marks = 0
		for _, m := range r.Moves {
			if m.Mark {
				marks++
			}
		}
	}
	b.ReportMetric(float64(len(g.Moves())), "half-moves")
	b.ReportMetric(float64(marks), "marks")
}
