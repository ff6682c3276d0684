package teach

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
)

// maxPositionLen bounds the position text read from a query; a real one is
// under 80 bytes.
const maxPositionLen = 200

// maxMoves bounds the moves parameter: a lesson plays a handful, and the
// longest game the move limit allows from one capture to the next is 60.
const maxMoves = 200

// moveRefusal is the 422 answer to a moves parameter with an illegal move:
// the API's error shape, and which move it was.
type moveRefusal struct {
	Rule
	Move  string `json:"move"`
	Index int    `json:"index"`
}

// apiError is the API's one error shape.
type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Handler answers GET /api/analysis?position=<notation>&square=<sq> with an
// [Analysis] (see API.md). With moves=<m1>,<m2>... the moves are played from
// the position first and the position they reach is analysed: this is how a
// lesson board tries a move and asks what follows (a drawn game after the
// 60th half-move without a capture, say) without a rule in the page. An
// illegal move is a 422 whose code names the rule, with the move and its
// index. A missing or bad position, move or square is a 400 bad-request
// with a message saying which; an empty square is analysed as a board
// without a piece. It does not look at the path, so the server can
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
		if ms := q.Get("moves"); ms != "" {
			list := strings.Split(ms, ",")
			if len(list) > maxMoves {
				writeJSON(w, http.StatusBadRequest, apiError{"bad-request", "too many moves"})
				return
			}
			for i, s := range list {
				m, err := dsq.ParseMove(strings.TrimSpace(s))
				if err != nil {
					writeJSON(w, http.StatusBadRequest, apiError{"bad-request", "moves must be moves such as a3a4, separated by commas"})
					return
				}
				if err := pos.Play(m); err != nil {
					writeJSON(w, http.StatusUnprocessableEntity, moveRefusal{Rule: RuleOf(err), Move: m.String(), Index: i})
					return
				}
			}
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
