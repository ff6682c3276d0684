package doushouqi_test

import (
	"encoding/json"
	"errors"
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
)

// Play a few moves, see one refused with its reason, and read the outcome.
func Example() {
	pos := dsq.StartPosition()
	for _, s := range []string{"a3a4", "a7a6"} {
		m, _ := dsq.ParseMove(s)
		if err := pos.Play(m); err != nil {
			fmt.Println(err)
		}
	}
	m, _ := dsq.ParseMove("c3c4") // the wolf would step into the river
	err := pos.Play(m)
	fmt.Println(err)
	fmt.Println(errors.Is(err, dsq.ErrWater))
	fmt.Println(pos)
	fmt.Println(len(pos.LegalMoves()), "legal moves;", pos.Outcome())
	// Output:
	// doushouqi: illegal move c3c4: the wolf cannot enter the water: only the rat may be on water
	// true
	// l5t/1d3c1/2p1w1e/r6/7/E6/2W1P1R/1C3D1/T5L r 2 2
	// 23 legal moves; undecided
}

func ExampleParsePosition() {
	pos, err := dsq.ParsePosition("7/3D3/7/7/7/7/7/7/l6 r 12 30")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pos.SideToMove(), pos.NoCaptureHalfMoves(), pos.MoveNumber(), pos.PieceAt(dsq.D8))

	_, err = dsq.ParsePosition("7/3D3/7/7/7/7/7/7/l5x r 12 30")
	fmt.Println(err)
	fmt.Println(errors.Is(err, dsq.ErrLetter))
	// Output:
	// red 12 30 red dog
	// doushouqi: ParsePosition: parsing "7/3D3/7/7/7/7/7/7/l5x r 12 30": unknown piece letter: 'x' on rank 1
	// true
}

func ExampleParseMove() {
	m, err := dsq.ParseMove("b3b7")
	fmt.Println(m.From(), m.To(), err)
	_, err = dsq.ParseMove("b3")
	fmt.Println(err)
	// Output:
	// b3 b7 <nil>
	// doushouqi: ParseMove: parsing "b3": syntax error: want 4 characters, have 2
}

func ExampleParseSquare() {
	sq, _ := dsq.ParseSquare("d4")
	fmt.Println(sq, int(sq), sq.File(), sq.Rank(), dsq.Water.Has(sq))
	// Output: d4 24 3 3 false
}

func ExamplePosition_Play() {
	// A rat on b5 blocks the lion's jump from b3 to b7.
	pos, _ := dsq.ParsePosition("l6/7/7/7/1r5/7/1L5/7/7 r")
	m, _ := dsq.ParseMove("b3b7")
	err := pos.Play(m)
	fmt.Println(err, errors.Is(err, dsq.ErrJumpBlocked))

	var me *dsq.MoveError
	if errors.As(err, &me) {
		fmt.Println("refused:", me.Move)
	}
	// Output:
	// doushouqi: illegal move b3b7: the rat on b5 blocks the lion's jump true
	// refused: b3b7
}

func ExamplePosition_LegalTargets() {
	// What a board highlights when Red's lion on b3 is selected.
	pos, _ := dsq.ParsePosition("l6/7/7/7/7/7/1L5/7/7 r")
	for sq := range pos.LegalTargets(dsq.B3).Squares() {
		fmt.Print(sq, " ")
	}
	fmt.Println()
	// Output: b2 a3 c3 b7
}

func ExamplePosition_AppendLegalMoves() {
	pos := dsq.StartPosition()
	var buf [dsq.MaxMoves]dsq.Move // no allocation
	moves := pos.AppendLegalMoves(buf[:0])
	fmt.Println(len(moves), moves[0], moves[len(moves)-1])
	// Output: 24 g3g2 a3a4
}

func ExamplePosition_MakeMove() {
	pos := dsq.StartPosition()
	before := pos
	m, _ := dsq.ParseMove("e3d3")
	undo := pos.MakeMove(m) // unchecked: m must be legal
	fmt.Println(pos.SideToMove(), pos.Hash() != before.Hash())
	pos.UnmakeMove(m, undo)
	fmt.Println(pos == before)
	// Output:
	// blue true
	// true
}

func ExamplePosition_Outcome() {
	pos, _ := dsq.ParsePosition("7/3D3/7/7/7/7/7/7/l6 r 59 40")
	m, _ := dsq.ParseMove("d8d9") // into Blue's den, on the 60th quiet half-move
	_ = pos.Play(m)
	out := pos.Outcome()
	fmt.Println(out, out.IsDecided(), out.Winner, len(pos.LegalMoves()))
	// Output: red wins: den entered true red 0
}

func ExamplePerft() {
	pos := dsq.StartPosition()
	for depth := 1; depth <= 4; depth++ {
		fmt.Println(depth, dsq.Perft(pos, depth))
	}
	// Output:
	// 1 24
	// 2 576
	// 3 12240
	// 4 260099
}

func ExampleDivide() {
	pos, _ := dsq.ParsePosition("l6/7/7/7/7/7/1L5/7/7 r")
	for _, d := range dsq.Divide(pos, 2) {
		fmt.Println(d.Move, d.Nodes)
	}
	// Output:
	// b3a3 2
	// b3b2 2
	// b3b7 2
	// b3c3 2
}

func ExampleNewPosition() {
	var s dsq.Setup
	s.Board[dsq.B3] = dsq.NewPiece(dsq.Red, dsq.Lion)
	s.Board[dsq.A9] = dsq.NewPiece(dsq.Blue, dsq.Lion)
	s.MoveNumber = 1
	pos, err := dsq.NewPosition(s)
	fmt.Println(pos, err)

	s.Board[dsq.B4] = dsq.NewPiece(dsq.Red, dsq.Cat)
	_, err = dsq.NewPosition(s)
	fmt.Println(err)
	// Output:
	// l6/7/7/7/7/7/1L5/7/7 r 0 1 <nil>
	// doushouqi: invalid position: red cat on b4: only the rat may be on water
}

// The example of the README, kept compiling and checked here.
func Example_readme() {
	pos := dsq.StartPosition()
	m, _ := dsq.ParseMove("a3a4")
	if err := pos.Play(m); err != nil { // checked: says why, changes nothing
		fmt.Println(err)
	}

	m, _ = dsq.ParseMove("a7a5")
	err := pos.Play(m)
	fmt.Println(err)
	fmt.Println(errors.Is(err, dsq.ErrNotAStep))

	for sq := range pos.LegalTargets(dsq.C7).Squares() { // what a UI highlights
		fmt.Println("the leopard on c7 may go to", sq)
	}
	fmt.Println(pos.Outcome(), dsq.Perft(pos, 3))

	var buf [dsq.MaxMoves]dsq.Move // search: no allocation
	for _, m := range pos.AppendLegalMoves(buf[:0]) {
		undo := pos.MakeMove(m) // unchecked: m must be legal
		// ... search below ...
		pos.UnmakeMove(m, undo)
	}
	// Output:
	// doushouqi: illegal move a7a5: a piece moves one square up, down, left or right
	// true
	// the leopard on c7 may go to b7
	// the leopard on c7 may go to d7
	// the leopard on c7 may go to c8
	// undecided 11730
}

// Games held by value in a map: a snapshot taken before a take-back keeps
// its moves, and a tag set on one copy stays on it.
func ExampleGame_copies() {
	rooms := map[string]dsq.Game{}
	var g dsq.Game
	for _, s := range []string{"a3a4", "a7a6", "g3g4"} {
		g.PlayText(s)
	}
	rooms["r1"] = g

	snap := rooms["r1"] // a copy: nothing done to cur reaches it
	cur := rooms["r1"]
	cur.Undo()
	cur.PlayText("b2b3")
	cur.SetTag("Event", "take-back")
	rooms["r1"] = cur

	fmt.Println(snap.Moves(), snap.Tags())
	fmt.Println(rooms["r1"].Moves(), rooms["r1"].Tags())
	// Output:
	// [a3a4 a7a6 g3g4] map[]
	// [a3a4 a7a6 b2b3] map[Event:take-back]
}

// A position under house rules writes them as a fifth field of its
// notation, so its text and JSON read back under the same rules: here 70
// half-moves without a capture, which Standard rules would have drawn.
func ExamplePosition_String() {
	pos, _ := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36")
	fmt.Println(pos, "|", pos.Outcome())
	house, _ := pos.WithRules(dsq.Rules{MoveLimit: 200})
	fmt.Println(house, "|", house.Outcome())

	data, _ := json.Marshal(house)
	var back dsq.Position
	json.Unmarshal(data, &back)
	fmt.Println(string(data), back == house, back.Outcome())
	// Output:
	// l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36 | draw: no-capture move limit
	// l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36 move-limit=200 | undecided
	// "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36 move-limit=200" true undecided
}

// A game as a server runs it: moves from text, a refused move with its
// reason, a takeback, a draw offer that lapses, a resignation after which
// the game offers no moves, a record saved and loaded.
func ExampleGame() {
	var g dsq.Game // the zero Game: a standard game from the start position
	_ = g.SetTag("Red", "alice")
	_ = g.SetTag("Blue", "bob")
	_ = g.SetTag("Date", "2026.11.29")

	for _, s := range []string{"a3a4", "a7a6", "g3g4"} {
		if _, err := g.PlayText(s); err != nil {
			fmt.Println(err)
		}
	}
	_, err := g.PlayText("g7f6") // diagonal
	fmt.Println(err)

	fmt.Println(g.Undo(), len(g.Moves())) // take back g3g4

	fmt.Println(g.OfferDraw(dsq.Red))
	_, _ = g.PlayText("g3g4") // Red moves on; the offer stands
	_, _ = g.PlayText("g7g6") // Blue moves instead of answering: the offer lapses
	_, pending := g.DrawOffer()
	fmt.Println("offer pending:", pending)

	fmt.Println(g.Resign(dsq.Blue), g.Outcome())
	fmt.Println(len(g.LegalMoves()), "legal moves once over")

	record := g.Record()
	fmt.Print(record)
	loaded, err := dsq.ParseRecord(record)
	fmt.Println(err, loaded.Outcome(), len(loaded.Moves()))
	// Output:
	// doushouqi: illegal move g7f6: a piece moves one square up, down, left or right
	// <nil> 2
	// <nil>
	// offer pending: false
	// <nil> red wins: resignation
	// 0 legal moves once over
	// [Date "2026.11.29"]
	// [Red "alice"]
	// [Blue "bob"]
	// [Start "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"]
	// [Result "red wins: resignation"]
	//
	// 1. a3a4 a7a6 2. g3g4 g7g6 1-0
	// <nil> red wins: resignation 4
}

func ExampleParseRecord() {
	_, err := dsq.ParseRecord("[Result \"*\"]\n\n1. a3a4 a7a6 2. b3b7 *\n")
	fmt.Println(err)
	_, err = dsq.ParseRecord("[Result \"red wins: resignation\"]\n\n1. a3a4 a7a6\n") // cut short
	fmt.Println(err)
	// Output:
	// doushouqi: game record line 3: move 2 (red) "b3b7": illegal move b3b7: there is no piece on b3
	// doushouqi: game record line 3: the moves do not end with a result token (1-0, 0-1, 1/2-1/2 or *): the record is cut short
}

func ExampleGame_MarshalJSON() {
	g := dsq.NewGame()
	m, _ := dsq.ParseMove("a3a4")
	_ = g.Play(m)
	data, _ := json.Marshal(g)
	fmt.Println(string(data))
	// Output: {"start":"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1","moves":["a3a4"],"result":"*"}
}

func ExampleTerrainOf() {
	for _, sq := range []dsq.Square{dsq.D1, dsq.D8, dsq.C5, dsq.D5} {
		fmt.Printf("%s: red %s, blue %s\n", sq, dsq.TerrainOf(sq, dsq.Red), dsq.TerrainOf(sq, dsq.Blue))
	}
	// Output:
	// d1: red own den, blue enemy den
	// d8: red enemy trap, blue own trap
	// c5: red water, blue water
	// d5: red land, blue land
}

func ExamplePosition_Attackers() {
	// Blue's lion stands in Red's trap d2: it has rank 0 there.
	pos, _ := dsq.ParsePosition("7/7/7/7/7/7/3R3/2ClD2/E6 b")
	for sq := range pos.Attackers(dsq.D2, dsq.Red).Squares() {
		fmt.Println(pos.PieceAt(sq), "on", sq, "can take it")
	}
	// Output:
	// red cat on c2 can take it
	// red dog on e2 can take it
	// red rat on d3 can take it
}

func ExamplePosition_Threatened() {
	// Blue's lion can jump the river onto Red's tiger on f3; Red's rat
	// swims beside Blue's rat, which can take it (rat against rat in the
	// water).
	pos, _ := dsq.ParsePosition("7/7/5l1/7/1rR4/7/5T1/7/7 r")
	for sq := range pos.Threatened(dsq.Red).Squares() {
		fmt.Println(pos.PieceAt(sq), "on", sq, "is threatened")
	}
	// Output:
	// red tiger on f3 is threatened
	// red rat on c5 is threatened
}

func ExamplePosition_Controllers() {
	// Who would take a Blue elephant stepping into Red's trap d2?
	pos, _ := dsq.ParsePosition("l6/7/7/7/7/7/3R3/2C4/7 b")
	fmt.Println(pos.Controllers(dsq.D2, dsq.Red, dsq.Elephant).Count(), "guards")
	// Output: 2 guards
}

func ExamplePosition_DenThreats() {
	// Red's dog on d8 threatens Blue's den; Blue's cat can take it, since it
	// stands in Blue's trap.
	pos, _ := dsq.ParsePosition("7/2cD3/7/7/7/7/7/7/l6 b")
	fmt.Println(pos.DenThreats(dsq.Red), pos.DenDefences())
	// Output: [d8d9] [c8d8]
}

func ExamplePosition_RiverJump() {
	pos, _ := dsq.ParsePosition("l6/7/7/7/1r5/7/1L5/7/7 r")
	j, _ := pos.RiverJump(dsq.B3, dsq.Up)
	fmt.Println(j.From, "->", j.To, "over", j.Path.Count(), "water squares, blocked by the rat on", j.BlockedBy)
	// Output: b3 -> b7 over 3 water squares, blocked by the rat on b5
}

// House rules: a piece in an enemy trap captures at full rank, and 200
// quiet half-moves draw instead of 60.
func ExampleRules() {
	rules := dsq.Rules{TrappedCapture: true, MoveLimit: 200}
	fmt.Println(rules, rules.Validate())
	fmt.Println(dsq.Standard, dsq.Rules{} == dsq.Standard)
	fmt.Println(dsq.Rules{SwapDogWolf: true}.Rank(dsq.Dog), dsq.Standard.Rank(dsq.Dog))
	fmt.Println(dsq.Rules{MoveLimit: -5}.Validate())
	// Output:
	// trapped-capture,move-limit=200 <nil>
	// standard true
	// 4 3
	// doushouqi: invalid rules: move limit -5, want -1 (none), 0 (60) or 1..10000
}

func ExampleParseRules() {
	rules, err := dsq.ParseRules("swap-dog-wolf,no-move-limit,threefold")
	fmt.Println(rules.SwapDogWolf, rules.MoveLimit == dsq.NoMoveLimit, rules.Threefold, err)
	_, err = dsq.ParseRules("chess")
	fmt.Println(err)
	// Output:
	// true true true <nil>
	// doushouqi: ParseRules: parsing "chess": invalid rules: unknown option "chess"
}

// The same position under two rules: the elephant in Blue's trap d8 cannot
// take the wolf by the standard rules, and can when trapped pieces capture.
func ExamplePosition_WithRules() {
	pos, _ := dsq.ParsePosition("7/3E3/3w3/7/7/7/7/7/T6 r")
	m, _ := dsq.ParseMove("d8d7")
	fmt.Println(pos.CheckMove(m))
	house, _ := pos.WithRules(dsq.Rules{TrappedCapture: true})
	fmt.Println(house.CheckMove(m), house.Rules())
	// Output:
	// doushouqi: illegal move d8d7: the elephant stands in an enemy trap (rank 0) and cannot capture
	// <nil> trapped-capture
}

// A game under threefold repetition: the lions shuffle back and forth, and
// the third occurrence of the start draws.
func ExampleNewGameRules() {
	g, err := dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{Threefold: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{"g1f1", "a9b9", "f1g1", "b9a9", "g1f1", "a9b9", "f1g1", "b9a9"} {
		if _, err := g.PlayText(s); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(g.Outcome(), len(g.LegalMoves()))
	fmt.Print(g.Record())
	// Output:
	// draw: threefold repetition 0
	// [Rules "threefold"]
	// [Start "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"]
	// [Result "draw: threefold repetition"]
	//
	// 1. g1f1 a9b9 2. f1g1 b9a9 3. g1f1 a9b9 4. f1g1 b9a9 1/2-1/2
}

func ExampleGame_PlayText() {
	var g dsq.Game
	m, err := g.PlayText("a3a4")
	fmt.Println(m, err)
	_, err = g.PlayText("b8b7x")
	fmt.Println(err)
	_, err = g.PlayText("a4a5") // Blue to move
	fmt.Println(err)
	// Output:
	// a3a4 <nil>
	// doushouqi: move "b8b7x": syntax error: want 4 characters, have 5
	// doushouqi: illegal move a4a5: that piece is Red's
}

func ExampleGame_LegalTargets() {
	var g dsq.Game
	var targets []dsq.Square
	for sq := range g.LegalTargets(dsq.A3).Squares() { // the elephant's steps
		targets = append(targets, sq)
	}
	fmt.Println(targets)
	_ = g.Resign(dsq.Red)
	fmt.Println(g.LegalTargets(dsq.A3).Count(), "after a resignation")
	// Output:
	// [a2 b3 a4]
	// 0 after a resignation
}

func ExampleOutcome_MarshalJSON() {
	o := dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Red}
	data, _ := json.Marshal(o)
	fmt.Println(string(data))
	data, _ = json.Marshal(map[dsq.Outcome]int{o: 12})
	fmt.Println(string(data))
	// Output:
	// {"reason":"den entered","winner":"red"}
	// {"red wins: den entered":12}
}

func ExampleParseRecordJSON() {
	_, err := dsq.ParseRecordJSON([]byte(`{"moves":["a3a4"],"result":"red wins: den entered"}`))
	fmt.Println(err)
	_, err = dsq.ParseRecordJSON([]byte(`{"moves":["a3a4"`)) // cut short
	fmt.Println(err)
	g, err := dsq.ParseRecordJSON([]byte(`{"moves":["a3a4","a7a6"],"result":"blue wins: resignation"}`))
	fmt.Println(g.Outcome(), err)
	// Output:
	// doushouqi: game record: result "red wins: den entered", but the moves give "*"
	// doushouqi: game record: JSON: unexpected end of JSON input
	// blue wins: resignation <nil>
}

func ExampleGame_Undo() {
	// Blue's dog stands in Red's trap on d2, next to Red's den; Red's cat on
	// e2 can take it there. Red moves the lion instead, and Blue wins.
	start, _ := dsq.ParsePosition("6l/7/7/7/L6/7/7/3dC2/7 r 0 1")
	g, _ := dsq.NewGameFrom(start)
	_, _ = g.PlayText("a5a6")
	_, _ = g.PlayText("d2d1")
	lost := *g // a copy keeps the lost game
	fmt.Println(g.Outcome())

	// Take back Blue's winning move, then Red's blunder, and play the cat.
	if err := g.Undo(); err != nil {
		fmt.Println(err)
	}
	if err := g.Undo(); err != nil {
		fmt.Println(err)
	}
	fmt.Println(g.Outcome(), len(g.Moves()))
	_, err := g.PlayText("e2d2")
	fmt.Println(err, g.Position().PieceAt(dsq.D2))
	fmt.Println(lost.Outcome(), lost.Moves())
	// Output:
	// blue wins: den entered
	// undecided 0
	// <nil> red cat
	// blue wins: den entered [a5a6 d2d1]
}

func ExampleGame_Forfeit() {
	// A server's clock ran out for Blue; the Result tag carries the reason.
	var g dsq.Game
	_, _ = g.PlayText("a3a4")
	fmt.Println(g.Forfeit(dsq.Blue, dsq.Resigned)) // Resign says that
	if err := g.Forfeit(dsq.Blue, dsq.TimeForfeit); err != nil {
		fmt.Println(err)
	}
	fmt.Println(g.Outcome())

	// A forfeit is taken back like a resignation.
	if err := g.Undo(); err != nil {
		fmt.Println(err)
	}
	fmt.Println(g.IsOver(), len(g.Moves()))
	// Output:
	// doushouqi: forfeit: not a reason to forfeit: resignation
	// red wins: time forfeit
	// false 1
}

func ExampleGame_DrawOffer() {
	var g dsq.Game
	fmt.Println(g.DrawOffer())
	_ = g.OfferDraw(dsq.Red)
	fmt.Println(g.DrawOffer())
	_ = g.AcceptDraw(dsq.Blue)
	fmt.Println(g.Outcome(), g.Outcome().Winner)
	// Output:
	// none false
	// red true
	// draw: agreed none
}

func ExampleJumps() {
	for to := range dsq.Jumps(dsq.D5).Squares() {
		path, _ := dsq.JumpPath(dsq.D5, to)
		fmt.Print(to, " over")
		for sq := range path.Squares() {
			fmt.Print(" ", sq)
		}
		fmt.Println()
	}
	// Output:
	// a5 over b5 c5
	// g5 over e5 f5
}

func ExampleSteps() {
	for sq := range dsq.Steps(dsq.A1).Squares() {
		fmt.Println(sq)
	}
	// Output:
	// b1
	// a2
}

func ExampleCanCapture() {
	rat := dsq.NewPiece(dsq.Red, dsq.Rat)
	elephant := dsq.NewPiece(dsq.Blue, dsq.Elephant)
	fmt.Println(dsq.CanCapture(dsq.Standard, rat, dsq.A4, elephant, dsq.A5)) // rule 4: the rat takes the elephant
	fmt.Println(dsq.CanCapture(dsq.Standard, elephant, dsq.A5, rat, dsq.A4)) // and not the other way round
	fmt.Println(dsq.CanCapture(dsq.Standard, rat, dsq.B4, elephant, dsq.B3)) // rule 1: not from the water onto land
	// Output:
	// true
	// false
	// false
}

func ExampleRefusals() {
	for r := range dsq.Refusals() {
		fmt.Printf("%s: %s\n", r.Code(), r)
	}
	// Output:
	// game-over: the game is over
	// empty-square: no piece on the from square
	// not-your-piece: that piece belongs to the side not to move
	// not-a-step: a piece moves one square up, down, left or right
	// not-a-jumper: only the lion and the tiger jump the river
	// jump-blocked: a rat in the water blocks the jump
	// own-den: no piece may enter its own den
	// water: only the rat may be on water
	// own-piece: a piece cannot capture its own side
	// water-land-capture: no capture between water and land
	// trapped-attacker: a piece in an enemy trap cannot capture
	// elephant-rat: the elephant cannot capture the rat
	// rank-too-low: a piece cannot capture a higher rank
}

func ExampleMoveError_Refusal() {
	pos := dsq.StartPosition()
	err := pos.Play(dsq.NewMove(dsq.C3, dsq.C4)) // Red's wolf into the river
	var me *dsq.MoveError
	if errors.As(err, &me) {
		fmt.Println(me.Refusal().Code())
		fmt.Println(me.Refusal())
		fmt.Println(me.Reason())
		fmt.Println(errors.Is(err, dsq.ErrWater))
	}
	// Output:
	// water
	// only the rat may be on water
	// the wolf cannot enter the water: only the rat may be on water
	// true
}

func ExampleRefusalOf() {
	err := fmt.Errorf("move 12: %w", dsq.ErrRankTooLow)
	fmt.Println(dsq.RefusalOf(err).Code())
	fmt.Println(dsq.RefusalOf(dsq.ErrSyntax) == dsq.NoRefusal)
	// Output:
	// rank-too-low
	// true
}

func ExampleAnimal_CanJump() {
	for a := range dsq.Animal(dsq.NumAnimals) {
		if a.CanJump() {
			fmt.Println(a)
		}
	}
	// Output:
	// tiger
	// lion
}

// Count how often a position has occurred, and see when a draw by
// repetition may be claimed under rules that leave it to the players.
func ExampleGame_Repetitions() {
	g := dsq.NewGame() // standard rules: no automatic threefold
	for _, m := range []string{"a3a4", "a7a6", "a4a3", "a6a7", "a3a4", "a7a6", "a4a3"} {
		if _, err := g.PlayText(m); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(g.Repetitions(), g.CanClaimThreefold()) // a6a7 would bring the start a third time
	_, _ = g.PlayText("a6a7")
	fmt.Println(g.Repetitions(), g.CanClaimThreefold(), g.IsOver())
	// Output:
	// 2 true
	// 3 true false
}

// Mirror reflects the board left to right; the game is the same.
func ExamplePosition_Mirror() {
	pos, _ := dsq.ParsePosition("7/7/7/7/7/7/7/1R5/L6 r 3 12")
	mirror := pos.Mirror()
	fmt.Println(mirror)
	fmt.Println(len(pos.LegalMoves()), len(mirror.LegalMoves()), mirror.Mirror() == pos)
	// Output:
	// 7/7/7/7/7/7/7/5R1/6L r 3 12
	// 6 6 true
}

// SwapColors exchanges the sides: the start position swapped has the
// start's board, with Blue to move.
func ExamplePosition_SwapColors() {
	pos, _ := dsq.ParsePosition("l6/7/7/7/7/7/7/2R4/7 b 0 7")
	swapped := pos.SwapColors()
	fmt.Println(swapped)
	fmt.Println(dsq.StartPosition().SwapColors())
	// Output:
	// 7/4r2/7/7/7/7/7/7/6L r 0 7
	// l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1
}
