package svg_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/svg"
)

func ExampleBoard() {
	s, err := svg.Board(dsq.StartPosition(), svg.Options{Size: 390})
	if err != nil {
		fmt.Println(err)
		return
	}
	lines := strings.Split(s, "\n")
	fmt.Println(lines[0])
	fmt.Println(lines[1])
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" class="dsq-board" role="img" viewBox="0 0 780 980" width="390" height="490">
	// <title>l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1</title>
}

func ExampleBoard_options() {
	// A lion about to enter Blue's den, seen from Blue's side, with the move
	// that brought it there and the den it threatens.
	pos, err := dsq.ParsePosition("4t2/3L3/7/7/7/7/7/7/7 b 0 30")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := svg.Board(pos, svg.Options{
		Flipped:  true,
		LastMove: dsq.NewMove(dsq.D7, dsq.D8),
		Marks:    []svg.Mark{{Square: dsq.D9, Color: "#d4008f"}},
		Arrows:   []svg.Arrow{{From: dsq.D8, To: dsq.D9}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.Split(s, "\n")[2])
	// Output:
	// <desc>Red: lion d8. Blue: tiger e9. Blue to move. Last move d7d8.</desc>
}

// A handler serving a position as an image: WriteBoard writes nothing when it
// refuses its input, so the handler can still answer with an error.
func ExampleWriteBoard() {
	handler := func(w http.ResponseWriter, r *http.Request) {
		pos, err := dsq.ParsePosition(r.URL.Query().Get("pos"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "image/svg+xml")
		if err := svg.WriteBoard(w, pos, svg.Options{Size: 390}); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
	rec := httptest.NewRecorder()
	handler(rec, httptest.NewRequest("GET", "/board.svg?pos=l6/7/7/7/7/7/7/7/6L+r", nil))
	fmt.Println(rec.Code, rec.Header().Get("Content-Type"), strings.Count(rec.Body.String(), `class="piece `))
	// Output: 200 image/svg+xml 2
}

func ExampleBoard_refused() {
	_, err := svg.Board(dsq.StartPosition(), svg.Options{Marks: []svg.Mark{{Square: dsq.NoSquare}}})
	fmt.Println(err)
	// Output: svg: Marks[0].Square "63": not a square of the board
}

// Pieces is the pictograms of the animals, one <symbol> each, for a page
// that draws its own pieces.
func ExamplePieces() {
	sheet := svg.Pieces()
	fmt.Println(strings.Count(sheet, "<symbol "), "symbols")
	fmt.Println(strings.Contains(sheet, `<symbol id="dsq-lion" viewBox="0 0 100 100">`))
	// Output:
	// 8 symbols
	// true
}
