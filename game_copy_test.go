package doushouqi_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// gameView is everything a Game shows, for comparing two games whole.
type gameView struct {
	Moves     []string
	Positions []string // PositionAfter(0..len(Moves))
	Current   string
	Tags      map[string]string
	Outcome   string
	Offer     string
	Record    string
	JSON      string
	Legal     []string
}

func viewOf(t *testing.T, g *dsq.Game) gameView {
	t.Helper()
	v := gameView{Moves: moveTexts(g.Moves()), Current: g.Position().String(), Tags: g.Tags(), Outcome: g.Outcome().String(), Record: g.Record(), Legal: moveTexts(g.LegalMoves())}
	for i := 0; ; i++ {
		p, ok := g.PositionAfter(i)
		if !ok {
			break
		}
		v.Positions = append(v.Positions, p.String())
	}
	if c, ok := g.DrawOffer(); ok {
		v.Offer = c.String()
	}
	data, err := json.Marshal(g)
	require.NoError(t, err)
	v.JSON = string(data)
	return v
}

// TestGameCopyReproductions replays the reproductions of issue 27: each
// failed while a copy shared its history and tags with the original.
func TestGameCopyReproductions(t *testing.T) {
	t.Run("a snapshot taken from a map keeps its moves", func(t *testing.T) {
		rooms := map[string]dsq.Game{}
		var g dsq.Game
		playAll(t, &g, "a3a4", "a7a6", "g3g4")
		rooms["r1"] = g
		snap := rooms["r1"]
		cur := rooms["r1"]
		require.NoError(t, cur.Undo())
		_, err := cur.PlayText("b2b3")
		require.NoError(t, err)
		assert.Equal(t, []string{"a3a4", "a7a6", "g3g4"}, moveTexts(snap.Moves()))
		assert.Equal(t, []string{"a3a4", "a7a6", "g3g4"}, moveTexts(rooms["r1"].Moves()))
		assert.Equal(t, []string{"a3a4", "a7a6", "b2b3"}, moveTexts(cur.Moves()))
		last, _ := snap.PositionAfter(3)
		assert.Equal(t, dsq.G4, last.Pieces(dsq.Red, dsq.Rat).First(), "the snapshot's last position is after g3g4")
	})
	t.Run("b := *a, then both play", func(t *testing.T) {
		a := dsq.NewGame()
		playAll(t, a, "a3a4")
		b := *a
		playAll(t, a, "a7a6")
		playAll(t, &b, "g7g6")
		assert.Equal(t, []string{"a3a4", "a7a6"}, moveTexts(a.Moves()))
		assert.Equal(t, []string{"a3a4", "g7g6"}, moveTexts(b.Moves()))
		assert.Equal(t, dsq.A6, a.Position().Pieces(dsq.Blue, dsq.Rat).First())
		assert.Equal(t, dsq.G6, b.Position().Pieces(dsq.Blue, dsq.Elephant).First())
	})
	t.Run("b.SetTag leaves a's tags", func(t *testing.T) {
		a := dsq.NewGame()
		require.NoError(t, a.SetTag("Red", "alice"))
		b := *a
		require.NoError(t, b.SetTag("Red", "mallory"))
		require.NoError(t, b.SetTag("Blue", "bob"))
		b.DeleteTag("Red")
		assert.Equal(t, map[string]string{"Red": "alice"}, a.Tags())
		assert.Equal(t, map[string]string{"Blue": "bob"}, b.Tags())
	})
}

// rebuilt returns a game rebuilt from g's JSON record: equal to g in all it
// shows, and sharing no memory with it, whatever Clone does.
func rebuilt(t *testing.T, g *dsq.Game) *dsq.Game {
	t.Helper()
	data, err := json.Marshal(g)
	require.NoError(t, err)
	r, err := dsq.ParseRecordJSON(data)
	require.NoError(t, err)
	return r
}

// room is a struct holding a game by value, as a server's room does.
type room struct {
	name string
	game dsq.Game
}

// TestGameCopiesIndependent plays seeded random interleavings of every
// kind of change on copies of one game held in a map, in structs and in a
// slice, copying them into each other as it goes. Each copy has a
// reference rebuilt from its record when the copy was made, given the same
// calls;
// after every call every copy must still show exactly what its reference
// shows.
func TestGameCopiesIndependent(t *testing.T) {
	for seed := range uint64(12) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 27))
			base := dsq.NewGame()
			if seed%3 == 1 {
				var err error
				base, err = dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{Threefold: true, MoveLimit: 20})
				require.NoError(t, err)
			}
			require.NoError(t, base.SetTag("Event", "copies"))

			// Three holders: a map value, a struct field, a slice element.
			rooms := map[string]dsq.Game{"m": *base}
			structs := []room{{"s", *base}}
			slice := []dsq.Game{*base}
			refs := []*dsq.Game{rebuilt(t, base), rebuilt(t, base), rebuilt(t, base)}
			get := func(i int) dsq.Game {
				switch i {
				case 0:
					return rooms["m"]
				case 1:
					return structs[0].game
				}
				return slice[0]
			}
			put := func(i int, g dsq.Game) {
				switch i {
				case 0:
					rooms["m"] = g
				case 1:
					structs[0].game = g
				default:
					slice[0] = g
				}
			}

			for step := range 300 {
				i := rng.IntN(3)
				g := get(i)
				ref := refs[i]
				var what string
				var got, want error
				switch op := rng.IntN(20); {
				case op < 9:
					moves := g.LegalMoves()
					if len(moves) == 0 {
						what = "Undo (no legal move)"
						got, want = g.Undo(), ref.Undo()
						break
					}
					m := moves[rng.IntN(len(moves))]
					what = "Play " + m.String()
					got, want = g.Play(m), ref.Play(m)
				case op < 12:
					what = "Undo"
					got, want = g.Undo(), ref.Undo()
				case op < 14:
					name := []string{"Red", "Blue", "Event", "Round"}[rng.IntN(4)]
					value := fmt.Sprint(step)
					what = "SetTag " + name + " " + value
					got, want = g.SetTag(name, value), ref.SetTag(name, value)
				case op < 15:
					name := []string{"Red", "Blue", "Event", "Round"}[rng.IntN(4)]
					what = "DeleteTag " + name
					g.DeleteTag(name)
					ref.DeleteTag(name)
				case op < 16:
					c := dsq.Color(rng.IntN(2))
					what = "OfferDraw " + c.String()
					got, want = g.OfferDraw(c), ref.OfferDraw(c)
				case op < 17:
					c := dsq.Color(rng.IntN(2))
					what = "AcceptDraw or DeclineDraw " + c.String()
					if rng.IntN(2) == 0 {
						got, want = g.AcceptDraw(c), ref.AcceptDraw(c)
					} else {
						got, want = g.DeclineDraw(c), ref.DeclineDraw(c)
					}
				case op < 18 && rng.IntN(4) == 0:
					c := dsq.Color(rng.IntN(2))
					what = "Resign " + c.String()
					got, want = g.Resign(c), ref.Resign(c)
				default:
					// Copy another holder's game over this one, or start
					// afresh from the base when the copies are all over.
					j := rng.IntN(3)
					what = fmt.Sprintf("copy %d over %d", j, i)
					g = get(j)
					ref = rebuilt(t, refs[j])
					refs[i] = ref
					if g.IsOver() && rng.IntN(2) == 0 {
						what = fmt.Sprintf("base over %d", i)
						g = *base
						refs[i] = rebuilt(t, base)
					}
				}
				assert.Equal(t, want != nil, got != nil, "step %d, holder %d: %s: error %v, want %v", step, i, what, got, want)
				put(i, g)
				for k := range 3 {
					kept := get(k)
					require.Equal(t, viewOf(t, refs[k]), viewOf(t, &kept), "step %d: after %s on holder %d, holder %d", step, what, i, k)
				}
			}
			require.Equal(t, viewOf(t, rebuilt(t, base)), viewOf(t, base), "the base game never changed")
		})
	}
}

// TestGameCopiesConcurrent plays different games on copies of one game from
// several goroutines at once: each copy is its own game, so under -race no
// write of one may reach memory another reads.
func TestGameCopiesConcurrent(t *testing.T) {
	shared := dsq.NewGame()
	playAll(t, shared, "a3a4", "a7a6", "g3g4")
	require.NoError(t, shared.SetTag("Event", "shared"))
	want := viewOf(t, shared)

	var wg sync.WaitGroup
	for w := range 6 {
		own := *shared
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 3))
			for ply := 0; ply < 80 && !own.IsOver(); ply++ {
				moves := own.LegalMoves()
				if err := own.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Error(err)
					return
				}
				if ply%7 == 3 {
					_ = own.Undo()
				}
				if err := own.SetTag("Round", fmt.Sprint(ply)); err != nil {
					t.Error(err)
					return
				}
			}
			if _, err := dsq.ParseRecord(own.Record()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, want, viewOf(t, shared))
}

// TestGameClone: a clone shows what the original shows, and changes to
// either do not reach the other.
func TestGameClone(t *testing.T) {
	g := dsq.NewGame()
	playAll(t, g, "a3a4", "a7a6")
	require.NoError(t, g.SetTag("Red", "alice"))
	require.NoError(t, g.OfferDraw(dsq.Blue))
	c := g.Clone()
	assert.Equal(t, viewOf(t, g), viewOf(t, c))
	before := viewOf(t, g)
	require.NoError(t, c.Undo())
	playAll(t, c, "g7g6")
	require.NoError(t, c.SetTag("Red", "carol"))
	c.DeleteTag("Red")
	require.NoError(t, c.Resign(dsq.Red))
	assert.Equal(t, before, viewOf(t, g))
	var zero dsq.Game
	assert.Equal(t, viewOf(t, &zero), viewOf(t, zero.Clone()), "the zero Game's clone is a standard game from the start")
}

// TestGameCopiesAcrossBlocks branches copies at every length around the
// history's block boundaries (16 positions a block), taking back up to
// three moves first: the copy and the original must each show their own
// line.
func TestGameCopiesAcrossBlocks(t *testing.T) {
	base, err := dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{MoveLimit: dsq.NoMoveLimit})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(16, 32))
	for n := 0; n <= 52; n++ {
		if n > 0 {
			moves := base.LegalMoves()
			require.NotEmpty(t, moves)
			require.NoError(t, base.Play(moves[rng.IntN(len(moves))]))
		}
		if base.IsOver() {
			break
		}
		for undo := range min(n, 3) + 1 {
			a := *base
			want := viewOf(t, rebuilt(t, &a))
			b := a
			ref := rebuilt(t, &a)
			for range undo {
				require.NoError(t, b.Undo())
				require.NoError(t, ref.Undo())
			}
			c := b.Clone()
			require.Equal(t, viewOf(t, ref), viewOf(t, c), "length %d, undo %d: a clone", n, undo)
			for range 2 {
				if b.IsOver() {
					break
				}
				moves := b.LegalMoves()
				m := moves[rng.IntN(len(moves))]
				require.NoError(t, b.Play(m))
				require.NoError(t, ref.Play(m))
			}
			require.Equal(t, want, viewOf(t, &a), "length %d, undo %d: the original", n, undo)
			require.Equal(t, viewOf(t, ref), viewOf(t, &b), "length %d, undo %d: the copy", n, undo)
			if !c.IsOver() {
				require.NoError(t, c.Play(c.LegalMoves()[0]))
				require.Equal(t, viewOf(t, ref), viewOf(t, &b), "length %d, undo %d: the copy after its clone played", n, undo)
			}
			if !a.IsOver() {
				moves := a.LegalMoves()
				require.NoError(t, a.Play(moves[0]))
				require.Equal(t, viewOf(t, ref), viewOf(t, &b), "length %d, undo %d: the copy after the original played", n, undo)
			}
		}
	}
}
