package teach

import (
	"encoding/json"
	"errors"
	"net/http"

	dsq "github.com/doushouqi/doushouqi"
)

// maxPositionLen bounds the position text read from a query; a real one is
// under 80 bytes.
const maxPositionLen = 200

// apiError is the API's one error shape.
type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Handler answers GET /api/analysis?position=<notation>&square=<sq> with an
// [Analysis] (see API.md). A missing or bad position or square is a 400
// bad-request with a message saying which; an empty square is analysed as a
// board without a piece. It does not look at the path, so the server can
// mount it where it likes. It is the zero Teacher's Handler: without endgame
// tables.
func Handler() http.Handler { return Teacher{}.Handler() }

// Handler answers GET /api/analysis as the package's Handler does, with the
// verdict of t's tables in the analysis of a position they hold.
func (t Teacher) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeJSON(w, http.StatusMethodNotAllowed, apiError{"method-not-allowed", "use GET"})
			return
		}
		q := r.URL.Query()
		text := q.Get("position")
		if text == "" {
			writeJSON(w, http.StatusBadRequest, apiError{"bad-request", "missing position"})
			return
		}
		if len(text) > maxPositionLen {
			writeJSON(w, http.StatusBadRequest, apiError{"bad-request", "position too long"})
			return
		}
		pos, err := dsq.ParsePosition(text)
		if err != nil {
			writeJSON(w, http.StatusBadRequest, apiError{"bad-request", "not a position in the notation of RULES.md, such as " + dsq.StartNotation})
			return
		}
		a, err := t.Analyze(pos, q.Get("square"))
		if err != nil && !errors.Is(err, ErrNoPiece) {
			writeJSON(w, http.StatusBadRequest, apiError{"bad-request", "square must be a square of the board, such as c3"})
			return
		}
		writeJSON(w, http.StatusOK, a)
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
