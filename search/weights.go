package search

// weights are the evaluation's weights, indexed by the f* constants of
// eval.go, in centi-rats.
var weights = [numFeatures]int{
	// material: rat, cat, dog, wolf, leopard, tiger, lion, elephant
	400, 200, 300, 400, 500, 800, 900, 1000,
	// advance by distance 0..14 to the enemy den: rat, cat, dog, wolf, leopard, tiger, lion, elephant
	0, 400, 220, 140, 95, 70, 52, 40, 30, 22, 15, 10, 6, 3, 0,
	0, 400, 220, 140, 95, 70, 52, 40, 30, 22, 15, 10, 6, 3, 0,
	0, 400, 220, 140, 95, 70, 52, 40, 30, 22, 15, 10, 6, 3, 0,
	0, 400, 220, 140, 95, 70, 52, 40, 30, 22, 15, 10, 6, 3, 0,
	0, 600, 330, 210, 143, 105, 78, 60, 45, 33, 23, 15, 9, 5, 0,
	0, 600, 330, 210, 143, 105, 78, 60, 45, 33, 23, 15, 9, 5, 0,
	0, 600, 330, 210, 143, 105, 78, 60, 45, 33, 23, 15, 9, 5, 0,
	0, 600, 330, 210, 143, 105, 78, 60, 45, 33, 23, 15, 9, 5, 0,
	// rat in water, den guard, in an enemy trap
	0, 50, 0,
	// open traps: with the move; without it, one, two, three
	1500, 100, 400, 800,
}
