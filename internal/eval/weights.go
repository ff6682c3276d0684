package eval

// weights are the evaluation's weights, indexed by the F* constants of
// eval.go, in centi-rats: v41b of lab/match/results, three quarters of
// the way from v38's hand-set weights to those the tuner fitted (v39: the
// tuner, then the test TestTuneEval, now cmd/tune, with its shape option on
// 243,028 quiet positions of 3,000 self-play games under the public
// engines' rules; the command is in cmd/tune's doc).
var weights = [NumFeatures]int{
	// material: rat, cat, dog, wolf, leopard, tiger, lion, elephant
	441, 209, 368, 303, 208, 717, 1220, 1375,
	// advance by distance 0..14 to the enemy den: rat, cat, dog, wolf, leopard, tiger, lion, elephant
	0, 74, 40, 26, 17, 13, 9, 7, 5, 4, 2, 1, 1, 0, 0,
	0, 74, 40, 26, 17, 13, 9, 7, 5, 4, 2, 1, 1, 0, 0,
	0, 74, 40, 26, 17, 13, 9, 7, 5, 4, 2, 1, 1, 0, 0,
	0, 74, 40, 26, 17, 13, 9, 7, 5, 4, 2, 1, 1, 0, 0,
	0, 681, 374, 238, 162, 119, 88, 68, 51, 37, 26, 17, 10, 5, 0,
	0, 681, 374, 238, 162, 119, 88, 68, 51, 37, 26, 17, 10, 5, 0,
	0, 681, 374, 238, 162, 119, 88, 68, 51, 37, 26, 17, 10, 5, 0,
	0, 681, 374, 238, 162, 119, 88, 68, 51, 37, 26, 17, 10, 5, 0,
	// rat in water, den guard, in an enemy trap
	-68, 72, 0,
	// open traps: with the move; without it, one, two, three
	6420, 1375, 3490, 800,
}

// Weights returns a copy of the weights in use, indexed by the F*
// constants: what the tuner starts from.
func Weights() [NumFeatures]int { return weights }
