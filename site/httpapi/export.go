package httpapi

import (
	"net/http"
	"strconv"
)

// export answers with a game's record as a file to save (API.md, Export):
// the plain record, or once the game's review is stored, the record
// annotated with it; X-Record-Reviewed says which.
func (s *Server) export(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	ex, err := s.games.Record(r.Context(), id)
	if err != nil {
		s.answer(w, r, 0, nil, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="dsq-`+id+`.txt"`) // an id is hex: nothing to quote
	h.Set("Content-Length", strconv.Itoa(len(ex.Text)))
	h.Set("X-Record-Reviewed", strconv.FormatBool(ex.Reviewed))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(ex.Text)
	}
}
