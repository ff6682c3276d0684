package baseline

import dsq "github.com/doushouqi/doushouqi"

// pieceValue is each animal's worth in centi-rats, by Animal. The rat is
// worth more than its rank: it swims, blocks jumps and takes the elephant.
var pieceValue = [dsq.NumAnimals]int{
	dsq.Rat:      400,
	dsq.Cat:      200,
	dsq.Dog:      300,
	dsq.Wolf:     400,
	dsq.Leopard:  500,
	dsq.Tiger:    800,
	dsq.Lion:     900,
	dsq.Elephant: 1000,
}

// advanceBonus[d] rewards a piece d steps (orthogonally, rivers ignored)
// from the enemy den: little at home, a lot next to the den, where an entry
// threatens.
var advanceBonus = [15]int{0, 400, 220, 140, 95, 70, 52, 40, 30, 22, 15, 10, 6, 3, 0}

// evaluate scores a quiet position for the side to move: material, plus
// progress towards the enemy den.
func evaluate(pos *dsq.Position) int {
	us := pos.SideToMove()
	return side(pos, us) - side(pos, us.Other())
}

func side(pos *dsq.Position, c dsq.Color) int {
	den := dsq.DenOf(c.Other()).First()
	score := 0
	for a := range dsq.Animal(dsq.NumAnimals) {
		sq, ok := pos.SquareOf(c, a)
		if !ok {
			continue
		}
		score += pieceValue[a]
		dist := abs(sq.File()-den.File()) + abs(sq.Rank()-den.Rank())
		score += advanceBonus[min(dist, 14)]
	}
	return score
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
