package record_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/record"
)

// A game annotated with a comment, a mark and a variation, written as a
// record.
func ExampleGame_MarshalText() {
	g := dsq.NewGame()
	_ = g.SetTag("Red", "alice")
	_ = g.SetTag("Blue", "bob")
	for _, m := range []string{"a3a4", "a7a6", "g3g4"} {
		if _, err := g.PlayText(m); err != nil {
			panic(err)
		}
	}
	a := record.FromGame(g)
	a.Comment = "a quiet opening"
	a.Moves[0].Mark = record.Interesting
	a.Moves[0].After = "the rat sets out"
	a.Moves[0].Variations = [][]*record.Node{{
		{Move: dsq.NewMove(dsq.G3, dsq.G4), After: "more usual"},
		{Move: dsq.NewMove(dsq.G7, dsq.G6), Mark: record.Dubious},
	}}
	text, err := a.MarshalText()
	if err != nil {
		panic(err)
	}
	fmt.Print(string(text))
	// Output:
	// [Red "alice"]
	// [Blue "bob"]
	// [Start "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"]
	// [Result "*"]
	//
	// {a quiet opening} 1. a3a4!? {the rat sets out} (1. g3g4 {more usual} 1... g7g6?!) 1... a7a6 2. g3g4 *
}

// Reading an annotated record: the tree with its annotations, and the main
// line as a game. dsq.ParseRecord reads the same text as the main line.
func ExampleParse() {
	text := `[Red "alice"]
[Result "*"]

1. a3a4!? {the rat sets out} (1. g3g4 {more usual} 1... g7g6?!) 1... a7a6 *
`
	a, err := record.Parse(text)
	if err != nil {
		panic(err)
	}
	first := a.Moves[0]
	fmt.Printf("%s%s {%s}\n", first.Move, first.Mark, first.After)
	for _, n := range first.Variations[0] {
		fmt.Printf("  variation: %s%s {%s}\n", n.Move, n.Mark, n.After)
	}
	g, err := a.Game()
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Moves(), g.Tags()["Red"])
	plain, err := dsq.ParseRecord(text)
	fmt.Println(plain.Moves(), err)
	// Output:
	// a3a4!? {the rat sets out}
	//   variation: g3g4 {more usual}
	//   variation: g7g6?! {}
	// [a3a4 a7a6] alice
	// [a3a4 a7a6] <nil>
}

// Reading the games of a file one after another. A bad record is reported
// with its line, and the reader goes on with the next one.
func ExampleReader() {
	file := `[Event "one"]

1. a3a4 a7a6 *

[Event "two"]

1. a3a5 *

[Event "three"]
[Result "red wins: resignation"]

1. g3g4 1-0
`
	r := record.NewReader(strings.NewReader(file))
	for {
		a, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(a.Tags["Event"], len(a.Moves), "moves,", a.Outcome)
	}
	// Output:
	// one 2 moves, undecided
	// error: doushouqi: game record from line 5: line 7: move 1 (red) "a3a5": illegal move a3a5: a piece moves one square up, down, left or right
	// three 1 moves, red wins: resignation
}

// Reading the tags of each game without its moves, which are skipped
// unread: a game is picked by its tags at a small part of the cost of
// reading it.
func ExampleReader_ReadHeader() {
	file := `[Event "club"]
[Red "alice"]
[Result "red wins: resignation"]

1. a3a4 {an opening} a7a6 (1... g7g6) 2. g3g4 1-0

[Event "club"]
[Red "bob"]
[Result "*"]

1. a3a4 $14 *
`
	r := record.NewReader(strings.NewReader(file))
	for {
		h, err := r.ReadHeader()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(h.Line, h.Tags["Red"], h.Tags["Result"])
	}
	// Output:
	// 1 alice red wins: resignation
	// 7 bob *
}

// A record longer than the reader's limit is refused, and the reader goes
// on with the next one.
func ExampleMaxRecordSize() {
	file := "[Event \"long\"]\n[Note \"" + strings.Repeat("x", 100) + "\"]\n\n*\n\n[Event \"short\"]\n\n*\n"
	r := record.NewReader(strings.NewReader(file), record.MaxRecordSize(64))
	for {
		a, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(a.Tags["Event"])
	}
	// Output:
	// error: doushouqi: game record from line 1: line 2: the record is longer than the limit of 64 bytes
	// short
}
