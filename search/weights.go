package search

// weights are the evaluation's weights, indexed by the f* constants of
// eval.go, in centi-rats: v40 of examples/match/results, half-way from v38's
// hand-set weights to those the tuner fitted (TestTuneEval -tune.shape on
// 243,028 positions of 3,000 self-play games under the public engines'
// rules; see tune_test.go).
var weights = [numFeatures]int{
	// material: rat, cat, dog, wolf, leopard, tiger, lion, elephant
	428, 206, 345, 335, 305, 745, 1114, 1250,
	// advance by distance 0..14 to the enemy den: rat, cat, dog, wolf, leopard, tiger, lion, elephant
	0, 184, 101, 64, 44, 32, 24, 18, 14, 10, 7, 5, 3, 1, 0,
	0, 184, 101, 64, 44, 32, 24, 18, 14, 10, 7, 5, 3, 1, 0,
	0, 184, 101, 64, 44, 32, 24, 18, 14, 10, 7, 5, 3, 1, 0,
	0, 184, 101, 64, 44, 32, 24, 18, 14, 10, 7, 5, 3, 1, 0,
	0, 654, 360, 229, 156, 114, 85, 65, 49, 36, 25, 16, 10, 5, 0,
	0, 654, 360, 229, 156, 114, 85, 65, 49, 36, 25, 16, 10, 5, 0,
	0, 654, 360, 229, 156, 114, 85, 65, 49, 36, 25, 16, 10, 5, 0,
	0, 654, 360, 229, 156, 114, 85, 65, 49, 36, 25, 16, 10, 5, 0,
	// rat in water, den guard, in an enemy trap
	-45, 65, 0,
	// open traps: with the move; without it, one, two, three
	4780, 950, 2460, 800,
}
