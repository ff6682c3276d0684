package web

import (
	"bytes"
	"image"
	"image/color"
	"image/png"

	dsq "github.com/doushouqi/doushouqi"
)

// The link preview's picture is a PNG, the one format every chat and
// social site shows (most do not show an SVG). The standard library has no
// SVG rasteriser and no fonts, so the board is drawn here square by square
// in the svg package's colours and geometry (a frame, land in two shades,
// water, each side's traps and den), each piece a token of its side's shape
// (a disc for Red, a rounded square for Blue, as on the page) with its rank
// in digits drawn from a small bitmap font.

// Picture geometry, in pixels.
const (
	pngSquare = 64 // a square's side
	pngMargin = 14 // the frame around the board
	// PNGWidth and PNGHeight are the picture's size, for og:image:width
	// and og:image:height.
	PNGWidth  = 7*pngSquare + 2*pngMargin
	PNGHeight = 9*pngSquare + 2*pngMargin
)

// The svg package's colours (svg/board.go), for a preview that looks like
// the board the site draws.
var (
	pngFrame  = rgb(0x5a4330)
	pngLand   = [2]color.RGBA{rgb(0xb9d68c), rgb(0xaecb7f)}
	pngWater  = rgb(0x4b8bcb)
	pngWave   = rgb(0x79a9da)
	pngLast   = rgb(0xf08c00)
	pngAnimal = rgb(0xfff6df)
	pngToken  = [2]color.RGBA{dsq.Red: rgb(0xc5362c), dsq.Blue: rgb(0x2456b6)}
	pngDark   = [2]color.RGBA{dsq.Red: rgb(0x7d1a12), dsq.Blue: rgb(0x12306e)}
	pngTrap   = [2]color.RGBA{dsq.Red: rgb(0xeeb3a3), dsq.Blue: rgb(0xb5c3ee)}
	pngMark   = [2]color.RGBA{dsq.Red: rgb(0xb3342b), dsq.Blue: rgb(0x2c4fae)}
	pngDen    = [2]color.RGBA{dsq.Red: rgb(0xd4564a), dsq.Blue: rgb(0x3e5ec4)}
)

func rgb(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}
}

// BoardPNG draws pos as a PNG picture of PNGWidth x PNGHeight pixels,
// Red's side at the bottom (Blue's with flipped), the squares of last
// framed (dsq.NoMove: none).
func BoardPNG(pos dsq.Position, last dsq.Move, flipped bool) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, PNGWidth, PNGHeight))
	fill(img, img.Bounds(), pngFrame)
	corner := func(s dsq.Square) (int, int) {
		f, r := s.File(), s.Rank()
		if flipped {
			f, r = 6-f, 8-r
		}
		return pngMargin + f*pngSquare, pngMargin + (8-r)*pngSquare
	}
	rules := pos.Rules()
	for s := dsq.A1; s < dsq.NoSquare; s++ {
		x, y := corner(s)
		sq := image.Rect(x, y, x+pngSquare, y+pngSquare)
		owner := dsq.Blue
		if (dsq.RedTraps | dsq.RedDen).Has(s) {
			owner = dsq.Red
		}
		switch {
		case dsq.Water.Has(s):
			fill(img, sq, pngWater)
			for _, dy := range []int{20, 44} { // two waves
				for dx := 6; dx < pngSquare-6; dx++ {
					wy := y + dy + wave(dx)
					fill(img, image.Rect(x+dx, wy, x+dx+1, wy+2), pngWave)
				}
			}
		case dsq.Traps.Has(s):
			fill(img, sq, pngTrap[owner])
			for dy := range pngSquare { // hatched both ways
				for dx := range pngSquare {
					if (dx+dy)%16 < 2 || (dx-dy+pngSquare)%16 < 2 {
						img.SetRGBA(x+dx, y+dy, pngMark[owner])
					}
				}
			}
		case dsq.Dens.Has(s):
			fill(img, sq, pngDen[owner])
			fill(img, image.Rect(x+20, y+28, x+44, y+56), pngDark[owner]) // the cave's mouth
		default:
			fill(img, sq, pngLand[(s.File()+s.Rank())%2])
		}
	}
	if last != dsq.NoMove {
		for _, s := range []dsq.Square{last.From(), last.To()} {
			x, y := corner(s)
			frame(img, image.Rect(x, y, x+pngSquare, y+pngSquare), 4, pngLast)
		}
	}
	for s := dsq.A1; s < dsq.NoSquare; s++ {
		p := pos.PieceAt(s)
		if !p.IsValid() {
			continue
		}
		x, y := corner(s)
		c := p.Color()
		token(img, x+6, y+6, pngSquare-12, c == dsq.Red, pngToken[c], pngDark[c])
		digit(img, x+pngSquare/2, y+pngSquare/2, rules.Rank(p.Animal()), pngAnimal)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// wave is a wave's height at dx: a triangle wave of 24 pixels, 3 high.
func wave(dx int) int {
	p := dx % 24
	if p > 12 {
		p = 24 - p
	}
	return p/2 - 3
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}

// frame draws the border of r, w pixels wide, inside it.
func frame(img *image.RGBA, r image.Rectangle, w int, c color.RGBA) {
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), c)
	fill(img, image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), c)
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y), c)
	fill(img, image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y), c)
}

// token draws a piece's token of side size at x, y: a disc (round) or a
// square with rounded corners, with a rim in the side's dark colour.
func token(img *image.RGBA, x, y, size int, round bool, body, rim color.RGBA) {
	radius := size / 4
	if round {
		radius = size / 2
	}
	inside := func(dx, dy, inset int) bool {
		r := radius - inset
		lo, hi := inset, size-1-inset
		if dx < lo || dx > hi || dy < lo || dy > hi {
			return false
		}
		cx := min(max(dx, lo+r), hi-r)
		cy := min(max(dy, lo+r), hi-r)
		return (dx-cx)*(dx-cx)+(dy-cy)*(dy-cy) <= r*r
	}
	for dy := range size {
		for dx := range size {
			switch {
			case inside(dx, dy, 3):
				img.SetRGBA(x+dx, y+dy, body)
			case inside(dx, dy, 0):
				img.SetRGBA(x+dx, y+dy, rim)
			}
		}
	}
}

// digits are the glyphs of 0 to 9, five pixels wide and seven high.
var digits = [10][7]string{
	{".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."},
	{"..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."},
	{".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"},
	{"#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."},
	{"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."},
	{"#####", "#....", "####.", "....#", "....#", "#...#", ".###."},
	{"..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."},
	{"#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."},
	{".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."},
	{".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."},
}

// digitScale is the size of a glyph's pixel.
const digitScale = 4

// digit draws the one-digit number n centred on cx, cy.
func digit(img *image.RGBA, cx, cy, n int, c color.RGBA) {
	g := digits[n%10]
	x0, y0 := cx-5*digitScale/2, cy-7*digitScale/2
	for row, line := range g {
		for col, ch := range line {
			if ch == '#' {
				x, y := x0+col*digitScale, y0+row*digitScale
				fill(img, image.Rect(x, y, x+digitScale, y+digitScale), c)
			}
		}
	}
}
