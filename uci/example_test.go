package uci_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/uci"
)

// firstMoveEngine is a tiny engine in the same process: it answers the
// handshake and plays the first legal move of the position it is given,
// reading commands from in and writing to out. Any program speaking the
// protocol (cmd/engine, through uci.Start) is driven the same way.
func firstMoveEngine(in io.Reader, out io.WriteCloser, bestmove func(dsq.Move) string) {
	defer out.Close()
	g := dsq.NewGame()
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		cmd, rest, _ := strings.Cut(sc.Text(), " ")
		switch cmd {
		case "uci":
			fmt.Fprintln(out, "id name first-move\noption name Hash type spin default 16 min 1 max 64\nuciok")
		case "isready":
			fmt.Fprintln(out, "readyok")
		case "position":
			g = dsq.NewGame()
			_, moves, _ := strings.Cut(rest, "moves")
			for _, m := range strings.Fields(moves) {
				_, _ = g.PlayText(m)
			}
		case "go":
			m := g.LegalMoves()[0]
			fmt.Fprintf(out, "info depth 1 score cp 25 nodes %d pv %v\n", len(g.LegalMoves()), m)
			fmt.Fprintln(out, "bestmove", bestmove(m))
		case "quit":
			return
		}
	}
}

func Example() {
	cmdR, cmdW := io.Pipe() // the engine's input
	outR, outW := io.Pipe() // its output
	go firstMoveEngine(cmdR, outW, dsq.Move.String)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	e, err := uci.New(ctx, outR, cmdW, uci.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()
	fmt.Println("engine:", e.Name(), "options:", e.Options()[0].Name)

	if err := e.SetOption(ctx, "Hash", "32"); err != nil {
		fmt.Println(err)
		return
	}
	if err := e.NewGame(ctx); err != nil {
		fmt.Println(err)
		return
	}
	g := dsq.NewGame()
	for range 2 {
		if err := e.Position(ctx, g); err != nil {
			fmt.Println(err)
			return
		}
		res, err := e.Go(ctx, uci.Limits{MoveTime: 100 * time.Millisecond})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%v plays %v (%v, depth %d, %d nodes)\n", g.Position().SideToMove(), res.Move, res.Info.Score, res.Info.Depth, res.Info.Nodes)
		_ = g.Play(res.Move)
	}
	// Output:
	// engine: first-move options: Hash
	// red plays g3g2 (cp 25, depth 1, 24 nodes)
	// blue plays a7a6 (cp 25, depth 1, 24 nodes)
}

// An engine that names a move the rules refuse is reported, not believed.
func ExampleEngine_Go_illegalMove() {
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	go firstMoveEngine(cmdR, outW, func(dsq.Move) string { return "a1a3" })

	ctx := context.Background()
	e, err := uci.New(ctx, outR, cmdW, uci.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()
	_ = e.Position(ctx, dsq.NewGame())
	_, err = e.Go(ctx, uci.Limits{Depth: 3})
	fmt.Println(errors.Is(err, uci.ErrProtocol))
	fmt.Println(err)
	// Output:
	// true
	// uci: go: protocol error: a1a3 is not legal: doushouqi: illegal move a1a3: a piece moves one square up, down, left or right: "bestmove a1a3"
}

// An engine reads the commands with the Parse functions and answers with
// the typed messages' String.
func ExampleParseGo() {
	l, err := uci.ParseGo("go wtime 60000 btime 55000 winc 500 binc 500")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(l.Time[dsq.Red], l.Time[dsq.Blue], l.Inc[dsq.Red])
	fmt.Println(l)
	_, err = uci.ParseGo("go ponder")
	fmt.Println(err)
	// Output:
	// 1m0s 55s 500ms
	// go wtime 60000 btime 55000 winc 500 binc 500
	// protocol error: go: unknown limit "ponder"
}

func ExampleCmdPosition_Game() {
	c, err := uci.ParsePosition("position startpos moves a3a4 g7g6")
	if err != nil {
		fmt.Println(err)
		return
	}
	// The protocol carries no rules: the engine plays the moves under its
	// own (cmd/engine's Rules option).
	g, err := c.Game(dsq.Rules{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(g.Moves()), g.Position().SideToMove())
	fmt.Println(uci.PositionOf(g))
	_, err = uci.CmdPosition{Moves: c.Moves[:1]}.Game(dsq.Rules{})
	fmt.Println(err)
	bad, _ := uci.ParsePosition("position startpos moves a3a4 a4a6")
	_, err = bad.Game(dsq.Rules{})
	fmt.Println(err != nil)
	// Output:
	// 2 red
	// position startpos moves a3a4 g7g6
	// <nil>
	// true
}

func ExampleInfo_String() {
	a3a4, _ := dsq.ParseMove("a3a4")
	info := uci.Info{Depth: 9, MultiPV: 2, HasScore: true, Score: uci.Score{Value: -15}, Nodes: 250000, PV: []dsq.Move{a3a4}}
	fmt.Println(info)
	fmt.Println(uci.BestMove{Move: a3a4})
	back, _ := uci.ParseInfo(info.String())
	fmt.Println(back.MultiPV, back.Score)
	// Output:
	// info depth 9 multipv 2 score cp -15 nodes 250000 pv a3a4
	// bestmove a3a4
	// 2 cp -15
}
