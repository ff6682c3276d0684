package doushouqi_test

import (
	"fmt"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
)

// BenchmarkGameCopy times what a snapshot costs: b := a, then both play on
// from the same point with different moves, after 40 and 200 moves.
func BenchmarkGameCopy(b *testing.B) {
	line := benchLine(b, 201)
	for _, n := range []int{40, 200} {
		b.Run(fmt.Sprintf("moves=%d", n), func(b *testing.B) {
			a := benchGame(b)
			for _, m := range line[:n] {
				if err := a.Play(m); err != nil {
					b.Fatal(err)
				}
			}
			moves := a.LegalMoves()
			if len(moves) < 2 {
				b.Fatal("fewer than two moves to branch on")
			}
			b.ReportAllocs()
			for b.Loop() {
				x := *a
				y := *a
				if err := x.Play(moves[0]); err != nil {
					b.Fatal(err)
				}
				if err := y.Play(moves[1]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGameClone times Clone of a game of 200 moves.
func BenchmarkGameClone(b *testing.B) {
	line := benchLine(b, 200)
	g := benchGame(b)
	for _, m := range line {
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	var c *dsq.Game
	for b.Loop() {
		c = g.Clone()
	}
	_ = c
}

// BenchmarkGameHistory times reading back a game of 200 moves: its moves,
// and the position after each.
func BenchmarkGameHistory(b *testing.B) {
	line := benchLine(b, 200)
	g := benchGame(b)
	for _, m := range line {
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("Moves", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if len(g.Moves()) != len(line) {
				b.Fatal("wrong number of moves")
			}
		}
	})
	b.Run("PositionAfter", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range len(line) + 1 {
				if _, ok := g.PositionAfter(i); !ok {
					b.Fatal("missing position")
				}
			}
		}
	})
}
