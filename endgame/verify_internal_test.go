package endgame

import (
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/require"
)

// TestVerifyCatchesDamage: changing any one kind of entry makes Verify fail.
func TestVerifyCatchesDamage(t *testing.T) {
	m, err := ParseMaterial("Evcr")
	require.NoError(t, err)
	ts, err := NewTables(dsq.Standard)
	require.NoError(t, err)
	require.NoError(t, ts.Generate([]Material{m}, Options{}))
	require.NoError(t, ts.Verify(m, Options{}))
	tb := ts.Table(m)
	for name, change := range map[string]func(c uint16) (uint16, bool){
		"win slower":  func(c uint16) (uint16, bool) { return c + 2, c >= winCode(2) && c%2 == 1 },
		"win faster":  func(c uint16) (uint16, bool) { return c - 2, c >= winCode(3) && c%2 == 1 },
		"loss slower": func(c uint16) (uint16, bool) { return c + 2, c >= lossCode(2) && c%2 == 0 },
		"loss->draw":  func(c uint16) (uint16, bool) { return codeDraw, c >= lossCode(1) && c%2 == 0 },
		"win->draw":   func(c uint16) (uint16, bool) { return codeDraw, c >= winCode(1) && c%2 == 1 },
		"draw->win":   func(c uint16) (uint16, bool) { return winCode(7), c == codeDraw },
		"draw->loss":  func(c uint16) (uint16, bool) { return lossCode(7), c == codeDraw },
	} {
		i := 0
		var to uint16
		for ; i < tb.Len(); i++ {
			var ok bool
			if to, ok = change(tb.code(i)); ok {
				break
			}
		}
		require.Less(t, i, tb.Len(), name)
		old := tb.data[i]
		tb.data[i] = byte(to)
		require.Error(t, ts.Verify(m, Options{}), name)
		tb.data[i] = old
	}
	require.NoError(t, ts.Verify(m, Options{}))
}
