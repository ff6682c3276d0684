package svg

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
)

// MaxSize is the largest Options.Size: far above any screen, and small
// enough that the height computed from it cannot overflow.
const MaxSize = 100_000

// Options says how Board draws a position. The zero Options draws the board
// with Red at the bottom, coordinates around it, no size (the image fills
// the width of its container) and no marks.
type Options struct {
	// Size is the width of the image in pixels, from 1 to MaxSize; the
	// height follows from the board's shape (7 files by 9 ranks and the
	// frame). 0 writes no width and height, so the image takes the size its
	// page gives it.
	Size int

	// Flipped turns the board for Blue: rank 9 at the bottom and file g on
	// the left.
	Flipped bool

	// NoCoordinates leaves out the file letters and rank numbers drawn
	// around the board, and narrows the frame.
	NoCoordinates bool

	// LastMove, unless it is dsq.NoMove, highlights its from and to squares.
	// It must be a step or a river jump between squares of the board;
	// whether it was played to reach the position is not checked.
	LastMove dsq.Move

	// Marks outlines squares, in the order given, under the pieces.
	Marks []Mark

	// Arrows are drawn over everything else, in the order given.
	Arrows []Arrow
}

// Mark outlines one square, as a lesson or a review points at it.
type Mark struct {
	Square dsq.Square
	// Color is the outline's CSS colour, such as "#d4008f", "gold" or
	// "rgb(212 0 143)"; "" is black. At most 64 bytes, one of: #rgb, #rgba,
	// #rrggbb or #rrggbbaa in hex digits; a named colour (letters only); or
	// rgb(), rgba(), hsl() or hsla() holding only digits, spaces and
	// . , % / -. Anything else, such as url(...) or var(...), which would
	// make a viewer fetch or look something up, is refused with ErrColor.
	Color string
	// Class is added to the outline's class ("mark"), for a page's CSS: at
	// most 64 bytes of names made of letters, digits, '-' and '_', separated
	// by spaces; anything else is refused with ErrClass.
	Class string
}

// Arrow points from one square's centre to another's, such as a better move
// in a review. Any two different squares may be joined.
type Arrow struct {
	From, To dsq.Square
	// Color is the arrow's CSS colour, as Mark.Color; "" is the play site's
	// review colour, a magenta.
	Color string
	// Class is added to the arrow's class ("arrow"), as Mark.Class.
	Class string
}

// The play site's light theme (site/web/static/style.css).
const (
	frameColor   = "#5a4330"
	coordColor   = "#f4efe3"
	land1Color   = "#b9d68c"
	land2Color   = "#aecb7f"
	waterColor   = "#4b8bcb"
	animalColor  = "#fff6df"
	lastColor    = "#f08c00"
	markColor    = "#000"
	arrowColor   = "#d4008f"
	shadowColor  = "#000"
	haloColor    = "#fff"
	waveColor    = "#fff"
	denRingColor = "#fff"
)

// side is how one side is drawn: its token, the token's highlight, the
// pictogram's features, and its traps and den.
type side struct {
	name                string // the class and the id prefix: "red", "blue"
	word                string // in the description: "Red", "Blue"
	token, hi, dark     string
	trap, trapMark, den string
}

var sides = [2]side{
	dsq.Red: {
		name: "red", word: "Red",
		token: "#c5362c", hi: "#e35a4d", dark: "#7d1a12",
		trap: "#eeb3a3", trapMark: "#b3342b", den: "#d4564a",
	},
	dsq.Blue: {
		name: "blue", word: "Blue",
		token: "#2456b6", hi: "#4a7be0", dark: "#12306e",
		trap: "#b5c3ee", trapMark: "#2c4fae", den: "#3e5ec4",
	},
}

// Geometry, in the image's units (the viewBox): every coordinate computed is
// a whole number, so that the output is the same on every platform.
const (
	sq          = 100 // the side of a square; the pictograms' grid as well
	coordMargin = 40  // the frame around the board, holding the coordinates
	plainMargin = 10  // the frame without coordinates
)

// layout places the squares.
type layout struct {
	margin  int
	flipped bool
}

func (l layout) width() int  { return 7*sq + 2*l.margin }
func (l layout) height() int { return 9*sq + 2*l.margin }

// corner returns the top left corner of s as drawn.
func (l layout) corner(s dsq.Square) (x, y int) {
	f, r := s.File(), s.Rank()
	if l.flipped {
		f, r = 6-f, 8-r
	}
	return l.margin + f*sq, l.margin + (8-r)*sq
}

// Board returns pos drawn as an SVG document, as opts ask. It refuses the
// zero Position (dsq.ErrNotAPosition) and options it cannot draw with an
// [*Error], and returns "" with it.
func Board(pos dsq.Position, opts Options) (string, error) {
	if err := check(pos, opts); err != nil {
		return "", err
	}
	var b bytes.Buffer
	draw(&b, pos, opts)
	return b.String(), nil
}

// WriteBoard writes to w what Board returns. An input Board refuses writes
// nothing; otherwise the document goes to w in one Write, whose error is
// returned.
func WriteBoard(w io.Writer, pos dsq.Position, opts Options) error {
	if err := check(pos, opts); err != nil {
		return err
	}
	var b bytes.Buffer
	draw(&b, pos, opts)
	_, err := w.Write(b.Bytes())
	return err
}

// check returns the first input Board cannot draw, as an *Error.
func check(pos dsq.Position, opts Options) error {
	if pos.IsZero() {
		return &Error{Arg: "pos", Value: "", Err: dsq.ErrNotAPosition}
	}
	if opts.Size < 0 || opts.Size > MaxSize {
		return &Error{Arg: "Size", Value: strconv.Itoa(opts.Size), Err: ErrSize}
	}
	if m := opts.LastMove; m != dsq.NoMove && !isMove(m) {
		return &Error{Arg: "LastMove", Value: moveText(m), Err: ErrMove}
	}
	for i, mk := range opts.Marks {
		arg := "Marks[" + strconv.Itoa(i) + "]"
		if !mk.Square.IsValid() {
			return &Error{Arg: arg + ".Square", Value: squareText(mk.Square), Err: ErrSquare}
		}
		if err := checkPaint(arg, mk.Color, mk.Class); err != nil {
			return err
		}
	}
	for i, a := range opts.Arrows {
		arg := "Arrows[" + strconv.Itoa(i) + "]"
		if !a.From.IsValid() {
			return &Error{Arg: arg + ".From", Value: squareText(a.From), Err: ErrSquare}
		}
		if !a.To.IsValid() {
			return &Error{Arg: arg + ".To", Value: squareText(a.To), Err: ErrSquare}
		}
		if a.From == a.To {
			return &Error{Arg: arg, Value: a.From.String() + a.To.String(), Err: ErrArrow}
		}
		if err := checkPaint(arg, a.Color, a.Class); err != nil {
			return err
		}
	}
	return nil
}

// isMove reports whether m joins two squares of the board by a step or a
// river jump: a move some position could have played.
func isMove(m dsq.Move) bool {
	from, to := m.From(), m.To()
	if !from.IsValid() || !to.IsValid() || dsq.NewMove(from, to) != m {
		return false
	}
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	if df*df+dr*dr == 1 {
		return true
	}
	_, jump := dsq.JumpPath(from, to)
	return jump
}

// moveText is m as text for an error: its squares' names where they are
// squares, its number otherwise.
func moveText(m dsq.Move) string {
	if from, to := m.From(), m.To(); dsq.NewMove(from, to) == m && from.IsValid() && to.IsValid() {
		return from.String() + to.String()
	}
	return strconv.Itoa(int(m))
}

// squareText is s's name, or its number if it is not a square of the board.
func squareText(s dsq.Square) string {
	if s.IsValid() {
		return s.String()
	}
	return strconv.Itoa(int(s))
}

func checkPaint(arg, color, class string) error {
	if !isColor(color) {
		return &Error{Arg: arg + ".Color", Value: color, Err: ErrColor}
	}
	if !isClass(class) {
		return &Error{Arg: arg + ".Class", Value: class, Err: ErrClass}
	}
	return nil
}

// isColor reports whether c is a colour a Mark or Arrow accepts ("" is
// the default colour): a hex colour, a named colour, or one of the colour
// functions with plain numbers. Nothing else, so that no value ends an
// attribute, starts markup, or makes a viewer fetch something (url(...))
// or read the page's CSS (var(...)).
func isColor(c string) bool {
	if len(c) > 64 {
		return false
	}
	if hex, ok := strings.CutPrefix(c, "#"); ok {
		switch len(hex) {
		case 3, 4, 6, 8:
		default:
			return false
		}
		for _, r := range hex {
			if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F') {
				return false
			}
		}
		return true
	}
	name, args, call := strings.Cut(c, "(")
	for _, r := range name {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	if !call {
		return true // a named colour, or ""
	}
	switch strings.ToLower(name) {
	case "rgb", "rgba", "hsl", "hsla":
	default:
		return false
	}
	args, closed := strings.CutSuffix(args, ")")
	if !closed {
		return false
	}
	for _, r := range args {
		if !('0' <= r && r <= '9') && !strings.ContainsRune("., %/-", r) {
			return false
		}
	}
	return true
}

// isClass reports whether c is a list of class names made of letters,
// digits, '-' and '_', separated by spaces ("" is none).
func isClass(c string) bool {
	if len(c) > 64 {
		return false
	}
	for _, r := range c {
		if !isAlnum(r) && r != '-' && r != '_' && r != ' ' {
			return false
		}
	}
	return true
}

func isAlnum(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}

// draw writes the document of an input check accepted.
func draw(b *bytes.Buffer, pos dsq.Position, opts Options) {
	l := layout{margin: coordMargin, flipped: opts.Flipped}
	if opts.NoCoordinates {
		l.margin = plainMargin
	}
	w, h := l.width(), l.height()
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" class="dsq-board" role="img" viewBox="0 0 %d %d"`, w, h)
	if opts.Size > 0 {
		fmt.Fprintf(b, ` width="%d" height="%d"`, opts.Size, (opts.Size*h+w/2)/w)
	}
	b.WriteString(">\n<title>")
	escape(b, pos.String())
	b.WriteString("</title>\n<desc>")
	escape(b, describe(pos, opts.LastMove))
	b.WriteString("</desc>\n")
	drawDefs(b, pos)
	fmt.Fprintf(b, `<rect class="frame" width="%d" height="%d" rx="%d" fill="%s"/>`+"\n", w, h, l.margin/3+5, frameColor)
	if !opts.NoCoordinates {
		drawCoordinates(b, l)
	}
	drawTerrain(b, l)
	if m := opts.LastMove; m != dsq.NoMove {
		b.WriteString(`<g class="last">` + "\n")
		for _, s := range []dsq.Square{m.From(), m.To()} {
			x, y := l.corner(s)
			fmt.Fprintf(b, `<rect data-square="%s" x="%d" y="%d" width="94" height="94" fill="%s" fill-opacity="0.25" stroke="%s" stroke-width="6"/>`+"\n",
				s, x+3, y+3, lastColor, lastColor)
		}
		b.WriteString("</g>\n")
	}
	for _, mk := range opts.Marks {
		x, y := l.corner(mk.Square)
		color := mk.Color
		if color == "" {
			color = markColor
		}
		fmt.Fprintf(b, `<g class="%s" data-square="%s" fill="none">`+"\n", classes("mark", mk.Class), mk.Square)
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="92" height="92" stroke="%s" stroke-width="10"/>`+"\n", x+4, y+4, haloColor)
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="92" height="92" stroke="%s" stroke-width="6"/>`+"\n", x+4, y+4, color)
		b.WriteString("</g>\n")
	}
	drawPieces(b, pos, l)
	for _, a := range opts.Arrows {
		drawArrow(b, l, a)
	}
	b.WriteString("</svg>\n")
}

// classes joins a class of this package with the caller's, if any.
func classes(own, extra string) string {
	if f := strings.Fields(extra); len(f) > 0 {
		return own + " " + strings.Join(f, " ")
	}
	return own
}

// escape writes s as XML character data.
func escape(b *bytes.Buffer, s string) { b.WriteString(xmlText.Replace(s)) }

var xmlText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// describe is the image's description in words: each side's pieces, highest
// rank first, then who moves or how the game ended, and the last move.
func describe(pos dsq.Position, last dsq.Move) string {
	var parts []string
	for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
		var pieces []string
		for a := dsq.Elephant; ; a-- {
			if s, ok := pos.SquareOf(c, a); ok {
				pieces = append(pieces, a.String()+" "+s.String())
			}
			if a == dsq.Rat {
				break
			}
		}
		if len(pieces) == 0 {
			pieces = []string{"no pieces"}
		}
		parts = append(parts, sides[c].word+": "+strings.Join(pieces, ", ")+".")
	}
	if o := pos.Outcome(); o.IsDecided() {
		t := o.String()
		parts = append(parts, strings.ToUpper(t[:1])+t[1:]+".")
	} else {
		parts = append(parts, sides[pos.SideToMove()].word+" to move.")
	}
	if last != dsq.NoMove {
		parts = append(parts, "Last move "+last.String()+".")
	}
	return strings.Join(parts, " ")
}

// drawDefs writes the shared definitions, in a fixed order: the water and
// each side's traps as patterns (their colour with waves or hatching), then
// for each side with pieces its token (shadow, shaded disc or rounded
// square, rank badge), then the pictograms of the animals on the board.
func drawDefs(b *bytes.Buffer, pos dsq.Position) {
	b.WriteString("<defs>\n")
	fmt.Fprintf(b, `<pattern id="dsq-water" width="56" height="28" patternUnits="userSpaceOnUse"><rect width="56" height="28" fill="%s"/><path d="M0 14 Q14 4 28 14 T56 14" fill="none" stroke="%s" stroke-opacity="0.38" stroke-width="3"/></pattern>`+"\n", waterColor, waveColor)
	for _, sd := range sides {
		fmt.Fprintf(b, `<pattern id="dsq-%s-trap" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="20" height="20" fill="%s"/><path d="M-5 5 L5 -5 M0 20 L20 0 M15 25 L25 15 M-5 15 L5 25 M0 0 L20 20 M15 -5 L25 5" stroke="%s" stroke-opacity="0.55" stroke-width="3"/></pattern>`+"\n", sd.name, sd.trap, sd.trapMark)
	}
	for c, sd := range sides {
		if pos.Occupied(dsq.Color(c)) == 0 {
			continue
		}
		fmt.Fprintf(b, `<radialGradient id="dsq-%s-shade" cx="0.34" cy="0.28" r="0.98"><stop offset="0" stop-color="%s"/><stop offset="0.45" stop-color="%s"/></radialGradient>`+"\n", sd.name, sd.hi, sd.token)
		fmt.Fprintf(b, `<symbol id="dsq-%s-token" viewBox="0 0 100 100">`+"\n", sd.name)
		if dsq.Color(c) == dsq.Red {
			fmt.Fprintf(b, `<circle cx="50" cy="53" r="42" fill="%s" fill-opacity="0.35"/>`+"\n", shadowColor)
			b.WriteString(`<circle cx="50" cy="50" r="42" fill="url(#dsq-red-shade)" stroke="#fff" stroke-opacity="0.5" stroke-width="3"/>` + "\n")
		} else {
			fmt.Fprintf(b, `<rect x="8" y="11" width="84" height="84" rx="18" fill="%s" fill-opacity="0.35"/>`+"\n", shadowColor)
			b.WriteString(`<rect x="8" y="8" width="84" height="84" rx="18" fill="url(#dsq-blue-shade)" stroke="#fff" stroke-opacity="0.5" stroke-width="3"/>` + "\n")
		}
		fmt.Fprintf(b, `<circle class="badge" cx="80" cy="80" r="16" fill="%s" stroke="%s" stroke-width="2.5"/>`+"\n", animalColor, sd.dark)
		b.WriteString("</symbol>\n")
	}
	for a := dsq.Rat; a <= dsq.Elephant; a++ {
		if pos.Pieces(dsq.Red, a)|pos.Pieces(dsq.Blue, a) == 0 {
			continue
		}
		writePictogram(b, a)
	}
	b.WriteString("</defs>\n")
}

// drawCoordinates writes the file letters above and below the board and
// the rank numbers left and right of it, in the frame.
func drawCoordinates(b *bytes.Buffer, l layout) {
	fmt.Fprintf(b, `<g class="coords" fill="%s" font-family="sans-serif" font-size="26" font-weight="700" text-anchor="middle">`+"\n", coordColor)
	half := l.margin / 2
	for f := 0; f < 7; f++ {
		x, _ := l.corner(dsq.SquareAt(f, 0))
		for _, y := range []int{half + 9, l.height() - half + 9} {
			fmt.Fprintf(b, `<text class="coord file" x="%d" y="%d">%c</text>`+"\n", x+sq/2, y, 'a'+f)
		}
	}
	for r := 0; r < 9; r++ {
		_, y := l.corner(dsq.SquareAt(0, r))
		for _, x := range []int{half, l.width() - half} {
			fmt.Fprintf(b, `<text class="coord rank" x="%d" y="%d">%d</text>`+"\n", x, y+sq/2+9, r+1)
		}
	}
	b.WriteString("</g>\n")
}

// drawTerrain writes the 63 squares, a1 first: land in two shades, water
// with waves, each side's traps hatched and its den with a cave, in the
// side's colours.
func drawTerrain(b *bytes.Buffer, l layout) {
	b.WriteString(`<g class="squares">` + "\n")
	for s := dsq.A1; s < dsq.NoSquare; s++ {
		x, y := l.corner(s)
		rect := func(class, fill string) {
			fmt.Fprintf(b, `<rect class="%s" data-square="%s" x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", class, s, x, y, sq, sq, fill)
		}
		switch {
		case dsq.Water.Has(s):
			rect("sq water", "url(#dsq-water)")
		case dsq.Traps.Has(s):
			sd := sides[ownerOf(s)]
			rect("sq trap "+sd.name, "url(#dsq-"+sd.name+"-trap)")
		case dsq.Dens.Has(s):
			sd := sides[ownerOf(s)]
			rect("sq den "+sd.name, sd.den)
			fmt.Fprintf(b, `<path class="cave" d="M%d %d V%d A32 32 0 0 1 %d %d V%d Z" fill="#fff" fill-opacity="0.28"/>`+"\n", x+18, y+84, y+52, x+82, y+52, y+84)
			fmt.Fprintf(b, `<path class="cave" d="M%d %d V%d A16 16 0 0 1 %d %d V%d Z" fill="#000" fill-opacity="0.38"/>`+"\n", x+34, y+84, y+58, x+66, y+58, y+84)
			fmt.Fprintf(b, `<rect class="cave" x="%d" y="%d" width="96" height="96" fill="none" stroke="%s" stroke-opacity="0.35" stroke-width="4"/>`+"\n", x+2, y+2, denRingColor)
		case (s.File()+s.Rank())%2 == 0:
			rect("sq land l1", land1Color)
		default:
			rect("sq land l2", land2Color)
		}
	}
	b.WriteString("</g>\n")
}

// ownerOf is the side a trap or den belongs to.
func ownerOf(s dsq.Square) dsq.Color {
	if (dsq.RedTraps | dsq.RedDen).Has(s) {
		return dsq.Red
	}
	return dsq.Blue
}

// drawPieces writes the pieces, a1 first, as the play site draws them: a
// round token for Red and a rounded square for Blue (the sides differ
// without colour too), the animal's pictogram, and its rank under the
// position's rules in a badge.
func drawPieces(b *bytes.Buffer, pos dsq.Position, l layout) {
	if pos.Occupied(dsq.Red)|pos.Occupied(dsq.Blue) == 0 {
		return
	}
	b.WriteString(`<g class="pieces" font-family="sans-serif" font-size="24" font-weight="800" text-anchor="middle">` + "\n")
	rules := pos.Rules()
	for s := dsq.A1; s < dsq.NoSquare; s++ {
		p := pos.PieceAt(s)
		if !p.IsValid() {
			continue
		}
		c, a := p.Color(), p.Animal()
		sd := sides[c]
		x, y := l.corner(s)
		fmt.Fprintf(b, `<g class="piece %s %s" data-square="%s" color="%s">`+"\n", sd.name, a, s, sd.dark)
		fmt.Fprintf(b, `<use xlink:href="#dsq-%s-token" x="%d" y="%d" width="%d" height="%d"/>`+"\n", sd.name, x, y, sq, sq)
		fmt.Fprintf(b, `<use xlink:href="#dsq-%s" x="%d" y="%d" width="72" height="72"/>`+"\n", a, x+14, y+14)
		fmt.Fprintf(b, `<text class="badge" x="%d" y="%d" fill="currentColor">%d</text>`+"\n", x+80, y+88, rules.Rank(a))
		b.WriteString("</g>\n")
	}
	b.WriteString("</g>\n")
}

// Arrow geometry: the shaft's width, the head's length and half its width.
const (
	arrowShaft    = 14
	arrowHead     = 40
	arrowHeadHalf = 22
)

// drawArrow writes an arrow from the centre of a.From to the centre of a.To.
func drawArrow(b *bytes.Buffer, l layout, a Arrow) {
	fx, fy := l.corner(a.From)
	tx, ty := l.corner(a.To)
	fx, fy, tx, ty = fx+sq/2, fy+sq/2, tx+sq/2, ty+sq/2
	dx, dy := float64(tx-fx), float64(ty-fy)
	n := math.Hypot(dx, dy)
	// Each product is rounded on its own (an explicit conversion forbids a
	// fused multiply-add), so that every platform computes the same points.
	ux, uy := float64(dx/n), float64(dy/n)
	hx, hy := float64(arrowHead*ux), float64(arrowHead*uy)
	wx, wy := float64(arrowHeadHalf*uy), float64(arrowHeadHalf*ux)
	bx, by := float64(float64(tx)-hx), float64(float64(ty)-hy)
	color := a.Color
	if color == "" {
		color = arrowColor
	}
	fmt.Fprintf(b, `<g class="%s" data-from="%s" data-to="%s" fill="%s" stroke="%s" opacity="0.8">`+"\n", classes("arrow", a.Class), a.From, a.To, color, color)
	fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke-width="%d"/>`+"\n", fx, fy, round(bx), round(by), arrowShaft)
	fmt.Fprintf(b, `<polygon points="%d,%d %d,%d %d,%d" stroke="none"/>`+"\n",
		tx, ty, round(float64(bx+wx)), round(float64(by-wy)), round(float64(bx-wx)), round(float64(by+wy)))
	b.WriteString("</g>\n")
}

func round(v float64) int { return int(math.Round(v)) }
