package search_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/search"
)

func ExampleEngine_Search() {
	// Red's dog is one step from Blue's den.
	pos, _ := dsq.ParsePosition("l6/3D3/7/7/7/7/7/7/6L r")
	engine := search.NewEngine(16)
	r, err := engine.Search(context.Background(), pos, search.Options{Depth: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Move, r.Score > search.Win-10)
	// Output: d8d9 true
}

func ExampleNewEngineWithTable() {
	// A server makes one table for every room; each room's engine uses it
	// and holds almost nothing while it waits for a move.
	table, err := search.NewTable(4)
	if err != nil {
		fmt.Println(err)
		return
	}
	rooms := []*search.Engine{search.NewEngineWithTable(table), search.NewEngineWithTable(table)}
	pos, _ := dsq.ParsePosition("l6/3D3/7/7/7/7/7/7/6L r")
	for _, room := range rooms {
		r, err := room.Search(context.Background(), pos, search.Options{Depth: 3})
		fmt.Println(r.Move, err)
	}
	_, err = search.NewTable(1 << 22)
	fmt.Println(err)
	// Output:
	// d8d9 <nil>
	// d8d9 <nil>
	// search: invalid options: table of 4194304 MiB, want 1..4096
}

func ExampleEngine_SearchGame() {
	// Under threefold repetition, Red (a rat against three pieces) draws by
	// moving the rat back to a1 for the third time.
	start, _ := dsq.ParsePosition("l5t/7/6e/7/7/7/7/7/R6 b 0 1")
	g, _ := dsq.NewGameRules(start, dsq.Rules{Threefold: true})
	for _, s := range []string{"g9g8", "a1a2", "g8g9", "a2a1", "g9g8", "a1a2", "g8g9"} {
		m, _ := dsq.ParseMove(s)
		_ = g.Play(m)
	}
	r, err := search.NewEngine(16).SearchGame(context.Background(), g, search.Options{Depth: 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = g.Play(r.Move)
	fmt.Println(r.Move, r.Score, g.Outcome())
	// Output: a2a1 0 draw: threefold repetition
}

func ExamplePlayGame() {
	// The engine at depth 3 against a random player with a fixed seed (the
	// zero RandomPlayer draws from the global source).
	ai := search.EnginePlayer{Engine: search.NewEngine(16), Options: search.Options{Depth: 3}}
	random := search.RandomPlayer{Rand: rand.New(rand.NewPCG(1, 2))}
	g, err := search.PlayGame(context.Background(), dsq.StartPosition(), ai, random, 500)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Outcome().Winner)
	// Output: red
}

func ExampleGreedyPlayer() {
	// The greedy player takes a win in one.
	pos, _ := dsq.ParsePosition("l6/3D3/7/7/7/7/7/7/6L r")
	m, _ := search.GreedyPlayer{}.Move(context.Background(), pos)
	fmt.Println(m)
	// Output: d8d9
}

func ExampleOptions_tables() {
	// Solve a red elephant and lion against a blue elephant (and the
	// smaller endings its captures lead to); go -C cmd run ./egtb stores
	// every ending of up to three pieces, to be read with endgame.Open.
	tables, _ := endgame.NewTables(dsq.Standard)
	m, _ := endgame.ParseMaterial("ELve")
	if err := tables.Generate([]endgame.Material{m}, endgame.Options{}); err != nil {
		fmt.Println(err)
		return
	}
	engine := search.NewEngine(16)
	for _, s := range []string{
		"7/7/2e4/7/E6/L6/7/7/7 b 0 1",  // Blue wins in 17 half-moves (to its capture or den entry)
		"7/7/2e4/7/E6/L6/7/7/7 b 50 1", // 10 half-moves before the move limit: a draw
	} {
		pos, _ := dsq.ParsePosition(s)
		r, err := engine.Search(context.Background(), pos, search.Options{Depth: 8, Tables: tables})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(r.Move, r.Endgame, r.Score == search.Win-17, r.Score)
	}
	// Output:
	// c7d7 true true 999983
	// c7b7 true false 0
}
