// Package rating rates players by Glicko-2 (Mark E. Glickman, "Example of
// the Glicko-2 system", 2013), as lichess does: each rated game is a rating
// period of its own, so a rating moves after every game, and a rating's
// deviation grows back while its player does not play.
//
// No maintained Go package served (the two found were last changed in 2015,
// or change the algorithm and its bounds), so this one follows the paper's
// eight steps; its worked example is a test.
package rating

import (
	"errors"
	"math"
)

// The scale of the paper: Glicko-2's internal values are the displayed
// ones less 1500, divided by 173.7178.
const (
	scale      = 173.7178
	center     = 1500.0
	epsilon    = 0.000001 // the convergence tolerance of step 5
	maxIterate = 100      // a bound on step 5's iteration, never reached in practice
)

// Defaults of a new player, and the bounds a rating's deviation is kept in:
// at most that of a new player, at least MinDeviation (as lichess, so that a
// rating never freezes).
const (
	DefaultRating     = 1500.0
	DefaultDeviation  = 350.0
	DefaultVolatility = 0.06
	MinDeviation      = 45.0
	// Tau constrains how fast volatility changes: the paper advises 0.3 to
	// 1.2; lichess uses 0.75.
	Tau = 0.75
	// ProvisionalDeviation: a rating with a larger deviation is provisional,
	// shown with a "?" (lichess's bound).
	ProvisionalDeviation = 110.0
)

// Rating is a player's strength estimate: the rating, its deviation (the
// uncertainty; 95% of the time the true strength is within twice it) and
// the volatility (how erratic the player's results are).
type Rating struct {
	Rating, Deviation, Volatility float64
}

// New is a new player's rating.
func New() Rating {
	return Rating{Rating: DefaultRating, Deviation: DefaultDeviation, Volatility: DefaultVolatility}
}

// Provisional reports whether the rating is still too uncertain to show
// without a "?".
func (r Rating) Provisional() bool { return r.Deviation > ProvisionalDeviation }

// Result is one game of a rating period: the opponent's rating and the
// score, 1 for a win, 0.5 for a draw and 0 for a loss.
type Result struct {
	Opponent Rating
	Score    float64
}

// ErrInvalid is returned for a rating or score out of its range (a NaN, a
// negative deviation or volatility, a score not in [0, 1]).
var ErrInvalid = errors.New("rating: invalid rating or score")

func (r Rating) valid() bool {
	ok := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	return ok(r.Rating) && ok(r.Deviation) && ok(r.Volatility) && r.Deviation > 0 && r.Volatility > 0
}

// Update returns r after a rating period with the given results under the
// system constant tau, by the paper's steps 2 to 8; with no results the
// deviation only grows (step 6). The deviation is then kept within
// [MinDeviation, DefaultDeviation].
func Update(r Rating, results []Result, tau float64) (Rating, error) {
	if !r.valid() || !(tau > 0) {
		return r, ErrInvalid
	}
	for _, res := range results {
		if !res.Opponent.valid() || !(res.Score >= 0 && res.Score <= 1) {
			return r, ErrInvalid
		}
	}
	// Step 2: to the Glicko-2 scale.
	mu, phi, sigma := (r.Rating-center)/scale, r.Deviation/scale, r.Volatility
	if len(results) == 0 {
		r.Deviation = clampDeviation(scale * math.Sqrt(phi*phi+sigma*sigma))
		return r, nil
	}
	// Steps 3 and 4: the estimated variance v and the improvement delta.
	var vInv, sum float64
	for _, res := range results {
		muJ, phiJ := (res.Opponent.Rating-center)/scale, res.Opponent.Deviation/scale
		g := gOf(phiJ)
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		vInv += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility.
	sigma = newVolatility(phi, sigma, v, delta, tau)
	// Steps 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	// Step 8: back to the displayed scale.
	return Rating{Rating: scale*mu + center, Deviation: clampDeviation(scale * phi), Volatility: sigma}, nil
}

// gOf is the paper's g(phi), which weighs a result by how certain the
// opponent's rating is.
func gOf(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// newVolatility is step 5: the root of f by the Illinois algorithm.
func newVolatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 && k < maxIterate {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < maxIterate; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

func clampDeviation(d float64) float64 { return min(max(d, MinDeviation), DefaultDeviation) }
