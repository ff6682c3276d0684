package doushouqi_test

import (
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// Fuzz targets. Each asserts invariants, not only the absence of a panic.
// Seed corpora: the f.Add calls below and testdata/fuzz/<target>/.
//
//	go test -run '^$' -fuzz FuzzParsePosition -fuzztime 20s

// packageSentinels are every sentinel error the package returns.
var packageSentinels = []error{
	dsq.ErrSyntax, dsq.ErrSquare, dsq.ErrRankCount, dsq.ErrFileCount, dsq.ErrLetter,
	dsq.ErrSide, dsq.ErrCounter, dsq.ErrDuplicateAnimal, dsq.ErrBothDens,
	dsq.ErrGameOver, dsq.ErrEmptySquare, dsq.ErrNotYourPiece, dsq.ErrNotAStep,
	dsq.ErrOwnDen, dsq.ErrWater, dsq.ErrJumpBlocked, dsq.ErrOwnPiece,
	dsq.ErrWaterLandCapture, dsq.ErrTrappedAttacker, dsq.ErrElephantRat, dsq.ErrRankTooLow,
	dsq.ErrNotAJumper, dsq.ErrNotAPosition, dsq.ErrRules, dsq.ErrTag, dsq.ErrRecord,
	dsq.ErrNothingToUndo, dsq.ErrNoDrawOffer, dsq.ErrDrawOffered, dsq.ErrBadColor,
}

func wrapsSentinel(err error) bool {
	for _, s := range packageSentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

func FuzzParsePosition(f *testing.F) {
	f.Add(dsq.StartNotation)
	f.Add("l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L w")
	f.Add("7/7/7/2r4/7/7/7/7/L6 b 60 99")
	f.Add("3D3/7/7/7/7/7/7/7/l6 b 3 2")
	f.Add("l2D3/7/7/7/7/7/7/7/3t3 r 0 1")
	f.Add("l5t/1d3c1/r1p1w1e/7/1D5/7/E1W1P1R/1C5/T5L r 0 1")
	f.Add("8/7/7/7/7/7/7/7/7 r -1 0")
	f.Add("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36 move-limit=200")
	f.Add("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1 trapped-capture,swap-dog-wolf,no-move-limit")
	f.Add("\uFEFF" + dsq.StartNotation)
	f.Add(dsq.StartNotation + " threefold")
	f.Fuzz(func(t *testing.T, s string) {
		pos, err := dsq.ParsePosition(s)
		if err != nil {
			if !wrapsSentinel(err) {
				t.Fatalf("ParsePosition(%q) = %v, which wraps no sentinel", s, err)
			}
			var pe *dsq.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParsePosition(%q) error %T is not a *ParseError", s, err)
			}
			if pos != (dsq.Position{}) {
				t.Fatalf("ParsePosition(%q) returned a position with its error", s)
			}
			return
		}
		if err := pos.CheckConsistency(); err != nil {
			t.Fatalf("ParsePosition(%q): %v", s, err)
		}
		out := pos.String()
		again, err := dsq.ParsePosition(out)
		if err != nil {
			t.Fatalf("ParsePosition(%q).String() = %q does not parse: %v", s, out, err)
		}
		if again != pos {
			t.Fatalf("round trip of %q: %q parses to a different position", s, out)
		}
		if again.String() != out {
			t.Fatalf("formatting is not stable: %q then %q", out, again.String())
		}
		// The rules survive the text forms: the notation's fifth field is
		// there exactly when they are not Standard.
		if fields := len(strings.Fields(out)); fields != 4 && fields != 5 || (fields == 5) != (pos.Rules() != dsq.Standard) {
			t.Fatalf("ParsePosition(%q).String() = %q: %d fields under %v", s, out, fields, pos.Rules())
		}
		var back dsq.Position
		if text, err := pos.MarshalText(); err != nil || back.UnmarshalText(text) != nil || back != pos {
			t.Fatalf("MarshalText of %q does not read back: %q, %v", s, text, err)
		}
		data, err := json.Marshal(pos)
		if err != nil {
			t.Fatal(err)
		}
		var fromJSON dsq.Position
		if err := json.Unmarshal(data, &fromJSON); err != nil || fromJSON != pos {
			t.Fatalf("JSON %s of %q does not read back: %v", data, s, err)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a3a4", "b3b7", "g9g8", "a1a1", "h1a1", "a3a", "", "a3a4 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := dsq.ParseMove(s)
		if err != nil {
			if !wrapsSentinel(err) || m != dsq.NoMove {
				t.Fatalf("ParseMove(%q) = %v, %v", s, m, err)
			}
			// A length in the message counts characters.
			if _, have, ok := strings.Cut(err.Error(), "characters, have "); ok && have != strconv.Itoa(utf8.RuneCountInString(s)) {
				t.Fatalf("ParseMove(%q) = %v: %q has %d characters", s, err, s, utf8.RuneCountInString(s))
			}
			return
		}
		if m.String() != s {
			t.Fatalf("ParseMove(%q).String() = %q", s, m.String())
		}
		again, err := dsq.ParseMove(m.String())
		if err != nil || again != m {
			t.Fatalf("ParseMove(%q) = %v, %v; want %v", m.String(), again, err, m)
		}
	})
}

// fuzzStarts are the positions FuzzPlay starts from, chosen by the first byte.
var fuzzStarts = []string{
	dsq.StartNotation,
	"l4t1/1d2wc1/2p1e2/r6/E6/7/4P2/CW2D2/1T2R1L r 30 16", // a middle game
	"7/3E3/3w3/7/7/7/7/7/T6 r 0 1",                       // a trapped elephant
	"l6/7/7/7/1r5/7/1L5/7/7 r 0 1",                       // a blocked jump
	"l6/7/7/2r4/2R4/7/7/7/7 r 55 1",                      // rats in water, near the move limit
	"7/3D3/7/7/7/7/7/7/l6 r 59 40",                       // a den entry on the last quiet move
	"rL5/7/D6/7/7/7/7/7/7 r 0 1",                         // a7a8 leaves the blue rat no move
}

// FuzzPlay drives a game with the bytes: each pair is a move attempt, legal
// or not (from = b0 % 64, to = b1 % 64; with b0's top bit set, the b1-th
// legal move instead). At every step it checks the invariants of RULES.md
// and of the API.
// FuzzParseRecord reads any text as a record: a refusal is a *RecordError
// (errors.Is ErrRecord) on one line starting "doushouqi: " with no game; a
// game read writes a record that reads back as the same game, is a fixed
// point, and survives JSON.
func FuzzParseRecord(f *testing.F) {
	for _, seed := range []string{
		"[Result \"*\"]\n\n*\n",
		"[Event \"club\"]\n[Red \"alice\"]\n[Result \"blue wins: resignation\"]\n\n1. a3a4 a7a6 2. g3g4 0-1\n",
		"1.a3a4 {a comment} 1... a7a6 ; rest\n2. g3g4 1/2-1/2\n",
		"[Rules \"threefold\"]\n\n1. a1a2 g9g8 2. a2a1 g8g9 3. a1a2 g9g8 4. a2a1 g8g9 1/2-1/2\n",
		"[Start \"7/3D3/7/7/7/7/7/7/l6 r 59 40\"]\n[Result \"red wins: den entered\"]\n\n40. d8d9 1-0\n",
		"[Start \"l6/7/7/7/7/7/7/7/2d1T2 r 59 40\"]\n\n40. e1f1 1/2-1/2\n",
		"[Start \"l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1\"]\n\n1... a7a6 2. g3g4 *\n",
		"[Rules \"trapped-capture,swap-dog-wolf,move-limit=200\"]\n\n1. a3a4 *\n",
		"[Result \"*\"]\n\n1... a3a4 *\n",
		"[Result \"*\"]\n\n1. a3a4 a7a6\n",
		"{unclosed",
		"[Start \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36 move-limit=200\"]\n[Rules \"move-limit=200,threefold\"]\n\n36. a3a4 *\n",
		"\uFEFF[Event \"bom\"]\n\n*\n",
		"[Event \"tab\\there\"]\n\n*\n",
		"[Red \"Ålice 中文 🐘\"]\n\n*\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := dsq.ParseRecord(text)
		if err != nil {
			var re *dsq.RecordError
			if g != nil || !errors.As(err, &re) || !errors.Is(err, dsq.ErrRecord) {
				t.Fatalf("ParseRecord(%q) = %v, %T %v", text, g, err, err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "doushouqi: ") || strings.ContainsAny(msg, "\n\r\x00\x1b") {
				t.Fatalf("ParseRecord(%q): error %q", text, msg)
			}
			return
		}
		out := g.Record()
		again, err := dsq.ParseRecord(out)
		if err != nil {
			t.Fatalf("ParseRecord(%q).Record() = %q does not load: %v", text, out, err)
		}
		if again.Record() != out {
			t.Fatalf("record not a fixed point: %q then %q", out, again.Record())
		}
		if !slices.Equal(g.Moves(), again.Moves()) || g.Outcome() != again.Outcome() || g.Position() != again.Position() || g.Rules() != again.Rules() || g.Start() != again.Start() {
			t.Fatalf("ParseRecord(%q) and its record differ", text)
		}
		// Tags survive, and hold only what the one tag check lets in.
		if !maps.Equal(g.Tags(), again.Tags()) {
			t.Fatalf("ParseRecord(%q): tags %v, then %v", text, g.Tags(), again.Tags())
		}
		for name, value := range g.Tags() {
			if !utf8.ValidString(value) || strings.ContainsFunc(value, unicode.IsControl) {
				t.Fatalf("ParseRecord(%q): tag %s = %q", text, name, value)
			}
			if err := dsq.NewGame().SetTag(name, value); err != nil {
				t.Fatalf("ParseRecord(%q) took tag %s = %q, which SetTag refuses: %v", text, name, value, err)
			}
		}
		// The start position's rules are the game's, Threefold aside.
		positionRules := g.Rules()
		positionRules.Threefold = false
		if g.Start().Rules() != positionRules {
			t.Fatalf("ParseRecord(%q): start under %v, game under %v", text, g.Start().Rules(), g.Rules())
		}
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatalf("json.Marshal: %v", err)
		}
		fromJSON, err := dsq.ParseRecordJSON(data)
		if err != nil {
			t.Fatalf("ParseRecordJSON(%s): %v", data, err)
		}
		if fromJSON.Record() != out || !maps.Equal(fromJSON.Tags(), g.Tags()) || fromJSON.Start() != g.Start() {
			t.Fatalf("JSON %s loads as %q, want %q", data, fromJSON.Record(), out)
		}
	})
}

func FuzzPlay(f *testing.F) {
	f.Add([]byte{0, 0x80, 3, 0x80, 7, 16, 23, 0x80, 1})
	f.Add([]byte{1, 0x80, 0, 0x80, 0, 0x80, 0, 0x80, 0})
	f.Add([]byte{2, 52, 45, 52, 51})
	f.Add([]byte{3, 15, 43, 0x80, 2})
	f.Add([]byte{4, 30, 37, 0x80, 0, 0x80, 0})
	f.Add([]byte{5, 52, 59, 0x80, 0})
	f.Add([]byte{5, 52, 51})                                               // a quiet move at 59: drawn by the limit
	f.Add([]byte{6, 42, 49})                                               // Blue is left with no legal move
	f.Add([]byte{4, 0x80, 1, 0x80, 1, 0x80, 1, 0x80, 1, 0x80, 1, 0x80, 1}) // rats swim to the limit
	f.Fuzz(func(t *testing.T, data []byte) { fuzzPlay(t, data) })
}

// fuzzPlay is FuzzPlay's body: it returns the position the bytes lead to.
func fuzzPlay(t *testing.T, data []byte) dsq.Position {
	if len(data) == 0 {
		return dsq.Position{}
	}
	pos, err := dsq.ParsePosition(fuzzStarts[int(data[0])%len(fuzzStarts)])
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i+1 < len(data) && i < 120; i += 2 { // at most 60 attempts
		checkPlayInvariants(t, &pos)
		var m dsq.Move
		if data[i]&0x80 != 0 {
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				return pos
			}
			m = moves[int(data[i+1])%len(moves)]
		} else {
			m = dsq.Move(uint16(data[i]%64) | uint16(data[i+1]%64)<<6)
		}
		before := pos
		err := pos.Play(m)
		if err != nil {
			if pos != before {
				t.Fatalf("Play(%v) refused (%v) but changed %s into %s", m, err, &before, &pos)
			}
			if !wrapsSentinel(err) {
				t.Fatalf("Play(%v) = %v, which wraps no sentinel", m, err)
			}
			continue
		}
		if pos == before {
			t.Fatalf("Play(%v) accepted but changed nothing", m)
		}
	}
	checkPlayInvariants(t, &pos)
	return pos
}

// TestFuzzPlaySeedsReachEveryEnd replays FuzzPlay's seed corpus and checks
// that its games end in each way a game can end by the rules: the fuzzer
// starts from games that reach the den, no legal move and the move limit.
func TestFuzzPlaySeedsReachEveryEnd(t *testing.T) {
	files, err := filepath.Glob("testdata/fuzz/FuzzPlay/*")
	require.NoError(t, err)
	reached := map[dsq.Reason][]string{}
	for _, name := range files {
		text, err := os.ReadFile(name)
		require.NoError(t, err)
		_, value, ok := strings.Cut(string(text), "[]byte(")
		require.True(t, ok, "%s: a corpus file with one []byte value", name)
		data, err := strconv.Unquote(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), ")")))
		require.NoError(t, err, name)
		pos := fuzzPlay(t, []byte(data))
		reached[pos.Outcome().Reason] = append(reached[pos.Outcome().Reason], filepath.Base(name))
	}
	for _, r := range []dsq.Reason{dsq.DenEntered, dsq.NoLegalMove, dsq.MoveLimit} {
		assert.NotEmpty(t, reached[r], "no seed of testdata/fuzz/FuzzPlay ends by %v (reached: %v)", r, reached)
	}
}

func checkPlayInvariants(t *testing.T, pos *dsq.Position) {
	t.Helper()
	if err := pos.CheckConsistency(); err != nil {
		t.Fatalf("%s: %v", pos, err)
	}
	moves := pos.LegalMoves()
	if (len(moves) == 0) != pos.Outcome().IsDecided() {
		t.Fatalf("%s: %d legal moves but outcome %v", pos, len(moves), pos.Outcome())
	}
	var accepted []dsq.Move
	for from := range dsq.Square(dsq.NumSquares) {
		for to := range dsq.Square(dsq.NumSquares) {
			m := dsq.NewMove(from, to)
			legal := pos.IsLegal(m)
			if legal != (pos.CheckMove(m) == nil) {
				t.Fatalf("%s: IsLegal(%v) = %v but CheckMove says %v", pos, m, legal, pos.CheckMove(m))
			}
			if legal {
				accepted = append(accepted, m)
			}
		}
	}
	slices.Sort(accepted)
	sorted := slices.Clone(moves)
	slices.Sort(sorted)
	if !slices.Equal(sorted, accepted) {
		t.Fatalf("%s: generated %v, IsLegal accepts %v", pos, sorted, accepted)
	}
	for _, m := range moves {
		before := *pos
		u := pos.MakeMove(m)
		if err := pos.CheckConsistency(); err != nil {
			t.Fatalf("%s after %v: %v", &before, m, err)
		}
		pos.UnmakeMove(m, u)
		if *pos != before {
			t.Fatalf("make/unmake %v: %s, want %s", m, pos, &before)
		}
	}
}

// FuzzRecordRoundTrip plays a random legal game from the fuzz bytes, with
// random rules, tags, draw offers, undos and endings (resignation, agreed
// draw, the rules' own), and checks that both record forms read back as
// the same game.
func FuzzRecordRoundTrip(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{2, 0, 0, 0, 0, 0, 0, 0, 5, 1, 7, 0})
	f.Add([]byte{1, 3, 0, 1, 0, 2, 5, 2, 0, 3, 1, 0, 6, 0})
	f.Add([]byte("\x04\x02Red\x00alice\x02Note\x00\xe4\xb8\xad\x00\x05\x01"))
	f.Add([]byte{7, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 9, 9})
	starts := []string{
		dsq.StartNotation,
		"7/7/3l3/7/7/7/3L3/7/7 r 0 1",
		"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 7",
		"7/7/3L3/7/7/7/7/7/e6 r 0 1",
		"2e4/7/7/7/7/7/7/7/2L4 b 55 30",
	}
	tagNames := []string{"Event", "Site", "Date", "Red", "Blue", "Note", "Round_2", "z"}
	f.Fuzz(func(t *testing.T, data []byte) {
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return int(b)
		}
		head := next()
		pos, err := dsq.ParsePosition(starts[head%len(starts)])
		require.NoError(t, err)
		rules := dsq.Rules{
			TrappedCapture: head&8 != 0,
			SwapDogWolf:    head&16 != 0,
			Threefold:      head&32 != 0,
			MoveLimit:      []int{0, dsq.NoMoveLimit, 3, 200}[head>>6],
		}
		g, err := dsq.NewGameRules(pos, rules)
		require.NoError(t, err)
		for len(data) > 0 {
			switch next() % 10 {
			case 0, 1, 2, 3: // a move
				if moves := g.LegalMoves(); len(moves) > 0 {
					require.NoError(t, g.Play(moves[next()%len(moves)]))
				}
			case 4: // a tag, its value from the bytes up to a 0
				name := tagNames[next()%len(tagNames)]
				end := strings.IndexByte(string(data), 0)
				if end < 0 {
					end = len(data)
				}
				value := string(data[:end])
				data = data[end:]
				_ = g.SetTag(name, value) // a value a record cannot hold is refused, and then nothing changes
			case 5:
				g.DeleteTag(tagNames[next()%len(tagNames)])
			case 6:
				_ = g.OfferDraw(dsq.Color(next() % 2))
			case 7:
				_ = g.Undo()
			case 8:
				if next()%2 == 0 {
					_ = g.Resign(dsq.Color(next() % 2))
				} else {
					_ = g.AcceptDraw(dsq.Color(next() % 2))
				}
			case 9:
				_ = g.DeclineDraw(dsq.Color(next() % 2))
			}
		}
		requireRoundTrip(t, g)
	})
}
