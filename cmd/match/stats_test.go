package main

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The expected Elo figures below were computed by hand (with a calculator,
// not with this code) from the formulas in the comments; the LLRs with an
// independent Python script: the largest-likelihood distributions with
// the means s0 = 0.5 and s1 = 1/(1+10^(-5/400)) = 0.507195 found by
// bisection on the Lagrange multiplier, each checked to sum to 1 and to
// have its mean, then LLR = sum count * log(p1/p0).

func TestEloTrinomial(t *testing.T) {
	// 60 wins, 20 draws, 20 losses: mean 0.7, Elo = 400 log10(0.7/0.3)
	// = 147.19; variance .6(.3)^2 + .2(.2)^2 + .2(.7)^2 = 0.16, margin
	// 1.96 sqrt(.16/100) = 0.0784: Elo of 0.6216 and 0.7784.
	s := Score{Wins: 60, Draws: 20, Losses: 20}
	elo, lo, hi := s.Elo()
	assert.InDelta(t, 147.191, elo, 0.001)
	assert.InDelta(t, 86.225, lo, 0.001)
	assert.InDelta(t, 218.252, hi, 0.001)
	assert.InDelta(t, 0.707247, SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.LLR(s), 1e-5)
}

func TestEloPentanomial(t *testing.T) {
	// Pair scores 0, 1/4, 1/2, 3/4, 1 seen 1, 4, 10, 20, 15 times: mean
	// 36/50 = 0.72 (Elo 164.07), variance 0.0616, margin 1.96 sqrt(.0616/50).
	s := Score{Pairs: [5]int{1, 4, 10, 20, 15}}
	elo, lo, hi := s.Elo()
	assert.InDelta(t, 164.070, elo, 0.001)
	assert.InDelta(t, 108.459, lo, 0.001)
	assert.InDelta(t, 228.903, hi, 0.001)
	test := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	assert.InDelta(t, 0.648229, test.LLR(s), 1e-5)
	assert.Equal(t, "", test.Decision(s))
}

func TestSPRTBoundsAndDecision(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	lower, upper := test.Bounds()
	assert.InDelta(t, math.Log(0.05/0.95), lower, 1e-12) // -2.944
	assert.InDelta(t, 2.944439, upper, 1e-6)
	// Four times the pentanomial sample above: the LLR scales with n at
	// equal frequencies (4 * 0.648229) but not yet past the bound.
	strong := Score{Pairs: [5]int{4, 16, 40, 80, 60}}
	assert.InDelta(t, 2.592918, test.LLR(strong), 1e-5)
	assert.Equal(t, "", test.Decision(strong))
	weak := Score{Pairs: [5]int{60, 80, 40, 16, 4}}
	assert.InDelta(t, -2.642861, test.LLR(weak), 1e-5)
	// Nothing counted: no evidence either way.
	assert.Zero(t, test.LLR(Score{}))
	// Empty cells count as 0.001 (fishtest's regularisation), so a match
	// without spread still moves, a little per pair.
	assert.InDelta(t, -0.0963005, test.LLR(Score{Pairs: [5]int{0, 0, 7, 0, 0}}), 1e-6)
	assert.InDelta(t, 0.0428911, test.LLR(Score{Pairs: [5]int{0, 0, 0, 0, 3}}), 1e-6)
	// With elo1 = 50, 20 pairs won twice are 2.67208: one more decides.
	wide := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	assert.InDelta(t, 2.672083, wide.LLR(Score{Pairs: [5]int{0, 0, 0, 0, 20}}), 1e-5)
	assert.Equal(t, "", wide.Decision(Score{Pairs: [5]int{0, 0, 0, 0, 20}}))
	assert.Equal(t, "H1", wide.Decision(Score{Pairs: [5]int{0, 0, 0, 0, 30}}))
}

func TestScoreCounting(t *testing.T) {
	var s Score
	for _, pair := range [][2]float64{{1, 1}, {1, 0.5}, {0.5, 0.5}, {1, 0}, {0, 0.5}, {0, 0}} {
		s.addGame(pair[0])
		s.addGame(pair[1])
		s.addPair(pair[0], pair[1])
	}
	assert.Equal(t, Score{Wins: 4, Draws: 4, Losses: 4, Pairs: [5]int{1, 1, 2, 1, 1}}, s)
	assert.Equal(t, 12, s.Games())
	assert.Equal(t, 0.0, EloOf(0.5))
	assert.True(t, math.IsInf(EloOf(1), 1))
	assert.True(t, math.IsInf(EloOf(0), -1))
}

func TestSPRTValidate(t *testing.T) {
	assert.NoError(t, SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.Validate())
	assert.Error(t, SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}.Validate())
	assert.Error(t, SPRT{Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05}.Validate())
}
