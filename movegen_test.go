package doushouqi_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/mailbox"
	"github.com/doushouqi/doushouqi/internal/perftsuite"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bitboard generator and the mailbox reference must agree move for move
// on many positions: from seeded random games and from seeded random
// scatterings of pieces built to hit every rule.

// agreementCount is how many positions each agreement test checks:
// 100,000 in the deep suite, 20,000 by default, 2,000 in the quick one
// (sizeOfSuite).
func agreementCount() int { return sized(2_000, 20_000, 100_000) }

// requireSame is require.Equal for comparable values, with the comparison
// first: require walks the stack (for t.Helper) and compares by reflection on
// every call, which in the agreement loops cost more than the code under test.
func requireSame[T comparable](t *testing.T, want, got T, msgAndArgs ...any) {
	if want != got {
		t.Helper()
		require.Equal(t, want, got, msgAndArgs...)
	}
}

// moveStrings writes moves in their notation, sorted.
func moveStrings(moves []dsq.Move) []string {
	out := moveTexts(moves)
	slices.Sort(out)
	return out
}

// requireAgree checks one position against the reference: legal moves, move
// count, per-square targets, outcome, and (when allPairs) the checked
// CheckMove/IsLegal on every from/to pair.
func requireAgree(t *testing.T, pos *dsq.Position, ref *mailbox.Board, allPairs bool) {
	t.Helper()
	want := ref.LegalMoves()
	got := moveStrings(pos.LegalMoves())
	if want == nil {
		want = []string{}
	}
	if !slices.Equal(want, got) {
		require.Equal(t, want, got, "legal moves of %s", ref)
	}
	requireSame(t, len(want), pos.CountLegalMoves(), "CountLegalMoves of %s", ref)
	requireSame(t, ref.Outcome(), pos.Outcome().String(), "Outcome of %s", ref)
	requireSame(t, len(want) == 0, pos.Outcome().IsDecided(), "decided iff no moves: %s", ref)

	var fromTargets []string
	for from := range dsq.Square(dsq.NumSquares) {
		for to := range pos.LegalTargets(from).Squares() {
			fromTargets = append(fromTargets, dsq.NewMove(from, to).String())
		}
	}
	slices.Sort(fromTargets)
	if fromTargets == nil {
		fromTargets = []string{}
	}
	if !slices.Equal(want, fromTargets) {
		require.Equal(t, want, fromTargets, "LegalTargets of %s", ref)
	}

	if !allPairs {
		return
	}
	// 3,969 pairs a position: compared first, reported through require only
	// on a mismatch (each require call walks the stack for t.Helper, which
	// made this loop most of the suite's time).
	for from := range dsq.Square(dsq.NumSquares) {
		for to := range dsq.Square(dsq.NumSquares) {
			m := dsq.NewMove(from, to)
			legal := slices.Contains(want, m.String())
			if isLegal := pos.IsLegal(m); isLegal != legal {
				require.Equal(t, legal, isLegal, "IsLegal(%s) in %s", m, ref)
			}
			if err := pos.CheckMove(m); (err == nil) != legal {
				require.Equal(t, legal, err == nil, "CheckMove(%s) in %s: %v", m, ref, err)
			}
		}
	}
}

func TestAgreementRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ref, err := mailbox.Parse(dsq.StartNotation)
	require.NoError(t, err)
	for positions := 0; positions < agreementCount(); {
		positions += agreeAlongRandomGame(t, rng, dsq.StartPosition(), ref, 50)
	}
}

func TestAgreementRandomScatterings(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range agreementCount() {
		agreeOnScattering(t, rng, dsq.Standard, i%20 == 0)
	}
}

// boardText is pos's notation without its rules field, as the reference
// writes it (the reference's rules are compared by playing under them).
func boardText(t *testing.T, pos dsq.Position) string {
	t.Helper()
	std, err := pos.WithRules(dsq.Standard)
	require.NoError(t, err)
	return std.String()
}

// agreeAlongRandomGame plays a seeded random game from pos (ref being the
// same position for the reference) to its end, checking agreement at every
// ply and on every from/to pair at every allPairsEvery-th ply. It returns
// the number of positions checked.
func agreeAlongRandomGame(t *testing.T, rng *rand.Rand, pos dsq.Position, ref mailbox.Board, allPairsEvery int) int {
	t.Helper()
	for ply := 0; ; ply++ {
		requireSame(t, ref.String(), boardText(t, pos), "ply %d", ply)
		requireAgree(t, &pos, &ref, ply%allPairsEvery == 0)
		moves := pos.LegalMoves()
		if len(moves) == 0 {
			return ply + 1
		}
		m := moves[rng.IntN(len(moves))]
		require.NoError(t, pos.Play(m))
		ref = ref.Play(m.String())
	}
}

// agreeOnScattering checks a random scattering under rules, and the position
// one random move below it, so that make is compared as well.
func agreeOnScattering(t *testing.T, rng *rand.Rand, rules dsq.Rules, allPairs bool) {
	t.Helper()
	ref := randomScattering(rng)
	ref.Rules = perftsuite.MailboxRules(rules)
	if rules.MoveLimit > 0 {
		ref.Clock = rng.IntN(rules.MoveLimit + 2)
	}
	s := ref.String()
	pos, err := dsq.ParsePosition(s)
	require.NoError(t, err, s)
	require.Equal(t, s, pos.String())
	pos, err = pos.WithRules(rules)
	require.NoError(t, err)
	requireAgree(t, &pos, &ref, allPairs)
	requireThreatenedAgree(t, &pos, ref)
	if moves := ref.LegalMoves(); len(moves) > 0 {
		m := moves[rng.IntN(len(moves))]
		require.NoError(t, pos.Play(mustMove(t, m)))
		child := ref.Play(m)
		require.Equal(t, child.String(), boardText(t, pos))
		requireAgree(t, &pos, &child, false)
	}
}

// requireThreatenedAgree checks Threatened, for both sides, against the
// pieces the reference's moves capture with the other side to move (the
// game over or not).
func requireThreatenedAgree(t *testing.T, pos *dsq.Position, ref mailbox.Board) {
	t.Helper()
	for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
		other := ref
		other.RedToMove = c == dsq.Blue
		var want dsq.Bitboard
		for _, m := range other.PieceMoves() {
			to := mustMove(t, m).To()
			if p := pos.PieceAt(to); p != dsq.NoPiece && p.Color() == c {
				want |= to.Bitboard()
			}
		}
		requireSame(t, want, pos.Threatened(c), "Threatened(%v) of %s", c, &ref)
	}
}

// randomScattering places a random subset of the pieces, biased towards the
// squares where rules meet: rats in water, lions and tigers on river banks,
// pieces on traps of both sides, pieces next to or in the enemy den; and a
// random side to move and no-capture count near the limit.
func randomScattering(rng *rand.Rand) mailbox.Board {
	var b mailbox.Board
	banks := []int{} // land squares next to water (as rank*7+file)
	traps := []int{2, 4, 10, 58, 60, 52}
	for sq := 0; sq < 63; sq++ {
		f, r := sq%7, sq/7
		if mailbox.Water(f, r) {
			continue
		}
		for _, d := range [4][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}} {
			if mailbox.OnBoard(f+d[0], r+d[1]) && mailbox.Water(f+d[0], r+d[1]) {
				banks = append(banks, sq)
				break
			}
		}
	}
	keep := 0.3 + 0.6*rng.Float64() // how crowded this board is
	for _, red := range []bool{true, false} {
		for i := 0; i < 8; i++ {
			if rng.Float64() > keep {
				continue
			}
			ch := mailbox.Animals[i]
			if !red {
				ch += 'a' - 'A'
			}
			for try := 0; try < 50; try++ {
				var sq int
				switch p := rng.Float64(); {
				case i == 0 && p < 0.4: // rat in water
					sq = []int{22, 23, 25, 26, 29, 30, 32, 33, 36, 37, 39, 40}[rng.IntN(12)]
				case (i == 5 || i == 6) && p < 0.5: // lion or tiger on a bank
					sq = banks[rng.IntN(len(banks))]
				case p < 0.25:
					sq = traps[rng.IntN(len(traps))]
				case p < 0.28:
					sq = []int{3, 59}[rng.IntN(2)]
				default:
					sq = rng.IntN(63)
				}
				f, r := sq%7, sq/7
				if b.Cell[r][f] != 0 || (mailbox.Water(f, r) && i != 0) || mailbox.Den(red, f, r) {
					continue
				}
				if mailbox.Den(!red, f, r) && (b.Cell[0][3] != 0 || b.Cell[8][3] != 0) {
					continue // not both dens
				}
				b.Cell[r][f] = ch
				break
			}
		}
	}
	b.RedToMove = rng.IntN(2) == 0
	b.Clock = []int{0, 1, 17, 58, 59, 59, 60, 61}[rng.IntN(8)]
	b.MoveNo = 1 + rng.IntN(200)
	return b
}

// variantRules are the house rules the agreement tests cover besides Standard.
var variantRules = []dsq.Rules{
	{TrappedCapture: true},
	{SwapDogWolf: true},
	{MoveLimit: 200},
	{MoveLimit: dsq.NoMoveLimit},
	{MoveLimit: 3},
	{TrappedCapture: true, SwapDogWolf: true, MoveLimit: 61},
}

func TestAgreementVariants(t *testing.T) {
	n := agreementCount() / 5
	for vi, rules := range variantRules {
		t.Run(rules.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(vi), 77))
			for i := range n {
				agreeOnScattering(t, rng, rules, i%40 == 0)
			}
			pos, err := dsq.StartPosition().WithRules(rules)
			require.NoError(t, err)
			ref, err := mailbox.Parse(dsq.StartNotation)
			require.NoError(t, err)
			ref.Rules = perftsuite.MailboxRules(rules)
			for range 20 {
				agreeAlongRandomGame(t, rng, pos, ref, 100)
			}
		})
	}
}

// TestLegalTargetsOfAnEmptySquare: no targets from an empty square (with
// either side to move: an empty square's NoPiece has Blue's colour bits),
// from a square off the board, or in a decided position.
func TestLegalTargetsOfAnEmptySquare(t *testing.T) {
	for _, text := range []string{dsq.StartNotation, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1"} {
		pos, err := dsq.ParsePosition(text)
		require.NoError(t, err)
		for _, sq := range []dsq.Square{dsq.D5, dsq.A4, dsq.D1, dsq.G5} {
			assert.Zero(t, pos.LegalTargets(sq), "%s: empty %v", text, sq)
		}
		for _, sq := range []dsq.Square{dsq.NoSquare, dsq.Square(63), dsq.Square(200)} {
			assert.Zero(t, pos.LegalTargets(sq), "%s: square %d", text, sq)
		}
	}
	// Decided: Red's dog in Blue's den, Blue's lion free to move but for
	// the game being over; and the move limit reached.
	for _, text := range []string{"3D3/7/7/7/7/7/7/7/l6 b", "l6/7/7/7/3D3/7/7/7/7 b 60 40"} {
		pos, err := dsq.ParsePosition(text)
		require.NoError(t, err)
		require.True(t, pos.Outcome().IsDecided(), text)
		assert.Zero(t, pos.LegalTargets(dsq.A9), text)
		assert.Empty(t, pos.LegalMoves(), text)
		assert.Empty(t, pos.AppendLegalMoves(nil), text)
	}
}

func TestVariantMoves(t *testing.T) {
	cases := []struct {
		name  string
		pos   string
		rules dsq.Rules
		move  string
		want  error
	}{
		{"trapped elephant takes the wolf", "7/3E3/3w3/7/7/7/7/7/T6 r", dsq.Rules{TrappedCapture: true}, "d8d7", nil},
		{"not under the standard", "7/3E3/3w3/7/7/7/7/7/T6 r", dsq.Standard, "d8d7", dsq.ErrTrappedAttacker},
		{"trapped rat takes the elephant", "1eR4/7/7/7/7/7/7/7/6l r", dsq.Rules{TrappedCapture: true}, "c9b9", nil},
		{"trapped cat still cannot take a lion", "1lC4/7/7/7/7/7/7/7/6t r", dsq.Rules{TrappedCapture: true}, "c9b9", dsq.ErrRankTooLow},
		{"dog takes wolf when swapped", "l6/7/7/3w3/3D3/7/7/7/L6 r", dsq.Rules{SwapDogWolf: true}, "d5d6", nil},
		{"wolf cannot take dog when swapped", "l6/7/7/3w3/3D3/7/7/7/L6 b", dsq.Rules{SwapDogWolf: true}, "d6d5", dsq.ErrRankTooLow},
		{"dog cannot take wolf by default", "l6/7/7/3w3/3D3/7/7/7/L6 r", dsq.Standard, "d5d6", dsq.ErrRankTooLow},
		{"no limit: 60 is nothing", "l6/7/7/7/3D3/7/7/7/7 r 60 40", dsq.Rules{MoveLimit: dsq.NoMoveLimit}, "d5d6", nil},
		{"limit 200 at 199", "l6/7/7/7/3D3/7/7/7/7 r 199 140", dsq.Rules{MoveLimit: 200}, "d5d6", nil},
		{"limit 200 reached", "l6/7/7/7/3D3/7/7/7/7 r 200 140", dsq.Rules{MoveLimit: 200}, "d5d6", dsq.ErrGameOver},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos := mustWithRules(t, mustPosition(t, c.pos), c.rules)
			before := pos
			err := pos.Play(mustMove(t, c.move))
			if c.want == nil {
				require.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, c.want)
			assert.Equal(t, before, pos)
		})
	}

	pos := mustWithRules(t, mustPosition(t, "l6/7/7/7/3D3/7/7/7/7 r 199 140"), dsq.Rules{MoveLimit: 200})
	require.NoError(t, pos.Play(mustMove(t, "d5d6")))
	assert.Equal(t, "draw: no-capture move limit", pos.Outcome().String())
}

// allRuleOptions are the rules with every combination of the options that
// change the moves.
var allRuleOptions = []dsq.Rules{
	dsq.Standard,
	{TrappedCapture: true},
	{SwapDogWolf: true},
	{TrappedCapture: true, SwapDogWolf: true},
}

// TestGeneratorCapturesWhatCanCaptureAllows: with an attacker and a
// defender alone on the board, for every pair of pieces of opposite sides,
// every square the attacker may stand on and every step or river jump from
// it onto a square the defender may stand on, under every rule option, the
// generator (LegalTargets, LegalMoves, CountLegalMoves) and Play list the
// capture exactly when the attacker can make the move and CanCapture
// allows it.
func TestGeneratorCapturesWhatCanCaptureAllows(t *testing.T) {
	canStand := func(p dsq.Piece, sq dsq.Square) bool {
		return !dsq.Dens.Has(sq) && (!dsq.Water.Has(sq) || p.Animal() == dsq.Rat)
	}
	checked, captures := 0, 0
	for _, rules := range allRuleOptions {
		for attacker := dsq.Piece(1); attacker.IsValid(); attacker++ {
			a := attacker.Animal()
			for from := range dsq.Square(dsq.NumSquares) {
				if !canStand(attacker, from) {
					continue
				}
				reach := dsq.Steps(from)
				if a == dsq.Lion || a == dsq.Tiger {
					reach |= dsq.Jumps(from) // no rat on the water: only the two pieces are on the board
				}
				if a != dsq.Rat {
					reach &^= dsq.Water
				}
				for to := range (dsq.Steps(from) | dsq.Jumps(from)).Squares() {
					for d := range dsq.Animal(dsq.NumAnimals) {
						defender := dsq.NewPiece(attacker.Color().Other(), d)
						if !canStand(defender, to) {
							continue
						}
						var s dsq.Setup
						s.Board[from], s.Board[to] = attacker, defender
						s.SideToMove, s.MoveNumber, s.Rules = attacker.Color(), 1, rules
						pos, err := dsq.NewPosition(s)
						if err != nil {
							t.Fatal(err)
						}
						m := dsq.NewMove(from, to)
						want := reach.Has(to) && dsq.CanCapture(rules, attacker, from, defender, to)
						moves := pos.LegalMoves()
						got := map[string]bool{
							"LegalTargets": pos.LegalTargets(from).Has(to),
							"LegalMoves":   slices.Contains(moves, m),
							"CheckMove":    pos.CheckMove(m) == nil,
							"IsLegal":      pos.IsLegal(m),
						}
						for name, g := range got {
							if g != want {
								t.Fatalf("%v: %s says %v for %v on %v, want %v", rules, name, g, m, pos, want)
							}
						}
						if n := pos.CountLegalMoves(); n != len(moves) {
							t.Fatalf("%v: CountLegalMoves() = %d on %v, LegalMoves has %d", rules, n, pos, len(moves))
						}
						checked++
						if want {
							captures++
						}
					}
				}
			}
		}
	}
	if checked < 50000 || captures < checked/4 || captures > checked*3/4 {
		t.Fatalf("%d pairs checked, %d captures: want many of both", checked, captures)
	}
}
