package endgame_test

import (
	"math/rand/v2"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/stretchr/testify/require"
)

// checkChildren checks the value of pos against the values of the positions
// after each of its moves, probed independently: a win in d has a move that
// wins at once (d = 1: a den entry, or a capture after which the opponent
// loses) or leads to a loss in d-1 for the opponent, and none faster; a loss
// in d has only moves after which the opponent wins, and the slowest takes d
// half-moves (a capture counts 1); a draw has a move to a draw and none to a
// loss for the opponent.
func checkChildren(t *testing.T, ts *endgame.Tables, pos dsq.Position) {
	// Plain checks, require only on a failure: this runs for every position
	// of the tables, and require's stack walk for t.Helper was a third of it.
	v, ok := ts.Probe(pos)
	if !ok {
		t.Fatalf("no table for %v", pos)
	}
	moves := pos.LegalMoves()
	fastestWin, slowestLoss, draws := -1, -1, 0
	for _, m := range moves {
		zeroing := pos.PieceAt(m.To()) != dsq.NoPiece || dsq.DenOf(pos.SideToMove().Other()).Has(m.To())
		child := pos
		if err := child.Play(m); err != nil {
			t.Fatalf("Play(%v) in %v: %v", m, pos, err)
		}
		cv, ok := ts.Probe(child)
		if !ok {
			t.Fatalf("no table after %v in %v", m, pos)
		}
		d := cv.Distance + 1
		if zeroing {
			d = 1
		}
		switch cv.Result {
		case endgame.Loss:
			if fastestWin < 0 || d < fastestWin {
				fastestWin = d
			}
		case endgame.Win:
			slowestLoss = max(slowestLoss, d)
		default:
			draws++
		}
	}
	var want endgame.Value
	switch {
	case len(moves) == 0:
		want = endgame.Value{Result: endgame.Loss}
		if o := pos.Outcome(); o.IsDraw() {
			want = endgame.Value{Result: endgame.Draw}
		} else if o.Winner == pos.SideToMove() {
			want = endgame.Value{Result: endgame.Win}
		}
	case fastestWin > 0:
		want = endgame.Value{Result: endgame.Win, Distance: fastestWin}
	case draws > 0:
		want = endgame.Value{Result: endgame.Draw}
	default:
		want = endgame.Value{Result: endgame.Loss, Distance: slowestLoss}
	}
	if v != want {
		t.Fatalf("Probe(%v) = %v, its moves give %v", pos, v, want)
	}
}

// TestConsistentWithChildren: every position of the tables (at counts 0
// and near the limit) against its children; under the race detector, which
// is here for the solver's threads, every 16th.
func TestConsistentWithChildren(t *testing.T) {
	names := []string{"Rve", "Evr", "Lvt", "Tvd", "Cvr", "Evcr", "LTve", "Dvwr"}
	if testing.Short() {
		names = []string{"Rve", "Lvt", "Evcr"}
	}
	var ms []endgame.Material
	for _, s := range names {
		ms = append(ms, mustMaterial(t, s))
	}
	ms = append(ms, endgame.AllMaterials(2)...)
	ts := generate(t, dsq.Standard, ms...)
	rng := rand.New(rand.NewPCG(14, 1))
	for _, m := range ms {
		n := 0
		placements(t, m, dsq.Standard, func(pos dsq.Position) {
			n++
			if raceBuild && n%16 != 0 {
				return
			}
			checkChildren(t, ts, pos)
			if rng.IntN(8) == 0 {
				checkChildren(t, ts, withCount(t, pos, dsq.DrawHalfMoves-1-rng.IntN(6)))
			}
		})
		require.Greater(t, n, 4000, m)
	}
}

// TestBestLinePlaysOut: from sampled positions, playing the best moves to
// the end of the game reaches the result probed, with the first capture or
// den entry at the distance probed.
func TestBestLinePlaysOut(t *testing.T) {
	ms := []endgame.Material{mustMaterial(t, "Evcr"), mustMaterial(t, "LTve"), mustMaterial(t, "RTvl"), mustMaterial(t, "Pvlr")}
	ts := generate(t, dsq.Standard, ms...)
	rng := rand.New(rand.NewPCG(14, 2))
	results := map[endgame.Result]int{}
	for _, m := range ms {
		for range 150 {
			pos := randomPosition(rng, m, dsq.Standard)
			verdict, ok := ts.Verdict(pos)
			require.True(t, ok)
			results[verdict.Value.Result]++
			winner, decisive := verdict.Winner()
			zeroAt := -1
			p := pos
			for ply := 0; !p.Outcome().IsDecided(); ply++ {
				require.Less(t, ply, 1000, "no end from %v", pos)
				v, ok := ts.Verdict(p)
				require.True(t, ok)
				require.NotEmpty(t, v.Best)
				mv := v.Best[rng.IntN(len(v.Best))]
				before := endgame.MaterialOf(p)
				require.NoError(t, p.Play(mv))
				if zeroAt < 0 && (endgame.MaterialOf(p) != before || p.Outcome().IsDecided()) {
					zeroAt = ply + 1
				}
			}
			o := p.Outcome()
			if !decisive {
				require.True(t, o.IsDraw(), "%v: %v, played out to %v", pos, verdict, o)
				continue
			}
			require.False(t, o.IsDraw(), "%v: %v, played out to %v", pos, verdict, o)
			require.Equal(t, winner, o.Winner, "%v: %v", pos, verdict)
			if verdict.Value.Distance > 0 {
				require.Equal(t, verdict.Value.Distance, zeroAt, "%v: %v, first zeroing", pos, verdict)
			}
		}
	}
	require.Positive(t, results[endgame.Win])
	require.Positive(t, results[endgame.Loss])
}

// TestVerify: Verify passes every table of up to three pieces (a sample in
// short mode) and catches a damaged entry.
func TestVerify(t *testing.T) {
	ms := endgame.AllMaterials(3)
	if testing.Short() {
		ms = []endgame.Material{mustMaterial(t, "Evcr"), mustMaterial(t, "LTve"), mustMaterial(t, "RTvl")}
	}
	ts := generate(t, dsq.Standard, ms...)
	for _, m := range ts.Materials() {
		require.NoError(t, ts.Verify(m, endgame.Options{}), "%v", m)
	}
	// House rules and a short limit, on a sample.
	house := dsq.Rules{TrappedCapture: true, SwapDogWolf: true, MoveLimit: 12}
	ts = generate(t, house, mustMaterial(t, "DWvr"), mustMaterial(t, "Evwd"), mustMaterial(t, "LTvr"))
	for _, m := range ts.Materials() {
		require.NoError(t, ts.Verify(m, endgame.Options{}), "%v %v", house, m)
	}
}
