package main

import (
	"fmt"
	"math"
)

// Score counts a match's results from engine A's point of view: games
// (W/D/L) and, for colour-swapped pairs of games on one opening, the
// pentanomial count of pair scores.
type Score struct {
	Wins, Draws, Losses int
	// Pairs[k] is the number of finished pairs in which A scored k/2 points
	// over the two games (k = 0..4: lost both .. won both).
	Pairs [5]int
}

// Games returns the number of games counted.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// addGame counts one game: 1 a win for A, 0.5 a draw, 0 a loss.
func (s *Score) addGame(points float64) {
	switch points {
	case 1:
		s.Wins++
	case 0.5:
		s.Draws++
	default:
		s.Losses++
	}
}

// addPair counts a finished pair of games, both already added with addGame.
func (s *Score) addPair(a, b float64) { s.Pairs[int(math.Round(2*(a+b)))]++ }

// trinomial returns the number of games, the mean score per game and its
// per-game variance.
func (s Score) trinomial() (n, mean, variance float64) {
	return trinomialOf([3]float64{float64(s.Wins), float64(s.Draws), float64(s.Losses)})
}

func trinomialOf(c [3]float64) (n, mean, variance float64) {
	n = c[0] + c[1] + c[2]
	if n == 0 {
		return 0, 0.5, 0
	}
	w, d, l := c[0]/n, c[1]/n, c[2]/n
	mean = w + d/2
	variance = w*sq(1-mean) + d*sq(0.5-mean) + l*sq(mean)
	return n, mean, variance
}

// pentanomial returns the number of pairs, the mean score per game over
// them and the variance of a pair's mean score.
func (s Score) pentanomial() (n, mean, variance float64) {
	var c [5]float64
	for k, count := range s.Pairs {
		c[k] = float64(count)
	}
	return pentanomialOf(c)
}

func pentanomialOf(counts [5]float64) (n, mean, variance float64) {
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0, 0.5, 0
	}
	for k, c := range counts {
		mean += c / n * float64(k) / 4
	}
	for k, c := range counts {
		variance += c / n * sq(float64(k)/4-mean)
	}
	return n, mean, variance
}

func regularise(count int) float64 {
	if count == 0 {
		return 1e-3
	}
	return float64(count)
}

func sq(x float64) float64 { return x * x }

// EloOf returns the logistic Elo difference that a mean score s gives:
// 400 log10(s/(1-s)); ±Inf at 1 and 0.
func EloOf(s float64) float64 {
	switch {
	case s >= 1:
		return math.Inf(1)
	case s <= 0:
		return math.Inf(-1)
	}
	return 400 * math.Log10(s/(1-s))
}

// scoreOf is the inverse of EloOf: the expected score at elo.
func scoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Elo returns A's Elo difference and its 95% confidence interval, from
// the pentanomial count when pairs were finished, else from the games.
func (s Score) Elo() (elo, lo, hi float64) {
	n, mean, variance := s.pentanomial()
	if n == 0 {
		n, mean, variance = s.trinomial()
	}
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	margin := 1.959964 * math.Sqrt(variance/n)
	return EloOf(mean), EloOf(mean - margin), EloOf(mean + margin)
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1 (logistic Elo), with error rates Alpha (accepting H1 when
// H0 holds) and Beta (accepting H0 when H1 holds).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Bounds returns the log-likelihood-ratio bounds: at or below lower the test
// accepts H0, at or above upper H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the generalised SPRT's log-likelihood ratio for the results
// in s, computed as fishtest computes it: the units are pairs of games
// (pentanomial) when any pair finished, else games (trinomial); an empty
// cell of the count is taken as 0.001 of an observation (regularised);
// under each hypothesis the distribution of a unit's score is the one of
// largest likelihood whose mean is the score its Elo predicts (s0 or s1),
// and LLR = sum over cells of count * log(p1/p0). It is 0 before any
// result.
func (t SPRT) LLR(s Score) float64 {
	var counts []float64
	var values []float64
	if s.Pairs != [5]int{} {
		for k, c := range s.Pairs {
			counts = append(counts, regularise(c))
			values = append(values, float64(k)/4)
		}
	} else if s.Games() > 0 {
		counts = []float64{regularise(s.Losses), regularise(s.Draws), regularise(s.Wins)}
		values = []float64{0, 0.5, 1}
	} else {
		return 0
	}
	var n float64
	for _, c := range counts {
		n += c
	}
	freq := make([]float64, len(counts))
	for i, c := range counts {
		freq[i] = c / n
	}
	p0 := mleWithMean(freq, values, scoreOf(t.Elo0))
	p1 := mleWithMean(freq, values, scoreOf(t.Elo1))
	llr := 0.0
	for i, c := range counts {
		llr += c * math.Log(p1[i]/p0[i])
	}
	return llr
}

// mleWithMean returns the distribution p over values of largest likelihood
// for the observed frequencies freq under the constraint that its mean is
// mu: p[i] = freq[i] / (1 + lambda (values[i] - mu)), with lambda the root
// of sum freq[i] (values[i]-mu) / (1 + lambda (values[i]-mu)) = 0, found by
// bisection (the sum decreases in lambda). mu must lie strictly between the
// smallest and the largest value.
func mleWithMean(freq, values []float64, mu float64) []float64 {
	lo, hi := -1/(values[len(values)-1]-mu), 1/(mu-values[0])
	f := func(lambda float64) float64 {
		sum := 0.0
		for i, q := range freq {
			d := values[i] - mu
			sum += q * d / (1 + lambda*d)
		}
		return sum
	}
	// The root lies strictly inside (lo, hi), where every 1 + lambda d > 0.
	lo, hi = lo+1e-12*(hi-lo), hi-1e-12*(hi-lo)
	for range 200 {
		mid := (lo + hi) / 2
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	lambda := (lo + hi) / 2
	p := make([]float64, len(freq))
	for i, q := range freq {
		p[i] = q / (1 + lambda*(values[i]-mu))
	}
	return p
}

// Decision returns "H1" or "H0" when the LLR crossed a bound, "" while the
// test goes on.
func (t SPRT) Decision(s Score) string {
	llr := t.LLR(s)
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return "H1"
	case llr <= lower:
		return "H0"
	}
	return ""
}

// Validate reports parameters the test cannot run with.
func (t SPRT) Validate() error {
	if !(t.Alpha > 0 && t.Alpha < 0.5 && t.Beta > 0 && t.Beta < 0.5) {
		return fmt.Errorf("sprt: alpha and beta must be in (0, 0.5), got %g and %g", t.Alpha, t.Beta)
	}
	if !(t.Elo1 > t.Elo0) {
		return fmt.Errorf("sprt: elo1 (%g) must be above elo0 (%g)", t.Elo1, t.Elo0)
	}
	return nil
}
