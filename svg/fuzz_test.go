package svg_test

import (
	"errors"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/svg"
	"github.com/stretchr/testify/require"
)

// FuzzBoard checks that Board, given any position and options, either
// refuses them with an *Error and no output, or draws a well-formed document
// with the 63 squares, every piece, the position's notation as title, and
// the coordinates exactly when asked.
func FuzzBoard(f *testing.F) {
	f.Add(dsq.StartNotation, 0, false, false, uint16(0), uint8(0), "", "", uint8(0), uint8(1))
	f.Add("4t2/3L3/7/7/7/7/7/7/7 b 0 30", 390, true, true, uint16(dsq.NewMove(dsq.D7, dsq.D8)), uint8(dsq.D9), "#d4008f", "better", uint8(dsq.D8), uint8(dsq.D9))
	f.Add(dsq.StartNotation, -5, true, false, uint16(0xffff), uint8(63), `"><script>`, "a&b", uint8(9), uint8(9))
	f.Fuzz(func(t *testing.T, notation string, size int, flipped, noCoords bool, last uint16, mark uint8, color, class string, from, to uint8) {
		pos, err := dsq.ParsePosition(notation)
		if err != nil {
			pos = dsq.Position{}
		}
		opts := svg.Options{
			Size: size, Flipped: flipped, NoCoordinates: noCoords, LastMove: dsq.Move(last),
			Marks:  []svg.Mark{{Square: dsq.Square(mark), Color: color, Class: class}},
			Arrows: []svg.Arrow{{From: dsq.Square(from), To: dsq.Square(to), Color: color}},
		}
		s, err := svg.Board(pos, opts)
		if err != nil {
			var e *svg.Error
			require.True(t, errors.As(err, &e), "%T %v", err, err)
			require.Empty(t, s)
			return
		}
		nodes := parse(t, s)
		require.Equal(t, pos.String(), nodes[1].Text)
		require.Len(t, find(nodes, "rect", "sq"), 63)
		require.Len(t, find(nodes, "g", "piece"), (pos.Occupied(dsq.Red) | pos.Occupied(dsq.Blue)).Count())
		coords := len(find(nodes, "text", "coord"))
		if noCoords {
			require.Zero(t, coords)
		} else {
			require.Equal(t, 32, coords)
		}
	})
}
