package endgame

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
)

// MaxPieces is the largest number of pieces a table holds.
const MaxPieces = 4

// ErrMaterial is the sentinel of a material name or set that cannot be solved.
var ErrMaterial = errors.New("invalid material")

// Material is a material set: which animals each side has. Bit a of Red (or
// Blue) is set when that side has animal a (bit 0 the rat, bit 7 the
// elephant).
type Material struct {
	Red, Blue uint8
}

// MaterialOf returns the material of a position.
func MaterialOf(pos dsq.Position) Material {
	m, _ := materialOf(&pos)
	return m
}

// materialOf returns the material of pos, and whether pos is a position of
// the game as far as its pieces go, by the conditions of dsq.Setup.Validate:
// not the zero Position, no piece where it may not stand (water but for a
// rat, its own den), not pieces in both dens. Every Position is, but the
// zero value and one that MakeMove was given an illegal move.
func materialOf(pos *dsq.Position) (Material, bool) {
	var m Material
	dens := 0
	ok := !pos.IsZero()
	for c := dsq.Red; c <= dsq.Blue; c++ {
		for a := dsq.Rat; a <= dsq.Elephant; a++ {
			sq, on := pos.SquareOf(c, a)
			if !on {
				continue
			}
			if c == dsq.Red {
				m.Red |= 1 << a
			} else {
				m.Blue |= 1 << a
			}
			if dsq.DenOf(c).Has(sq) || (a != dsq.Rat && dsq.Water.Has(sq)) {
				ok = false
			}
			if dsq.Dens.Has(sq) {
				dens++
			}
		}
	}
	return m, ok && dens < 2
}

// Count returns the number of pieces of both sides.
func (m Material) Count() int { return bits.OnesCount8(m.Red) + bits.OnesCount8(m.Blue) }

// Side returns the animals of side c as a bit set.
func (m Material) Side(c dsq.Color) uint8 {
	if c == dsq.Red {
		return m.Red
	}
	return m.Blue
}

// Without returns m without side c's animal a.
func (m Material) Without(c dsq.Color, a dsq.Animal) Material {
	if c == dsq.Red {
		m.Red &^= 1 << a
	} else {
		m.Blue &^= 1 << a
	}
	return m
}

// Pieces returns the pieces of m in the order of the table index: Red's
// animals from the rat up, then Blue's.
func (m Material) Pieces() []dsq.Piece {
	var ps []dsq.Piece
	for c := dsq.Red; c <= dsq.Blue; c++ {
		for a := dsq.Rat; a <= dsq.Elephant; a++ {
			if m.Side(c)&(1<<a) != 0 {
				ps = append(ps, dsq.NewPiece(c, a))
			}
		}
	}
	return ps
}

// Solvable reports whether m has a table: both sides have a piece and there
// are at most MaxPieces. (With one side bare the game is decided within a
// half-move and needs no table.)
func (m Material) Solvable() bool {
	return m.Red != 0 && m.Blue != 0 && m.Count() <= MaxPieces
}

// Flip returns the material with the colours exchanged: its tables are those
// of m with the board turned upside down.
func (m Material) Flip() Material { return Material{Red: m.Blue, Blue: m.Red} }

// String writes the material as Red's letters, 'v', then Blue's letters, each
// side highest animal first, in the letters of the position notation: "Evcr"
// is a red elephant against a blue cat and rat, "LTve" a red lion and tiger
// against a blue elephant.
func (m Material) String() string {
	var b strings.Builder
	for c := dsq.Red; c <= dsq.Blue; c++ {
		if c == dsq.Blue {
			b.WriteByte('v')
		}
		for a := dsq.Elephant; ; a-- {
			if m.Side(c)&(1<<a) != 0 {
				b.WriteByte(dsq.NewPiece(c, a).Letter())
			}
			if a == dsq.Rat {
				break
			}
		}
	}
	return b.String()
}

// ParseMaterial reads what Material.String writes: Red's letters in upper
// case, 'v', Blue's in lower case, in any order within a side, such as
// "Evcr" or "RCve". Each side needs at least one piece and at most MaxPieces
// pieces are allowed in all.
func ParseMaterial(s string) (Material, error) {
	red, blue, ok := strings.Cut(s, "v")
	if !ok || red == "" || blue == "" {
		return Material{}, fmt.Errorf("%w: %q: want red letters, 'v', blue letters, such as \"Evcr\"", ErrMaterial, s)
	}
	var m Material
	for i, part := range []string{red, blue} {
		c := dsq.Color(i)
		for _, ch := range part {
			a, ok := animalOf(ch, c)
			if !ok {
				return Material{}, fmt.Errorf("%w: %q: letter %q is not a %s animal", ErrMaterial, s, ch, c)
			}
			if m.Side(c)&(1<<a) != 0 {
				return Material{}, fmt.Errorf("%w: %q: two %s %ss", ErrMaterial, s, c, a)
			}
			m = m.with(c, a)
		}
	}
	if m.Count() > MaxPieces {
		return Material{}, fmt.Errorf("%w: %q: %d pieces, at most %d", ErrMaterial, s, m.Count(), MaxPieces)
	}
	return m, nil
}

func (m Material) with(c dsq.Color, a dsq.Animal) Material {
	if c == dsq.Red {
		m.Red |= 1 << a
	} else {
		m.Blue |= 1 << a
	}
	return m
}

// animalOf reads a piece letter of side c.
func animalOf(ch rune, c dsq.Color) (dsq.Animal, bool) {
	for a := dsq.Rat; a <= dsq.Elephant; a++ {
		if rune(dsq.NewPiece(c, a).Letter()) == ch {
			return a, true
		}
	}
	return 0, false
}

// AllMaterials returns every solvable material of up to n pieces (n at most
// MaxPieces), fewer pieces first.
func AllMaterials(n int) []Material {
	var out []Material
	for count := 2; count <= min(n, MaxPieces); count++ {
		for red := 0; red < 256; red++ {
			for blue := 0; blue < 256; blue++ {
				m := Material{Red: uint8(red), Blue: uint8(blue)}
				if m.Count() == count && m.Solvable() {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// Closure returns the materials needed to solve ms: each of them and every
// solvable material a capture sequence leads to, fewer pieces first, without
// repeats.
func Closure(ms ...Material) []Material {
	seen := map[Material]bool{}
	var visit func(m Material)
	visit = func(m Material) {
		if seen[m] || !m.Solvable() {
			return
		}
		seen[m] = true
		for _, p := range m.Pieces() {
			visit(m.Without(p.Color(), p.Animal()))
		}
	}
	for _, m := range ms {
		visit(m)
	}
	var out []Material
	for count := 2; count <= MaxPieces; count++ {
		for _, m := range AllMaterials(MaxPieces) {
			if m.Count() == count && seen[m] {
				out = append(out, m)
			}
		}
	}
	return out
}
