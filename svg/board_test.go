package svg_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/svg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files and docs/img/start.svg from the package's output")

// node is an element of a drawn board: its name, attributes (by local name)
// and the text directly inside it.
type node struct {
	Name   string
	Attr   map[string]string
	Text   string
	Parent int // the index of the parent element, -1 for the root
}

func (n node) classes() []string { return strings.Fields(n.Attr["class"]) }

func (n node) hasClass(c string) bool {
	for _, f := range n.classes() {
		if f == c {
			return true
		}
	}
	return false
}

func (n node) int(t *testing.T, name string) int {
	t.Helper()
	v, err := strconv.Atoi(n.Attr[name])
	require.NoError(t, err, "%s %s=%q", n.Name, name, n.Attr[name])
	return v
}

// parse reads doc as strict XML and returns its elements in document order;
// it fails the test if doc is not a well-formed SVG document.
func parse(t *testing.T, doc string) []node {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	var nodes []node
	var open []int // indexes in nodes of the open elements
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch tok := tok.(type) {
		case xml.StartElement:
			if len(nodes) == 0 {
				require.Equal(t, xml.Name{Space: "http://www.w3.org/2000/svg", Local: "svg"}, tok.Name)
			}
			n := node{Name: tok.Name.Local, Attr: map[string]string{}, Parent: -1}
			if len(open) > 0 {
				n.Parent = open[len(open)-1]
			}
			for _, a := range tok.Attr {
				n.Attr[a.Name.Local] = a.Value
			}
			nodes = append(nodes, n)
			open = append(open, len(nodes)-1)
		case xml.EndElement:
			open = open[:len(open)-1]
		case xml.CharData:
			if len(open) > 0 {
				nodes[open[len(open)-1]].Text += string(tok)
			}
		}
	}
	require.NotEmpty(t, nodes)
	require.Empty(t, open)
	return nodes
}

// find returns the elements named name having class class ("" for any).
func find(nodes []node, name, class string) []node {
	var out []node
	for _, n := range nodes {
		if n.Name == name && (class == "" || n.hasClass(class)) {
			out = append(out, n)
		}
	}
	return out
}

func mustBoard(t *testing.T, pos dsq.Position, opts svg.Options) string {
	t.Helper()
	s, err := svg.Board(pos, opts)
	require.NoError(t, err)
	return s
}

func mustPosition(t *testing.T, s string) dsq.Position {
	t.Helper()
	pos, err := dsq.ParsePosition(s)
	require.NoError(t, err)
	return pos
}

// midgame is a position after eight moves: Red's rat swims at f4, and
// Blue's last move is c7d7.
func midgame(t *testing.T) (dsq.Position, dsq.Move) {
	t.Helper()
	g := dsq.NewGame()
	for _, m := range []string{"a3a4", "g7g6", "g3g4", "a7a6", "g4f4", "g6g5", "g1g2", "c7d7"} {
		_, err := g.PlayText(m)
		require.NoError(t, err)
	}
	moves := g.Moves()
	return g.Position(), moves[len(moves)-1]
}

// TestBoardMatchesGoldenFiles pins the bytes of two drawings. The start
// position's golden file is the image docs/svg.md shows (the module's size
// is budgeted, so the package keeps one copy of it): a change to the drawing
// shows in both, and go test ./svg -update rewrites them.
func TestBoardMatchesGoldenFiles(t *testing.T) {
	mid, last := midgame(t)
	cases := []struct {
		path string
		pos  dsq.Position
		opts svg.Options
	}{
		{filepath.Join("..", "docs", "img", "start.svg"), dsq.StartPosition(), svg.Options{Size: 390}},
		{filepath.Join("testdata", "midgame-flipped.svg"), mid, svg.Options{
			Size:     500,
			Flipped:  true,
			LastMove: last,
			Marks:    []svg.Mark{{Square: dsq.C4}, {Square: dsq.D8, Color: "#d4008f", Class: "better"}},
			Arrows:   []svg.Arrow{{From: dsq.A4, To: dsq.A5}, {From: dsq.E3, To: dsq.G5, Color: "#15781b"}},
		}},
	}
	for _, c := range cases {
		t.Run(filepath.Base(c.path), func(t *testing.T) {
			got := mustBoard(t, c.pos, c.opts)
			if *update {
				require.NoError(t, os.WriteFile(c.path, []byte(got), 0o644))
			}
			want, err := os.ReadFile(c.path)
			require.NoError(t, err, "go test ./svg -update writes it")
			assert.Equal(t, string(want), got, "Board differs from %s (go test ./svg -update rewrites it)", c.path)
		})
	}
}

func TestBoardDrawsEverySquareWithItsTerrain(t *testing.T) {
	terrainClass := map[dsq.Terrain]string{
		dsq.Plain:     "land",
		dsq.River:     "water",
		dsq.OwnDen:    "den red",
		dsq.EnemyDen:  "den blue",
		dsq.OwnTrap:   "trap red",
		dsq.EnemyTrap: "trap blue",
	}
	for _, flipped := range []bool{false, true} {
		t.Run(fmt.Sprint("flipped=", flipped), func(t *testing.T) {
			nodes := parse(t, mustBoard(t, dsq.StartPosition(), svg.Options{Flipped: flipped}))
			squares := find(nodes, "rect", "sq")
			require.Len(t, squares, 63)
			seen := map[string]bool{}
			for _, n := range squares {
				s, err := dsq.ParseSquare(n.Attr["data-square"])
				require.NoError(t, err)
				require.False(t, seen[s.String()], "square %s drawn twice", s)
				seen[s.String()] = true
				want := terrainClass[dsq.TerrainOf(s, dsq.Red)]
				assert.Equal(t, "sq "+want, strings.Join(n.classes()[:len(strings.Fields(want))+1], " "), "square %s", s)
				col, row := s.File(), 8-s.Rank()
				if flipped {
					col, row = 6-s.File(), s.Rank()
				}
				assert.Equal(t, 40+100*col, n.int(t, "x"), "x of %s", s)
				assert.Equal(t, 40+100*row, n.int(t, "y"), "y of %s", s)
			}
		})
	}
}

func TestBoardPutsTheRightCornerSquaresAtTheBottomLeft(t *testing.T) {
	cases := []struct {
		flipped    bool
		bottomLeft string
		topRight   string
	}{
		{false, "a1", "g9"},
		{true, "g9", "a1"},
	}
	for _, c := range cases {
		nodes := parse(t, mustBoard(t, dsq.StartPosition(), svg.Options{Flipped: c.flipped}))
		for _, n := range find(nodes, "rect", "sq") {
			switch n.Attr["data-square"] {
			case c.bottomLeft:
				assert.Equal(t, [2]int{40, 840}, [2]int{n.int(t, "x"), n.int(t, "y")}, "flipped %v", c.flipped)
			case c.topRight:
				assert.Equal(t, [2]int{640, 40}, [2]int{n.int(t, "x"), n.int(t, "y")}, "flipped %v", c.flipped)
			}
		}
	}
}

func TestBoardDrawsEachPieceOnItsSquare(t *testing.T) {
	mid, _ := midgame(t)
	for _, pos := range []dsq.Position{
		dsq.StartPosition(),
		mid,
		mustPosition(t, "7/7/7/7/7/7/7/7/R6 b 0 1"), // Blue has no pieces
		mustPosition(t, "7/7/7/7/2r4/7/7/7/E6 r 0 1"),
	} {
		t.Run(pos.String(), func(t *testing.T) {
			nodes := parse(t, mustBoard(t, pos, svg.Options{}))
			pieces := find(nodes, "g", "piece")
			require.Len(t, pieces, (pos.Occupied(dsq.Red) | pos.Occupied(dsq.Blue)).Count())
			drawn := map[int][]string{} // the uses' targets by piece, in order
			for _, n := range nodes {
				if n.Name == "use" && nodes[n.Parent].hasClass("piece") {
					drawn[n.Parent] = append(drawn[n.Parent], n.Attr["href"])
				}
			}
			require.Len(t, drawn, len(pieces))
			for i, n := range nodes {
				if !n.hasClass("piece") {
					continue
				}
				s, err := dsq.ParseSquare(n.Attr["data-square"])
				require.NoError(t, err)
				p := pos.PieceAt(s)
				c, a := p.Color().String(), p.Animal().String()
				assert.Equal(t, []string{"piece", c, a}, n.classes(), "piece on %s", s)
				assert.Equal(t, []string{"#dsq-" + c + "-token", "#dsq-" + a}, drawn[i], "piece on %s", s)
			}
			var symbols, present []string
			for _, n := range find(nodes, "symbol", "") {
				if !strings.HasSuffix(n.Attr["id"], "-token") {
					symbols = append(symbols, n.Attr["id"])
				}
			}
			for a := dsq.Rat; a <= dsq.Elephant; a++ {
				if pos.Pieces(dsq.Red, a)|pos.Pieces(dsq.Blue, a) != 0 {
					present = append(present, "dsq-"+a.String())
				}
			}
			assert.Equal(t, present, symbols, "one pictogram for each animal on the board")
		})
	}
}

func TestBoardBadgesShowTheRankUnderThePositionsRules(t *testing.T) {
	cases := []struct {
		pos       string
		dog, wolf string
	}{
		{"7/3d3/7/7/7/7/3W3/7/7 b 3 9", "3", "4"},
		{"7/3d3/7/7/7/7/3W3/7/7 b 3 9 swap-dog-wolf", "4", "3"},
	}
	for _, c := range cases {
		nodes := parse(t, mustBoard(t, mustPosition(t, c.pos), svg.Options{}))
		badges := find(nodes, "text", "badge")
		require.Len(t, badges, 2)
		// a1 first: the wolf on d3, then the dog on d8.
		assert.Equal(t, []string{c.wolf, c.dog}, []string{badges[0].Text, badges[1].Text}, c.pos)
	}
}

func TestBoardDrawsCoordinatesOnlyWhenAsked(t *testing.T) {
	cases := []struct {
		opts    svg.Options
		viewBox string
		files   string // the bottom row, left to right
		ranks   string // the left column, top to bottom
	}{
		{svg.Options{}, "0 0 780 980", "abcdefg", "987654321"},
		{svg.Options{Flipped: true}, "0 0 780 980", "gfedcba", "123456789"},
		{svg.Options{NoCoordinates: true}, "0 0 720 920", "", ""},
		{svg.Options{NoCoordinates: true, Flipped: true}, "0 0 720 920", "", ""},
	}
	for _, c := range cases {
		nodes := parse(t, mustBoard(t, dsq.StartPosition(), c.opts))
		assert.Equal(t, c.viewBox, nodes[0].Attr["viewBox"])
		coords := find(nodes, "text", "coord")
		if c.files == "" {
			assert.Empty(t, coords, "%+v", c.opts)
			continue
		}
		require.Len(t, coords, 2*7+2*9)
		files := make([]string, 7) // by column
		ranks := make([]string, 9) // by row
		for _, n := range coords {
			switch {
			case n.hasClass("file") && n.int(t, "y") > 900:
				files[(n.int(t, "x")-40)/100] = n.Text
			case n.hasClass("rank") && n.int(t, "x") < 40:
				ranks[(n.int(t, "y")-40)/100] = n.Text
			}
			// Outside the squares: in the frame, never under a piece.
			x, y := n.int(t, "x"), n.int(t, "y")
			assert.True(t, x < 40 || x > 740 || y < 40 || y > 940, "coordinate %q at %d,%d is on the board", n.Text, x, y)
		}
		assert.Equal(t, c.files, strings.Join(files, ""), "%+v", c.opts)
		assert.Equal(t, c.ranks, strings.Join(ranks, ""), "%+v", c.opts)
	}
}

func TestBoardTitleIsTheNotationAndDescNamesThePieces(t *testing.T) {
	mid, last := midgame(t)
	cases := []struct {
		pos  dsq.Position
		last dsq.Move
		desc string
	}{
		{dsq.StartPosition(), dsq.NoMove,
			"Red: elephant a3, lion g1, tiger a1, leopard e3, wolf c3, dog f2, cat b2, rat g3. " +
				"Blue: elephant g7, lion a9, tiger g9, leopard c7, wolf e7, dog b8, cat f8, rat a7. Red to move."},
		{mid, last,
			"Red: elephant a4, lion g2, tiger a1, leopard e3, wolf c3, dog f2, cat b2, rat f4. " +
				"Blue: elephant g5, lion a9, tiger g9, leopard d7, wolf e7, dog b8, cat f8, rat a6. Red to move. Last move c7d7."},
		{mustPosition(t, "3L3/7/7/7/7/7/7/7/6e b 0 9"), dsq.NewMove(dsq.D8, dsq.D9),
			"Red: lion d9. Blue: elephant g1. Red wins: den entered. Last move d8d9."},
		{mustPosition(t, "7/7/7/7/7/7/7/7/R6 b 0 1"), dsq.NoMove,
			"Red: rat a1. Blue: no pieces. Red wins: no pieces left."},
		{mustPosition(t, "7/7/7/7/7/7/7/7/R6 b 0 1 trapped-capture"), dsq.NoMove,
			"Red: rat a1. Blue: no pieces. Red wins: no pieces left."},
	}
	for _, c := range cases {
		nodes := parse(t, mustBoard(t, c.pos, svg.Options{LastMove: c.last}))
		assert.Equal(t, "img", nodes[0].Attr["role"])
		require.Equal(t, "title", nodes[1].Name, "the title is the first child, the accessible name")
		assert.Equal(t, c.pos.String(), nodes[1].Text)
		back, err := dsq.ParsePosition(nodes[1].Text)
		require.NoError(t, err)
		assert.Equal(t, c.pos, back, "the title reads back as the position")
		require.Equal(t, "desc", nodes[2].Name)
		assert.Equal(t, c.desc, nodes[2].Text)
	}
}

func TestBoardSizeSetsWidthAndHeightToTheBoardsShape(t *testing.T) {
	cases := []struct {
		opts          svg.Options
		width, height string
	}{
		{svg.Options{}, "", ""},
		{svg.Options{Size: 390}, "390", "490"},
		{svg.Options{Size: 500}, "500", "628"}, // 628.2
		{svg.Options{Size: 1}, "1", "1"},
		{svg.Options{Size: 360, NoCoordinates: true}, "360", "460"},
		{svg.Options{Size: svg.MaxSize}, "100000", "125641"}, // 125641.03
	}
	for _, c := range cases {
		root := parse(t, mustBoard(t, dsq.StartPosition(), c.opts))[0]
		assert.Equal(t, c.width, root.Attr["width"], "%+v", c.opts)
		assert.Equal(t, c.height, root.Attr["height"], "%+v", c.opts)
	}
}

func TestBoardHighlightsTheLastMovesSquares(t *testing.T) {
	for _, m := range []dsq.Move{dsq.NewMove(dsq.B3, dsq.B7), dsq.NewMove(dsq.G5, dsq.D5), dsq.NewMove(dsq.A7, dsq.A6)} {
		nodes := parse(t, mustBoard(t, dsq.StartPosition(), svg.Options{LastMove: m}))
		var got []string
		for _, n := range find(nodes, "rect", "") {
			if n.Attr["stroke"] == "#f08c00" {
				got = append(got, n.Attr["data-square"])
			}
		}
		assert.Equal(t, []string{m.From().String(), m.To().String()}, got)
	}
	nodes := parse(t, mustBoard(t, dsq.StartPosition(), svg.Options{}))
	assert.Empty(t, find(nodes, "g", "last"), "no last move, no highlight")
}

// TestBoardColoursAreHexNamesOrNumericFunctions: a colour is a hex colour,
// a name, or rgb/rgba/hsl/hsla of plain numbers; anything a viewer would
// fetch or look up (url, var) or that is not a colour is refused, on marks
// and arrows alike, and an accepted colour is written as given.
func TestBoardColoursAreHexNamesOrNumericFunctions(t *testing.T) {
	cases := []struct {
		color string
		ok    bool
	}{
		{"", true},
		{"#abc", true},
		{"#ABCD", true},
		{"#d4008f", true},
		{"#d4008f80", true},
		{"gold", true},
		{"DarkSlateGray", true},
		{"rgb(212, 0, 143)", true},
		{"rgb(212 0 143 / 50%)", true},
		{"RGBA(212,0,143,.5)", true},
		{"hsl(320, 100%, 41.6%)", true},
		{"hsla(-40 100% 41% / 0.5)", true},
		{"url(//evil.example/a.svg#p)", false},
		{"url(#p)", false},
		{"var(--mark)", false},
		{"rgb(var(--r), 0, 0)", false},
		{"rgb(url(x))", false},
		{"calc(1)", false},
		{"rgb(212 0 143", false},
		{"rgb(212 0 143))", false},
		{"rgb(1)x", false},
		{"hsl(120deg, 50%, 50%)", false},
		{"#abcde", false},
		{"#ggg", false},
		{"#", false},
		{"gold 1", false},
		{"gold-1", false},
		{"(1,2,3)", false},
	}
	for _, c := range cases {
		for _, opts := range []svg.Options{
			{Marks: []svg.Mark{{Square: dsq.A1, Color: c.color}}},
			{Arrows: []svg.Arrow{{From: dsq.A1, To: dsq.A2, Color: c.color}}},
		} {
			s, err := svg.Board(dsq.StartPosition(), opts)
			if !c.ok {
				assert.ErrorIs(t, err, svg.ErrColor, c.color)
				assert.Empty(t, s, c.color)
				continue
			}
			require.NoError(t, err, c.color)
			if c.color != "" {
				assert.Contains(t, s, `="`+c.color+`"`, c.color)
			}
		}
	}
}

func TestBoardDrawsMarksAndArrowsInOrderWithTheirColours(t *testing.T) {
	opts := svg.Options{
		Marks: []svg.Mark{
			{Square: dsq.E5},
			{Square: dsq.A1, Color: "rgb(212 0 143 / 50%)", Class: " better  best "},
			{Square: dsq.E5, Color: "gold"},
		},
		Arrows: []svg.Arrow{
			{From: dsq.A3, To: dsq.A4},
			{From: dsq.G1, To: dsq.A9, Color: "#15781b", Class: "hint"},
		},
	}
	nodes := parse(t, mustBoard(t, dsq.StartPosition(), opts))
	marks := find(nodes, "g", "mark")
	require.Len(t, marks, 3)
	var got []string
	for _, m := range marks {
		got = append(got, m.Attr["class"]+"@"+m.Attr["data-square"])
	}
	assert.Equal(t, []string{"mark@e5", "mark better best@a1", "mark@e5"}, got)
	var strokes []string
	for _, n := range find(nodes, "rect", "") {
		if n.Attr["stroke-width"] == "6" && n.Attr["fill"] == "" {
			strokes = append(strokes, n.Attr["stroke"])
		}
	}
	assert.Equal(t, []string{"#000", "rgb(212 0 143 / 50%)", "gold"}, strokes)

	arrows := find(nodes, "g", "arrow")
	require.Len(t, arrows, 2)
	assert.Equal(t, "arrow", arrows[0].Attr["class"])
	assert.Equal(t, "#d4008f", arrows[0].Attr["fill"])
	assert.Equal(t, "a3 a4", arrows[0].Attr["data-from"]+" "+arrows[0].Attr["data-to"])
	assert.Equal(t, "arrow hint", arrows[1].Attr["class"])
	assert.Equal(t, "#15781b", arrows[1].Attr["stroke"])

	// The up arrow a3a4 runs along file a's centre, its head's tip on a4's.
	lines := find(nodes, "line", "")
	polys := find(nodes, "polygon", "")
	require.Len(t, lines, 2)
	require.Len(t, polys, 2)
	assert.Equal(t, map[string]string{"x1": "90", "y1": "690", "x2": "90", "y2": "630", "stroke-width": "14"}, lines[0].Attr)
	assert.Equal(t, "90,590 68,630 112,630", polys[0].Attr["points"])
}

func TestBoardAcceptsAsLastMoveEveryStepAndRiverJumpOnly(t *testing.T) {
	accepted := 0
	for from := dsq.A1; from < dsq.NoSquare; from++ {
		for to := dsq.A1; to < dsq.NoSquare; to++ {
			_, err := svg.Board(dsq.StartPosition(), svg.Options{LastMove: dsq.NewMove(from, to)})
			if err == nil {
				accepted++
			} else {
				require.ErrorIs(t, err, svg.ErrMove, "%s%s", from, to)
			}
		}
	}
	// Steps: 2*(6*9 + 7*8) = 220; jumps: 2*4 across the rivers' length (b, c,
	// e, f between ranks 3 and 7) and 2*2*3 across their width (a-d and d-g
	// on ranks 4 to 6): 20. And a1a1, which is NoMove: no last move.
	assert.Equal(t, 220+20+1, accepted)
}

func TestBoardRefusesWhatItCannotDraw(t *testing.T) {
	start := dsq.StartPosition()
	cases := []struct {
		pos   dsq.Position
		opts  svg.Options
		arg   string
		value string
		err   error
		msg   string
	}{
		{dsq.Position{}, svg.Options{}, "pos", "", dsq.ErrNotAPosition, `svg: pos "": not a position of the game`},
		{start, svg.Options{Size: -1}, "Size", "-1", svg.ErrSize, `svg: Size "-1": size out of range`},
		{start, svg.Options{Size: svg.MaxSize + 1}, "Size", "100001", svg.ErrSize, ""},
		{start, svg.Options{LastMove: dsq.NewMove(dsq.A1, dsq.C1)}, "LastMove", "a1c1", svg.ErrMove, `svg: LastMove "a1c1": not a step or a river jump`},
		{start, svg.Options{LastMove: dsq.NewMove(dsq.B1, dsq.B1)}, "LastMove", "b1b1", svg.ErrMove, ""},
		{start, svg.Options{LastMove: dsq.NewMove(dsq.A3, dsq.A5)}, "LastMove", "a3a5", svg.ErrMove, ""},
		{start, svg.Options{LastMove: dsq.NewMove(dsq.C3, dsq.D7)}, "LastMove", "c3d7", svg.ErrMove, ""},
		{start, svg.Options{LastMove: dsq.Move(63 << 6)}, "LastMove", "4032", svg.ErrMove, ""},
		{start, svg.Options{LastMove: dsq.Move(1<<12 | 7<<6)}, "LastMove", "4544", svg.ErrMove, ""},
		{start, svg.Options{Marks: []svg.Mark{{Square: dsq.A1}, {Square: dsq.NoSquare}}}, "Marks[1].Square", "63", svg.ErrSquare, `svg: Marks[1].Square "63": not a square of the board`},
		{start, svg.Options{Marks: []svg.Mark{{Square: 200}}}, "Marks[0].Square", "200", svg.ErrSquare, ""},
		{start, svg.Options{Marks: []svg.Mark{{Square: dsq.A1, Color: `red" onload="x`}}}, "Marks[0].Color", `red" onload="x`, svg.ErrColor, ""},
		{start, svg.Options{Marks: []svg.Mark{{Square: dsq.A1, Color: "red;fill:blue"}}}, "Marks[0].Color", "red;fill:blue", svg.ErrColor, ""},
		{start, svg.Options{Marks: []svg.Mark{{Square: dsq.A1, Color: strings.Repeat("a", 65)}}}, "Marks[0].Color", strings.Repeat("a", 65), svg.ErrColor, ""},
		{start, svg.Options{Marks: []svg.Mark{{Square: dsq.A1, Class: "a<b"}}}, "Marks[0].Class", "a<b", svg.ErrClass, ""},
		{start, svg.Options{Marks: []svg.Mark{{Square: dsq.A1, Class: "é"}}}, "Marks[0].Class", "é", svg.ErrClass, ""},
		{start, svg.Options{Arrows: []svg.Arrow{{From: dsq.C3, To: dsq.C3}}}, "Arrows[0]", "c3c3", svg.ErrArrow, `svg: Arrows[0] "c3c3": an arrow joins two different squares`},
		{start, svg.Options{Arrows: []svg.Arrow{{From: 64, To: dsq.C3}}}, "Arrows[0].From", "64", svg.ErrSquare, ""},
		{start, svg.Options{Arrows: []svg.Arrow{{From: dsq.C3, To: dsq.NoSquare}}}, "Arrows[0].To", "63", svg.ErrSquare, ""},
		{start, svg.Options{Arrows: []svg.Arrow{{From: dsq.C3, To: dsq.C4, Color: "<"}}}, "Arrows[0].Color", "<", svg.ErrColor, ""},
		{start, svg.Options{Arrows: []svg.Arrow{{From: dsq.C3, To: dsq.C4, Class: "x&y"}}}, "Arrows[0].Class", "x&y", svg.ErrClass, ""},
	}
	for _, c := range cases {
		t.Run(c.arg+"="+c.value, func(t *testing.T) {
			s, err := svg.Board(c.pos, c.opts)
			assert.Empty(t, s)
			require.ErrorIs(t, err, c.err)
			var e *svg.Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, c.arg, e.Arg)
			assert.Equal(t, c.value, e.Value)
			if c.msg != "" {
				assert.EqualError(t, err, c.msg)
			}
			var b bytes.Buffer
			require.ErrorIs(t, svg.WriteBoard(&b, c.pos, c.opts), c.err)
			assert.Zero(t, b.Len(), "a refused input writes nothing")
		})
	}
}

// randomBoard plays a random game from the start for up to 80 half-moves and
// picks random options, all from r.
func randomBoard(r *rand.Rand) (dsq.Position, svg.Options) {
	pos := dsq.StartPosition()
	var last dsq.Move
	for range r.IntN(80) {
		moves := pos.LegalMoves()
		if len(moves) == 0 {
			break
		}
		last = moves[r.IntN(len(moves))]
		if err := pos.Play(last); err != nil {
			panic(err)
		}
	}
	opts := svg.Options{Size: r.IntN(800), Flipped: r.IntN(2) == 0, NoCoordinates: r.IntN(3) == 0, LastMove: last}
	for range r.IntN(4) {
		opts.Marks = append(opts.Marks, svg.Mark{Square: dsq.Square(r.IntN(dsq.NumSquares))})
	}
	for range r.IntN(3) {
		from := dsq.Square(r.IntN(dsq.NumSquares))
		to := (from + 1 + dsq.Square(r.IntN(dsq.NumSquares-1))) % dsq.NumSquares
		opts.Arrows = append(opts.Arrows, svg.Arrow{From: from, To: to})
	}
	return pos, opts
}

func TestBoardIsDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 40 {
		pos, opts := randomBoard(r)
		first := mustBoard(t, pos, opts)
		again := pos
		copied := opts
		copied.Marks = append([]svg.Mark(nil), opts.Marks...)
		copied.Arrows = append([]svg.Arrow(nil), opts.Arrows...)
		require.Equal(t, first, mustBoard(t, again, copied), "%s %+v", pos, opts)
		nodes := parse(t, first)
		require.Len(t, find(nodes, "rect", "sq"), 63)
		require.Len(t, find(nodes, "g", "piece"), (pos.Occupied(dsq.Red) | pos.Occupied(dsq.Blue)).Count())
	}
}

type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	w.n++
	return 0, errors.New("disk full")
}

func TestWriteBoardWritesWhatBoardReturnsInOneWrite(t *testing.T) {
	mid, last := midgame(t)
	opts := svg.Options{LastMove: last, Flipped: true}
	var b bytes.Buffer
	require.NoError(t, svg.WriteBoard(&b, mid, opts))
	assert.Equal(t, mustBoard(t, mid, opts), b.String())

	w := &failingWriter{}
	assert.EqualError(t, svg.WriteBoard(w, mid, opts), "disk full")
	assert.Equal(t, 1, w.n)
}
