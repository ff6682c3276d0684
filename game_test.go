package doushouqi_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func playAll(t *testing.T, g *dsq.Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		require.NoError(t, g.Play(mustMove(t, s)), "Play(%s)", s)
	}
}

func TestGamePlayUndo(t *testing.T) {
	g := dsq.NewGame()
	playAll(t, g, "a3a4", "a7a6", "g3g4")
	assert.Equal(t, []string{"a3a4", "a7a6", "g3g4"}, moveTexts(g.Moves()))
	after1, ok := g.PositionAfter(1)
	require.True(t, ok)
	want := dsq.StartPosition()
	require.NoError(t, want.Play(mustMove(t, "a3a4")))
	assert.Equal(t, want, after1)
	_, ok = g.PositionAfter(4)
	assert.False(t, ok)

	before := g.Position()
	err := g.Play(mustMove(t, "c7c6")) // Blue's leopard into the river
	assert.ErrorIs(t, err, dsq.ErrWater)
	assert.Equal(t, before, g.Position(), "a refused move changes nothing")
	assert.Len(t, g.Moves(), 3)

	require.NoError(t, g.Undo())
	require.NoError(t, g.Undo())
	after1again, _ := g.PositionAfter(1)
	assert.Equal(t, after1, g.Position())
	assert.Equal(t, after1, after1again)
	require.NoError(t, g.Undo())
	assert.Equal(t, dsq.StartPosition(), g.Position())
	assert.ErrorIs(t, g.Undo(), dsq.ErrNothingToUndo)
}

func TestGameEnds(t *testing.T) {
	t.Run("den", func(t *testing.T) {
		pos, err := dsq.ParsePosition("7/3D3/7/7/7/7/7/7/l6 r 0 1")
		require.NoError(t, err)
		g, err := dsq.NewGameFrom(pos)
		require.NoError(t, err)
		playAll(t, g, "d8d9")
		assert.Equal(t, dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Red}, g.Outcome())
		requireFrozen(t, g)
	})
	t.Run("resignation", func(t *testing.T) {
		g := dsq.NewGame()
		playAll(t, g, "a3a4")
		require.NoError(t, g.Resign(dsq.Red)) // not Red's turn: resigning needs none
		assert.Equal(t, "blue wins: resignation", g.Outcome().String())
		requireFrozen(t, g)
	})
	t.Run("agreed draw", func(t *testing.T) {
		g := dsq.NewGame()
		require.NoError(t, g.OfferDraw(dsq.Red))
		assert.ErrorIs(t, g.OfferDraw(dsq.Blue), dsq.ErrDrawOffered)
		assert.ErrorIs(t, g.AcceptDraw(dsq.Red), dsq.ErrNoDrawOffer, "one does not accept one's own offer")
		c, ok := g.DrawOffer()
		assert.True(t, ok)
		assert.Equal(t, dsq.Red, c)
		require.NoError(t, g.AcceptDraw(dsq.Blue))
		assert.True(t, g.Outcome().IsDraw())
		assert.Equal(t, "draw: agreed", g.Outcome().String())
		requireFrozen(t, g)
	})
	t.Run("move limit", func(t *testing.T) {
		pos, err := dsq.ParsePosition("l6/7/7/7/3D3/7/7/7/7 r 59 40")
		require.NoError(t, err)
		g, err := dsq.NewGameFrom(pos)
		require.NoError(t, err)
		playAll(t, g, "d5d4")
		assert.Equal(t, "draw: no-capture move limit", g.Outcome().String())
		requireFrozen(t, g)
	})
}

// requireFrozen checks that every call that would change a finished game,
// but Undo (which takes back the last step), is refused with a clear error
// and changes nothing.
func requireFrozen(t *testing.T, g *dsq.Game) {
	t.Helper()
	before, moves, outcome := g.Position(), g.Moves(), g.Outcome()
	m := dsq.NoMove
	if legal := before.LegalMoves(); len(legal) > 0 {
		m = legal[0]
	}
	assert.ErrorIs(t, g.Play(m), dsq.ErrGameOver)
	assert.ErrorIs(t, g.Resign(dsq.Red), dsq.ErrGameOver)
	assert.ErrorIs(t, g.OfferDraw(dsq.Blue), dsq.ErrGameOver)
	assert.ErrorIs(t, g.AcceptDraw(dsq.Blue), dsq.ErrGameOver)
	assert.ErrorIs(t, g.DeclineDraw(dsq.Blue), dsq.ErrGameOver)
	assert.Equal(t, before, g.Position())
	assert.Equal(t, moves, g.Moves())
	assert.Equal(t, outcome, g.Outcome())
}

func TestDrawOfferLapses(t *testing.T) {
	g := dsq.NewGame()
	require.NoError(t, g.OfferDraw(dsq.Red))
	playAll(t, g, "a3a4") // the offerer moves: the offer stands
	_, ok := g.DrawOffer()
	assert.True(t, ok)
	playAll(t, g, "a7a6") // the other side moves instead of answering
	_, ok = g.DrawOffer()
	assert.False(t, ok, "the offer lapses when the other side moves")
	assert.ErrorIs(t, g.AcceptDraw(dsq.Blue), dsq.ErrNoDrawOffer)

	require.NoError(t, g.OfferDraw(dsq.Blue))
	require.NoError(t, g.DeclineDraw(dsq.Red))
	_, ok = g.DrawOffer()
	assert.False(t, ok)
	assert.ErrorIs(t, g.DeclineDraw(dsq.Red), dsq.ErrNoDrawOffer)
	assert.ErrorIs(t, g.OfferDraw(dsq.Color(7)), dsq.ErrBadColor)
	assert.False(t, g.IsOver())
}

func TestNewGameFromInvalid(t *testing.T) {
	_, err := dsq.NewGameFrom(dsq.Position{})
	assert.ErrorIs(t, err, dsq.ErrNotAPosition)
}

// randomGame plays a seeded random game to its end or maxPlies.
func randomGame(t *testing.T, seed uint64, maxPlies int) *dsq.Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 5))
	g := dsq.NewGame()
	require.NoError(t, g.SetTag("Red", "random red"))
	require.NoError(t, g.SetTag("Blue", `random "blue"`))
	require.NoError(t, g.SetTag("Date", "2026.11.29"))
	for ply := 0; ply < maxPlies && !g.IsOver(); ply++ {
		pos := g.Position()
		moves := pos.LegalMoves()
		require.NoError(t, g.Play(moves[rng.IntN(len(moves))]))
	}
	return g
}

func requireSameGame(t *testing.T, want, got *dsq.Game) {
	t.Helper()
	require.Equal(t, want.Start(), got.Start())
	require.Equal(t, want.Moves(), got.Moves())
	require.Equal(t, want.Position(), got.Position())
	require.Equal(t, want.Outcome(), got.Outcome())
	require.Equal(t, want.Tags(), got.Tags())
}

// TestPositionAfterBounds: 0 is the start, len(moves) the current position,
// and nothing outside.
func TestPositionAfterBounds(t *testing.T) {
	g := dsq.NewGame()
	_, err := g.PlayText("a3a4")
	require.NoError(t, err)
	p, ok := g.PositionAfter(0)
	assert.True(t, ok)
	assert.Equal(t, dsq.StartPosition(), p)
	p, ok = g.PositionAfter(1)
	assert.True(t, ok)
	assert.Equal(t, g.Position(), p)
	for _, n := range []int{-1, 2} {
		_, ok = g.PositionAfter(n)
		assert.False(t, ok, "PositionAfter(%d)", n)
	}
}

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

// TestGameCopiesKeepTheirOwnHistory: a copy of a Game, taken in each of the ways
// below, keeps its own history and tags, whatever the original does next.
func TestGameCopiesKeepTheirOwnHistory(t *testing.T) {
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

// gameStates are games in every state a server meets: going on, with an
// offer pending, and ended by each way a game ends.
func gameStates(t *testing.T) map[string]*dsq.Game {
	t.Helper()
	states := map[string]*dsq.Game{}

	states["start"] = dsq.NewGame()
	states["random middle game"] = randomGame(t, 3, 25)

	offered := dsq.NewGame()
	playAll(t, offered, "a3a4")
	require.NoError(t, offered.OfferDraw(dsq.Red))
	states["draw offered"] = offered

	resigned := dsq.NewGame()
	playAll(t, resigned, "a3a4")
	require.NoError(t, resigned.Resign(dsq.Blue))
	states["resigned"] = resigned

	agreed := dsq.NewGame()
	require.NoError(t, agreed.OfferDraw(dsq.Blue))
	require.NoError(t, agreed.AcceptDraw(dsq.Red))
	states["agreed draw"] = agreed

	repeated, err := dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{Threefold: true})
	require.NoError(t, err)
	playAll(t, repeated, "a1a2", "g9g8", "a2a1", "g8g9", "a1a2", "g9g8", "a2a1", "g8g9")
	require.Equal(t, dsq.Repetition, repeated.Outcome().Reason)
	states["threefold repetition"] = repeated

	den, err := dsq.NewGameFrom(mustPosition(t, "7/3D3/7/7/7/7/7/7/l6 r 0 1"))
	require.NoError(t, err)
	playAll(t, den, "d8d9")
	states["den entered"] = den

	limit, err := dsq.NewGameFrom(mustPosition(t, "l6/7/7/7/7/7/7/7/2d1T2 r 59 40"))
	require.NoError(t, err)
	playAll(t, limit, "e1f1")
	require.Equal(t, dsq.MoveLimit, limit.Outcome().Reason)
	states["move limit"] = limit
	return states
}

// TestGameMoveQuestionsAgreeWithPlay asks a Game about every from/to pair in
// every state and checks that LegalMoves, LegalTargets, IsLegal and
// CheckMove answer what Play then does, and that a game that is over offers
// nothing.
func TestGameMoveQuestionsAgreeWithPlay(t *testing.T) {
	for name, g := range gameStates(t) {
		t.Run(name, func(t *testing.T) {
			legal := g.LegalMoves()
			if g.IsOver() {
				assert.Empty(t, legal, "a game that is over offers no moves")
			} else {
				assert.NotEmpty(t, legal)
			}
			for from := range dsq.Square(dsq.NumSquares) {
				targets := g.LegalTargets(from)
				for to := range dsq.Square(dsq.NumSquares) {
					m := dsq.NewMove(from, to)
					checkErr := g.CheckMove(m)
					isLegal := g.IsLegal(m)
					listed := slices.Contains(legal, m)
					copyOf := g.Clone()
					playErr := copyOf.Play(m)
					require.Equal(t, checkErr == nil, isLegal, "%s: CheckMove(%s) = %v, IsLegal %v", name, m, checkErr, isLegal)
					require.Equal(t, isLegal, listed, "%s: IsLegal(%s) = %v, in LegalMoves %v", name, m, isLegal, listed)
					require.Equal(t, isLegal, targets.Has(to), "%s: IsLegal(%s) = %v, in LegalTargets %v", name, m, isLegal, targets.Has(to))
					require.Equal(t, checkErr, playErr, "%s: Play(%s) returns what CheckMove says", name, m)
					if g.IsOver() && checkErr != nil {
						require.ErrorIs(t, checkErr, dsq.ErrGameOver)
					}
				}
			}
		})
	}
}

// TestGameCloneIsIndependent plays on a clone and on the original: neither
// sees the other's moves.
func TestGameCloneIsIndependent(t *testing.T) {
	g := dsq.NewGame()
	playAll(t, g, "a3a4", "a7a6")
	require.NoError(t, g.Undo()) // leaves room in the history's backing array
	c := g.Clone()
	playAll(t, g, "g7g6")
	playAll(t, c, "a7a6")
	assert.Equal(t, []string{"a3a4", "g7g6"}, moveTexts(g.Moves()))
	assert.Equal(t, []string{"a3a4", "a7a6"}, moveTexts(c.Moves()))
	p, _ := g.PositionAfter(2)
	q, _ := c.PositionAfter(2)
	assert.NotEqual(t, p, q)
}

func TestGamePlayText(t *testing.T) {
	g := dsq.NewGame()
	m, err := g.PlayText("a3a4")
	require.NoError(t, err)
	assert.Equal(t, dsq.NewMove(dsq.A3, dsq.A4), m)

	cases := []struct {
		text   string
		reason error
		msg    string
	}{
		{"zz", dsq.ErrSyntax, `doushouqi: move "zz": syntax error: want 4 characters, have 2`},
		{"a0a1", dsq.ErrSquare, `doushouqi: move "a0a1": invalid square: "a0" is not a square: want a file a..g then a rank 1..9`},
		{"a\x1b2J", dsq.ErrSquare, `doushouqi: move "a\x1b2J": invalid square: "a\x1b" is not a square: want a file a..g then a rank 1..9`}, // a control byte is quoted
		{"", dsq.ErrSyntax, `doushouqi: move "": syntax error: empty move, want <from><to> such as a3a4`},
		{"ａ1a2", dsq.ErrSquare, `doushouqi: move "ａ1a2": invalid square: "ａ1" is not a square: want a file a..g then a rank 1..9`},
		{"a1ａ2", dsq.ErrSquare, `doushouqi: move "a1ａ2": invalid square: "ａ2" is not a square: want a file a..g then a rank 1..9`},
		{"a3a４", dsq.ErrSquare, `doushouqi: move "a3a４": invalid square: "a４" is not a square: want a file a..g then a rank 1..9`},
		{"a3a4é", dsq.ErrSyntax, `doushouqi: move "a3a4é": syntax error: want 4 characters, have 5`},
		{"a3\xffa", dsq.ErrSquare, `doushouqi: move "a3\xffa": invalid square: not valid UTF-8`},
		{"a3a4\xff", dsq.ErrSyntax, `doushouqi: move "a3a4\xff": syntax error: not valid UTF-8`},
		{"a7a5", dsq.ErrNotAStep, "doushouqi: illegal move a7a5: a piece moves one square up, down, left or right"},
		{"g3g4", dsq.ErrNotYourPiece, "doushouqi: illegal move g3g4: that piece is Red's"},
	}
	for _, c := range cases {
		before := g.Position()
		m, err := g.PlayText(c.text)
		assert.Equal(t, dsq.NoMove, m)
		var me *dsq.MoveError
		require.True(t, errors.As(err, &me), "PlayText(%q): %T is not a *MoveError", c.text, err)
		assert.ErrorIs(t, err, c.reason)
		assert.Equal(t, c.msg, err.Error())
		assert.Equal(t, before, g.Position(), "a refused move changes nothing")
	}
}

// TestMoveLimitBeatsRepetition: when the move that repeats a
// position for the third time also reaches the move limit, the rules' own
// outcome (the move-limit draw) stands, as Play's doc and the rules say a
// repetition is checked only in a position the rules do not decide.
func TestMoveLimitBeatsRepetition(t *testing.T) {
	shuffle := []string{"a1a2", "a9a8", "a2a1", "a8a9", "a1a2", "a9a8", "a2a1", "a8a9"}
	start, err := dsq.ParsePosition("l6/7/7/7/7/7/7/7/L6 r 0 1")
	require.NoError(t, err)
	g, err := dsq.NewGameRules(start, dsq.Rules{Threefold: true, MoveLimit: len(shuffle)})
	require.NoError(t, err)
	for _, m := range shuffle {
		_, err := g.PlayText(m)
		require.NoError(t, err, m)
	}
	assert.Equal(t, dsq.Outcome{Reason: dsq.MoveLimit, Winner: dsq.NoColor}, g.Outcome())
	assert.Equal(t, g.Position().Outcome(), g.Outcome())
}

// TestDrawOfferEndsWithTheGame: a pending draw offer is gone once the
// game ends by resignation or by the offer's acceptance, and once a move is
// taken back.
func TestDrawOfferEndsWithTheGame(t *testing.T) {
	pending := func(g *dsq.Game) bool {
		_, ok := g.DrawOffer()
		return ok
	}
	resigned := dsq.NewGame()
	require.NoError(t, resigned.OfferDraw(dsq.Red))
	require.NoError(t, resigned.Resign(dsq.Blue))
	assert.False(t, pending(resigned), "an offer pending after a resignation")

	agreed := dsq.NewGame()
	require.NoError(t, agreed.OfferDraw(dsq.Red))
	require.NoError(t, agreed.AcceptDraw(dsq.Blue))
	assert.False(t, pending(agreed), "an offer pending after it was accepted")

	undone := dsq.NewGame()
	_, err := undone.PlayText("a3a4")
	require.NoError(t, err)
	require.NoError(t, undone.OfferDraw(dsq.Blue))
	require.NoError(t, undone.Undo())
	assert.False(t, pending(undone), "an offer pending after Undo")
	assert.ErrorIs(t, undone.AcceptDraw(dsq.Red), dsq.ErrNoDrawOffer)
}

// TestGameRefusesTheColourJustPastBlue refuses the first value past Blue, not
// only far ones.
func TestGameRefusesTheColourJustPastBlue(t *testing.T) {
	g := dsq.NewGame()
	bad := dsq.Blue + 1
	assert.ErrorIs(t, g.Resign(bad), dsq.ErrBadColor)
	assert.ErrorIs(t, g.OfferDraw(bad), dsq.ErrBadColor)
	assert.ErrorIs(t, g.AcceptDraw(bad), dsq.ErrBadColor)
	assert.ErrorIs(t, g.DeclineDraw(bad), dsq.ErrBadColor)
	assert.False(t, g.IsOver())
	_, ok := g.DrawOffer()
	assert.False(t, ok)
	// Blue itself is a colour.
	require.NoError(t, g.OfferDraw(dsq.Blue))
	require.NoError(t, g.DeclineDraw(dsq.Red))
}

// TestGameHasNoMovesOnceEnded: a game ended by resignation or agreement,
// whose position the rules do not decide, offers no legal move or target.
func TestGameHasNoMovesOnceEnded(t *testing.T) {
	resigned := dsq.NewGame()
	require.NoError(t, resigned.Resign(dsq.Red))
	agreed := dsq.NewGame()
	require.NoError(t, agreed.OfferDraw(dsq.Red))
	require.NoError(t, agreed.AcceptDraw(dsq.Blue))
	for name, g := range map[string]*dsq.Game{"resigned": resigned, "agreed": agreed} {
		require.False(t, g.Position().Outcome().IsDecided(), name)
		assert.Empty(t, g.LegalMoves(), name)
		assert.Zero(t, g.LegalTargets(dsq.A3), name)
		assert.Zero(t, g.LegalTargets(dsq.G3), name)
		m, err := dsq.ParseMove("a3a4")
		require.NoError(t, err)
		assert.False(t, g.IsLegal(m), name)
	}
}

// TestRepetitionNeedsTheSameSideToMove: a board seen with the other side
// to move is another position. A lion's vertical river jump crosses four
// ranks, so its cycle (the jump, then six steps round the river) has seven
// moves, and Red's seventh brings back the start's board with Blue to move.
func TestRepetitionNeedsTheSameSideToMove(t *testing.T) {
	start, err := dsq.ParsePosition("6l/7/7/7/7/7/1L5/7/7 r 0 1")
	require.NoError(t, err)
	g, err := dsq.NewGameRules(start, dsq.Rules{Threefold: true})
	require.NoError(t, err)
	play := func(moves ...string) {
		t.Helper()
		for _, m := range moves {
			_, err := g.PlayText(m)
			require.NoError(t, err, m)
		}
	}
	play("b3b7", "g9g8", "b7a7", "g8g9", "a7a6", "g9g8", "a6a5", "g8g9", "a5a4", "g9g8", "a4a3", "g8g9", "a3b3")
	require.Equal(t, start.Setup().Board, g.Position().Setup().Board, "the start's board, Blue to move")
	play("g9g8", "b3a3", "g8g9", "a3b3") // the same again: twice with Blue to move
	assert.False(t, g.IsOver(), "twice with Blue to move, once with Red: no repetition")
	play("g9g8", "b3c3", "g8g9", "c3b3") // by c3: no other position a third time
	assert.Equal(t, dsq.Outcome{Reason: dsq.Repetition, Winner: dsq.NoColor}, g.Outcome(), "three times with Blue to move")
}

// TestGamePlayingAloneCopiesNothing: a game that plays on alone (no
// copy) copies nothing, as Game's doc promises (Play costs O(1) amortised):
// from a started game, each of 48 moves allocates nothing but the block it
// starts at each 16th position.
func TestGamePlayingAloneCopiesNothing(t *testing.T) {
	var moves []string
	for range 12 {
		moves = append(moves, "a3a4", "a7a6", "a4a3", "a6a7")
	}
	play := func(n int) float64 {
		return testing.AllocsPerRun(10, func() {
			gameAfter(moves[:n])
		})
	}
	prev := play(0)
	for n := 1; n <= len(moves); n++ {
		allocs := play(n)
		assert.Equal(t, 1.0, allocs-prev, "allocations of move %d: its history entry alone", n)
		prev = allocs
	}
}

// TestNewGameRefusesADamagedPosition refuses positions that an illegal move
// made unchecked has damaged, each with its own error: a wolf moved into
// the water (the setup is invalid: ErrWater), and a move from an empty
// square (the setup is valid, the position does not match it:
// ErrNotAPosition).
func TestNewGameRefusesADamagedPosition(t *testing.T) {
	for move, want := range map[string]error{"c3c4": dsq.ErrWater, "d4d5": dsq.ErrNotAPosition} {
		pos := dsq.StartPosition()
		m, err := dsq.ParseMove(move)
		require.NoError(t, err)
		pos.MakeMove(m)
		g, err := dsq.NewGameFrom(pos)
		assert.Nil(t, g, move)
		assert.ErrorIs(t, err, want, move)
	}
}

// TestGameCloneCopiesNothingLater: after c := g.Clone(), g and c
// each play on without allocating, as Clone's doc promises (the copy has a
// spine and a last block of its own), on a game just started as on one five
// moves in.
func TestGameCloneCopiesNothingLater(t *testing.T) {
	moves := []string{"a3a4", "a7a6", "a4a3", "a6a7", "a3a4", "a7a6"}
	for _, n := range []int{0, 5} {
		setup := func() (*dsq.Game, *dsq.Game) {
			g := gameAfter(moves[:n])
			return g, g.Clone()
		}
		before := testing.AllocsPerRun(10, func() { setup() })
		after := testing.AllocsPerRun(10, func() {
			g, c := setup()
			for _, x := range []*dsq.Game{g, c} {
				if _, err := x.PlayText(moves[n]); err != nil {
					panic(err)
				}
			}
		})
		assert.Equal(t, 2.0, after-before, "allocations of a move on each (its history entry), after %d moves", n)
	}
}

// TestGameWithoutMovesHasNilMoves: a game without moves (the zero
// Game, a game just started, a game whose only move was taken back) has no
// moves, nil, the same answer in each.
func TestGameWithoutMovesHasNilMoves(t *testing.T) {
	var zero dsq.Game
	started, err := dsq.NewGameFrom(dsq.StartPosition())
	require.NoError(t, err)
	undone := dsq.NewGame()
	_, err = undone.PlayText("a3a4")
	require.NoError(t, err)
	require.NoError(t, undone.Undo())
	for name, g := range map[string]*dsq.Game{"zero": &zero, "started": started, "undone": undone} {
		assert.Nil(t, g.Moves(), name)
	}
}

// TestPositionAfterZeroIsTheStart: PositionAfter(0) of a game started
// from a position of its own, before and after a move, is that position.
func TestPositionAfterZeroIsTheStart(t *testing.T) {
	start, err := dsq.ParsePosition("l6/7/7/7/7/7/7/7/L6 r 0 1")
	require.NoError(t, err)
	g, err := dsq.NewGameFrom(start)
	require.NoError(t, err)
	for _, m := range []string{"a1a2", ""} {
		pos, ok := g.PositionAfter(0)
		assert.True(t, ok)
		assert.Equal(t, start, pos)
		if m != "" {
			_, err := g.PlayText(m)
			require.NoError(t, err)
		}
	}
}

// gameAfter is a game from the start with moves played; it panics on a
// refused move (it runs inside testing.AllocsPerRun, where t is not at hand).
func gameAfter(moves []string) *dsq.Game {
	g, err := dsq.NewGameFrom(dsq.StartPosition())
	if err != nil {
		panic(err)
	}
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			panic(err)
		}
	}
	return g
}

func TestThreefold(t *testing.T) {
	shuffle := []string{"a1a2", "a9a8", "a2a1", "a8a9", "a1a2", "a9a8", "a2a1", "a8a9"}
	start := mustPosition(t, "l6/7/7/7/7/7/7/7/L6 r 0 1")

	g, err := dsq.NewGameRules(start, dsq.Rules{Threefold: true})
	require.NoError(t, err)
	playAll(t, g, shuffle[:7]...)
	assert.False(t, g.IsOver(), "the start position has occurred twice")
	playAll(t, g, shuffle[7])
	assert.Equal(t, "draw: threefold repetition", g.Outcome().String())
	assert.True(t, g.Outcome().IsDraw())
	requireFrozen(t, g)

	// The record says so and replays to the same end.
	loaded, err := dsq.ParseRecord(g.Record())
	require.NoError(t, err)
	assert.Equal(t, g.Outcome(), loaded.Outcome())
	assert.Equal(t, dsq.Rules{Threefold: true}, loaded.Rules())
	assert.Contains(t, g.Record(), `[Rules "threefold"]`)

	// Off by default.
	plain, err := dsq.NewGameFrom(start)
	require.NoError(t, err)
	playAll(t, plain, shuffle...)
	assert.False(t, plain.IsOver())
}

// gameOn returns a game from the position text under rules, with moves
// played.
func gameOn(t *testing.T, pos string, rules dsq.Rules, moves ...string) *dsq.Game {
	t.Helper()
	g, err := dsq.NewGameRules(mustPosition(t, pos), rules)
	require.NoError(t, err)
	playAll(t, g, moves...)
	return g
}

// shuffleRules: no move limit, threefold repetition a draw.
var shuffleRules = dsq.Rules{MoveLimit: dsq.NoMoveLimit, Threefold: true}

// TestGameWinnerIsNoColorUnlessASideWon: Winner names a side only when it
// won, so counting Winner == Red never counts a draw or a game going on.
func TestGameWinnerIsNoColorUnlessASideWon(t *testing.T) {
	agreed := dsq.NewGame()
	require.NoError(t, agreed.OfferDraw(dsq.Red))
	require.NoError(t, agreed.AcceptDraw(dsq.Blue))
	resigned := dsq.NewGame()
	require.NoError(t, resigned.Resign(dsq.Red))
	recordedDraw, err := dsq.ParseRecord(agreed.Record())
	require.NoError(t, err)
	var zero dsq.Game

	cases := []struct {
		name string
		g    *dsq.Game
		want dsq.Outcome
	}{
		{"new game", dsq.NewGame(), dsq.Outcome{Reason: dsq.Undecided, Winner: dsq.NoColor}},
		{"zero game", &zero, dsq.Outcome{Reason: dsq.Undecided, Winner: dsq.NoColor}},
		{"agreed draw", agreed, dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.NoColor}},
		{"agreed draw read from its record", recordedDraw, dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.NoColor}},
		{"move limit", gameOn(t, "l6/7/7/7/3D3/7/7/7/7 r 59 40", dsq.Standard, "d5d4"), dsq.Outcome{Reason: dsq.MoveLimit, Winner: dsq.NoColor}},
		{"repetition", gameOn(t, "l6/7/7/7/7/7/7/7/L6 r 0 1", shuffleRules, "a1a2", "a9a8", "a2a1", "a8a9", "a1a2", "a9a8", "a2a1", "a8a9"), dsq.Outcome{Reason: dsq.Repetition, Winner: dsq.NoColor}},
		{"resignation", resigned, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}},
		{"den entered", gameOn(t, "7/3D3/7/7/7/7/7/7/l6 r 0 1", dsq.Standard, "d8d9"), dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Red}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, c.g.Outcome())
			if !c.g.Outcome().IsDecided() {
				assert.Equal(t, c.want, c.g.Position().Outcome())
			}
		})
	}
}

// TestOutcomeJSONReadsNoWinnerAsNoColor: an undecided or drawn outcome read
// from JSON has no winner, whatever the receiver held before.
func TestOutcomeJSONReadsNoWinnerAsNoColor(t *testing.T) {
	for in, want := range map[string]dsq.Outcome{
		`{"reason":"undecided"}`:                  {Reason: dsq.Undecided, Winner: dsq.NoColor},
		`{"reason":"agreed"}`:                     {Reason: dsq.DrawAgreed, Winner: dsq.NoColor},
		`{"reason":"no-capture move limit"}`:      {Reason: dsq.MoveLimit, Winner: dsq.NoColor},
		`{"reason":"threefold repetition"}`:       {Reason: dsq.Repetition, Winner: dsq.NoColor},
		`{"reason":"resignation","winner":"red"}`: {Reason: dsq.Resigned, Winner: dsq.Red},
	} {
		got := dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Blue}
		require.NoError(t, json.Unmarshal([]byte(in), &got), in)
		assert.Equal(t, want, got, in)
	}
}

// TestGameDrawOfferWithoutOfferIsNoColor: with no offer pending DrawOffer
// names no side, before any offer, after a decline and after a lapse.
func TestGameDrawOfferWithoutOfferIsNoColor(t *testing.T) {
	declined := dsq.NewGame()
	require.NoError(t, declined.OfferDraw(dsq.Red))
	require.NoError(t, declined.DeclineDraw(dsq.Blue))
	lapsed := dsq.NewGame()
	require.NoError(t, lapsed.OfferDraw(dsq.Blue))
	playAll(t, lapsed, "a3a4")
	var zero dsq.Game
	for name, g := range map[string]*dsq.Game{"new": dsq.NewGame(), "zero": &zero, "declined": declined, "lapsed": lapsed} {
		c, ok := g.DrawOffer()
		assert.False(t, ok, name)
		assert.Equal(t, dsq.NoColor, c, name)
	}
}

// TestGameUndoAfterTheEnd: Undo takes back the step that ended the game, a
// move or an ending outside the rules; the game goes on from the position
// before that step, its outcome recomputed, with no offer pending.
func TestGameUndoAfterTheEnd(t *testing.T) {
	offered := func(g *dsq.Game) *dsq.Game {
		require.NoError(t, g.OfferDraw(g.Position().SideToMove()))
		return g
	}
	cases := []struct {
		name  string
		g     *dsq.Game
		end   func(g *dsq.Game) error // the last step, if not a move
		moves int                     // after the Undo
	}{
		{name: "den entered", g: gameOn(t, "7/7/3L3/7/7/7/7/7/e6 r 0 1", dsq.Standard, "d7d8", "a1a2", "d8d9"), moves: 2},
		{name: "no legal move", g: gameOn(t, "cL5/1E5/W6/7/7/7/7/7/7 r 0 1", dsq.Standard, "a7a8"), moves: 0},
		{name: "no pieces left", g: gameOn(t, "7/7/7/3c3/3L3/7/7/7/T6 r 0 1", dsq.Standard, "d5d6"), moves: 0},
		{name: "move limit", g: gameOn(t, "l6/7/7/7/3D3/7/7/7/7 r 59 40", dsq.Standard, "d5d4"), moves: 0},
		{name: "repetition", g: gameOn(t, "l6/7/7/7/7/7/7/7/L6 r 0 1", shuffleRules, "a1a2", "a9a8", "a2a1", "a8a9", "a1a2", "a9a8", "a2a1", "a8a9"), moves: 7},
		{name: "resignation", g: gameOn(t, dsq.StartNotation, dsq.Standard, "a3a4"), end: func(g *dsq.Game) error { return g.Resign(dsq.Blue) }, moves: 1},
		{name: "resignation before any move", g: dsq.NewGame(), end: func(g *dsq.Game) error { return g.Resign(dsq.Red) }, moves: 0},
		{name: "agreed draw", g: offered(gameOn(t, dsq.StartNotation, dsq.Standard, "a3a4")), end: func(g *dsq.Game) error { return g.AcceptDraw(dsq.Red) }, moves: 1},
		{name: "time forfeit", g: gameOn(t, dsq.StartNotation, dsq.Standard, "a3a4"), end: func(g *dsq.Game) error { return g.Forfeit(dsq.Red, dsq.TimeForfeit) }, moves: 1},
		{name: "abandonment", g: gameOn(t, dsq.StartNotation, dsq.Standard, "a3a4", "a7a6"), end: func(g *dsq.Game) error { return g.Forfeit(dsq.Blue, dsq.Abandoned) }, moves: 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.g
			var before dsq.Position // the position the game goes on from
			if c.end != nil {
				before = g.Position()
				require.NoError(t, c.end(g))
			} else {
				before, _ = g.PositionAfter(len(g.Moves()) - 1)
			}
			require.True(t, g.IsOver())
			ended := *g

			require.NoError(t, g.Undo())
			assert.False(t, g.IsOver(), "over after Undo: %v", g.Outcome())
			assert.Equal(t, before, g.Position())
			assert.Len(t, g.Moves(), c.moves)
			assert.Equal(t, g.Position().Outcome(), g.Outcome(), "the outcome recomputed")
			assert.NotEmpty(t, g.LegalMoves())
			_, pending := g.DrawOffer()
			assert.False(t, pending, "an offer pending after Undo")
			assert.ErrorIs(t, g.AcceptDraw(dsq.Red), dsq.ErrNoDrawOffer)
			assert.ErrorIs(t, g.AcceptDraw(dsq.Blue), dsq.ErrNoDrawOffer)
			assert.True(t, ended.IsOver(), "a copy of the ended game is still over")

			// The same step ends the game again.
			if c.end != nil {
				if c.name == "agreed draw" {
					require.NoError(t, g.OfferDraw(dsq.Blue))
				}
				require.NoError(t, c.end(g))
			} else {
				last := ended.Moves()[len(ended.Moves())-1]
				require.NoError(t, g.Play(last))
			}
			assert.Equal(t, ended.Outcome(), g.Outcome())
		})
	}
}

// TestGameUndoOfAnEndedGameLeavesCopiesAlone: copies of a finished game,
// each on a goroutine of its own, take the winning move back and play
// others, while the original stays finished and unchanged.
func TestGameUndoOfAnEndedGameLeavesCopiesAlone(t *testing.T) {
	a := gameOn(t, "7/7/3L3/7/7/7/7/7/e6 r 0 1", dsq.Standard, "d7d8", "a1a2", "d8d9")
	want := [3]any{a.Position(), a.Moves(), a.Outcome()}
	replies := []string{"d8c8", "d8e8", "d8d7", "d8c8"}
	results := make([]dsq.Game, len(replies))
	var wg sync.WaitGroup
	for i, reply := range replies {
		b := *a
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, err := dsq.ParseMove(reply)
			if err == nil && b.Undo() == nil && b.Play(m) == nil {
				results[i] = b
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, want, [3]any{a.Position(), a.Moves(), a.Outcome()})
	for i, b := range results {
		require.Len(t, b.Moves(), 3, "copy %d", i)
		assert.False(t, b.IsOver(), "copy %d", i)
		assert.Equal(t, a.Moves()[:2], b.Moves()[:2], "copy %d", i)
		assert.Equal(t, replies[i], b.Moves()[2].String(), "copy %d", i)
	}
}

// TestGameUndoWithNothingToTakeBack: a game with no move and no ending has
// nothing to undo, and Undo changes nothing.
func TestGameUndoWithNothingToTakeBack(t *testing.T) {
	g := dsq.NewGame()
	require.NoError(t, g.OfferDraw(dsq.Red))
	assert.ErrorIs(t, g.Undo(), dsq.ErrNothingToUndo)
	c, ok := g.DrawOffer()
	assert.True(t, ok, "a refused Undo withdraws nothing")
	assert.Equal(t, dsq.Red, c)
}

// TestGameOfferLapsesWhenAMoveEndsTheGame: an offer pending when the
// offerer's own move ends the game lapses, so the finished game's JSON
// record reads back.
func TestGameOfferLapsesWhenAMoveEndsTheGame(t *testing.T) {
	g := gameOn(t, "7/3D3/7/7/7/7/7/7/l6 r 0 1", dsq.Standard)
	require.NoError(t, g.OfferDraw(dsq.Red))
	playAll(t, g, "d8d9")
	_, pending := g.DrawOffer()
	assert.False(t, pending)
	data, err := json.Marshal(g)
	require.NoError(t, err)
	back, err := dsq.ParseRecordJSON(data)
	require.NoError(t, err)
	assert.Equal(t, g.Outcome(), back.Outcome())
}

// TestGameForfeit: a loss on time or by abandonment ends the game for the
// other side; other reasons, a finished game and a colour that is not a
// side are refused, changing nothing.
func TestGameForfeit(t *testing.T) {
	for _, c := range []struct {
		loser  dsq.Color
		reason dsq.Reason
		want   string
	}{
		{dsq.Red, dsq.TimeForfeit, "blue wins: time forfeit"},
		{dsq.Blue, dsq.Abandoned, "red wins: abandonment"},
	} {
		g := gameOn(t, dsq.StartNotation, dsq.Standard, "a3a4")
		require.NoError(t, g.OfferDraw(dsq.Blue))
		require.NoError(t, g.Forfeit(c.loser, c.reason))
		assert.Equal(t, dsq.Outcome{Reason: c.reason, Winner: c.loser.Other()}, g.Outcome())
		assert.Equal(t, c.want, g.Outcome().String())
		assert.False(t, g.Outcome().IsDraw())
		assert.Empty(t, g.LegalMoves())
		_, pending := g.DrawOffer()
		assert.False(t, pending, "the offer lapses with the game")
		assert.Contains(t, g.Record(), `[Result "`+c.want+`"]`)
		assert.ErrorIs(t, g.Forfeit(c.loser.Other(), c.reason), dsq.ErrGameOver)
		assert.ErrorIs(t, g.Resign(c.loser.Other()), dsq.ErrGameOver)
	}

	g := gameOn(t, dsq.StartNotation, dsq.Standard, "a3a4")
	for _, r := range []dsq.Reason{dsq.Undecided, dsq.DenEntered, dsq.NoPieces, dsq.NoLegalMove, dsq.MoveLimit,
		dsq.Resigned, dsq.DrawAgreed, dsq.Repetition, dsq.Abandoned + 1, 255} {
		assert.ErrorIs(t, g.Forfeit(dsq.Red, r), dsq.ErrNotForfeit, "%v", r)
	}
	assert.ErrorIs(t, g.Forfeit(dsq.NoColor, dsq.TimeForfeit), dsq.ErrBadColor)
	assert.False(t, g.IsOver())
	over := gameOn(t, "7/3D3/7/7/7/7/7/7/l6 r 0 1", dsq.Standard, "d8d9")
	assert.ErrorIs(t, over.Forfeit(dsq.Blue, dsq.TimeForfeit), dsq.ErrGameOver)
	assert.Equal(t, dsq.DenEntered, over.Outcome().Reason)
}

// TestForfeitReasonsRoundTrip: the new reasons and their outcomes read back
// from their text and JSON forms.
func TestForfeitReasonsRoundTrip(t *testing.T) {
	for _, o := range []dsq.Outcome{
		{Reason: dsq.TimeForfeit, Winner: dsq.Red},
		{Reason: dsq.Abandoned, Winner: dsq.Blue},
	} {
		text, err := o.Reason.MarshalText()
		require.NoError(t, err)
		var r dsq.Reason
		require.NoError(t, r.UnmarshalText(text))
		assert.Equal(t, o.Reason, r)

		parsed, err := dsq.ParseOutcome(o.String())
		require.NoError(t, err)
		assert.Equal(t, o, parsed)

		data, err := json.Marshal(o)
		require.NoError(t, err)
		var back dsq.Outcome
		require.NoError(t, json.Unmarshal(data, &back))
		assert.Equal(t, o, back, "%s", data)
	}
}

// TestGamePositionAfterALongGame: every position of a long game is found
// again by PositionAfter, the start by Start, in a game and in a copy that
// took moves back and went another way.
func TestGamePositionAfterALongGame(t *testing.T) {
	g := gameOn(t, "l6/7/7/7/7/7/7/7/L6 r 0 1", dsq.Rules{MoveLimit: dsq.NoMoveLimit})
	cycle := []string{"a1a2", "a9a8", "a2b2", "a8b8", "b2b1", "b8b9", "b1a1", "b9a9"}
	want := []dsq.Position{g.Position()}
	for i := range 1001 {
		playAll(t, g, cycle[i%len(cycle)])
		want = append(want, g.Position())
	}
	branch := *g
	for range 300 {
		require.NoError(t, branch.Undo())
	}
	playAll(t, &branch, "b8c8")
	for i, p := range want {
		got, ok := g.PositionAfter(i)
		require.True(t, ok, i)
		require.Equal(t, p, got, "position after %d moves", i)
		if i <= len(want)-300-1 {
			got, ok = branch.PositionAfter(i)
			require.True(t, ok, i)
			require.Equal(t, p, got, "the branch's position after %d moves", i)
		}
	}
	_, ok := g.PositionAfter(len(want))
	assert.False(t, ok)
	assert.Equal(t, want[0], g.Start())
	assert.Equal(t, want[0], branch.Start())
	assert.Len(t, branch.Moves(), len(want)-300)
}

// TestNewGameRulesStandardLimitIsStandard: a game given the standard limit
// written out (move-limit=60) has the Standard rules, as its positions do.
func TestNewGameRulesStandardLimitIsStandard(t *testing.T) {
	g, err := dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{MoveLimit: dsq.DrawHalfMoves, Threefold: true})
	require.NoError(t, err)
	assert.Equal(t, dsq.Rules{Threefold: true}, g.Rules())
	assert.Contains(t, g.Record(), `[Rules "threefold"]`, "the record names the one option that differs")
}

// positionKey is a position with its counters reset: two positions with the
// same key are the same position for repetition.
func positionKey(t testing.TB, p dsq.Position) dsq.Position {
	s := p.Setup()
	s.NoCaptureHalfMoves, s.MoveNumber = 0, 1
	k, err := dsq.NewPosition(s)
	require.NoError(t, err)
	return k
}

// bruteRepetitions counts the positions of g equal to its current one by
// reading back every position of the game.
func bruteRepetitions(t testing.TB, g *dsq.Game) int {
	want := positionKey(t, g.Position())
	n := 0
	for i := 0; ; i++ {
		p, ok := g.PositionAfter(i)
		if !ok {
			return n
		}
		if positionKey(t, p) == want {
			n++
		}
	}
}

// TestGameRepetitionsCountsOccurrences: Repetitions agrees with a count
// over the whole game at every move of a capture-free walk of 300
// half-moves (past the length from which Play keeps an index of the
// positions since the last capture), after Undo, and in a copy that plays
// another move; a capture starts the count afresh.
func TestGameRepetitionsCountsOccurrences(t *testing.T) {
	start, line := captureFreeLine(t, 300)
	g := playLine(t, start, nil)
	assert.Equal(t, 1, g.Repetitions())
	for i, m := range line {
		require.NoError(t, g.Play(m))
		require.Equal(t, bruteRepetitions(t, g), g.Repetitions(), "after move %d", i+1)
		if i%37 == 5 {
			c := *g
			require.NoError(t, c.Undo())
			require.Equal(t, bruteRepetitions(t, &c), c.Repetitions(), "after move %d taken back", i+1)
			for _, o := range c.LegalMoves() {
				if o != m {
					b := c
					require.NoError(t, b.Play(o))
					require.Equal(t, bruteRepetitions(t, &b), b.Repetitions(), "after move %d replaced", i+1)
					break
				}
			}
		}
	}
	twice := 0
	for i := range line {
		c := *g
		for range len(line) - i {
			require.NoError(t, c.Undo())
		}
		if c.Repetitions() == 2 {
			twice++
		}
	}
	assert.Positive(t, twice, "the walk comes back to some positions")

	// A capture starts the count afresh.
	cap := gameOn(t, "l6/7/7/7/6r/6C/7/7/L6 r 0 1", dsq.Rules{}, "a1a2", "a9a8", "a2a1", "a8a9")
	assert.Equal(t, 2, cap.Repetitions())
	playAll(t, cap, "g4g5")
	assert.Equal(t, 1, cap.Repetitions(), "the cat took the rat")
	playAll(t, cap, "a9a8", "a1a2", "a8a9", "a2a1")
	assert.Equal(t, 2, cap.Repetitions())
}

// TestGameRepetitionsEndsTheGameOnTheThirdPastTheIndex: far past the
// length from which Play keeps an index, under Threefold, the third
// occurrence of a position still ends the game, Undo takes it back, and a
// copy made before goes on.
func TestGameRepetitionsEndsTheGameOnTheThirdPastTheIndex(t *testing.T) {
	start, line := captureFreeLine(t, 500)
	g := playLine(t, start, line)
	require.False(t, g.IsOver())
	before := *g
	// Each side steps a piece out and back until a position is on the
	// board a third time.
	var cycle []dsq.Move
	for _, r := range g.LegalMoves() {
		after := *g
		if after.Play(r) != nil {
			continue
		}
		for _, b := range after.LegalMoves() {
			try := []dsq.Move{r, b, dsq.NewMove(r.To(), r.From()), dsq.NewMove(b.To(), b.From())}
			c := *g
			ok := true
			for _, m := range try {
				ok = ok && c.Play(m) == nil && !c.IsOver()
			}
			if ok && c.Position().Hash() == g.Position().Hash() {
				cycle = try
				break
			}
		}
		if cycle != nil {
			break
		}
	}
	require.NotNil(t, cycle)
	for i := 0; !g.IsOver(); i++ {
		require.Less(t, i, 12)
		require.NoError(t, g.Play(cycle[i%4]))
	}
	assert.Equal(t, 3, g.Repetitions())
	assert.Equal(t, dsq.Outcome{Reason: dsq.Repetition, Winner: dsq.NoColor}, g.Outcome())
	assert.Empty(t, g.LegalMoves())
	require.NoError(t, g.Undo())
	assert.False(t, g.IsOver())
	assert.Equal(t, 2, g.Repetitions(), "one move back")
	assert.Equal(t, 2, bruteRepetitions(t, g))
	assert.False(t, before.IsOver())
	assert.Equal(t, bruteRepetitions(t, &before), before.Repetitions())
}

// TestGameCanClaimThreefold: without automatic threefold, the side to move
// may claim when a move of its own makes a third occurrence, and when the
// position is on the board a third time; with it, the game ends there
// instead, and there is nothing left to claim.
func TestGameCanClaimThreefold(t *testing.T) {
	shuffle := []string{"a3a4", "a7a6", "a4a3", "a6a7", "a3a4", "a7a6", "a4a3"}
	for _, threefold := range []bool{false, true} {
		g := gameOn(t, dsq.StartNotation, dsq.Rules{Threefold: threefold})
		for i, m := range shuffle {
			assert.False(t, g.CanClaimThreefold(), "after %d moves", i)
			playAll(t, g, m)
		}
		assert.Equal(t, 2, g.Repetitions(), "Red's elephant back, Blue's rat on a6: twice")
		assert.True(t, g.CanClaimThreefold(), "a6a7 brings the start position a third time")
		playAll(t, g, "a6a7")
		assert.Equal(t, 3, g.Repetitions(), "the start position a third time")
		assert.Equal(t, !threefold, g.CanClaimThreefold(), "threefold %v", threefold)
		assert.Equal(t, threefold, g.IsOver())
	}
	var zero dsq.Game
	assert.False(t, zero.CanClaimThreefold())
	assert.Equal(t, 1, zero.Repetitions())
}

// TestGamePlayCountsInBoundedSteps: counting a position's occurrences
// takes a bounded number of steps at every move of a capture-free game of
// 20,000 half-moves (a walk of fewer than 64 positions, or a few levels of
// the index), not steps in proportion to the positions since the last
// capture: playing and reading such a game costs time linear in its
// length.
func TestGamePlayCountsInBoundedSteps(t *testing.T) {
	start, line := captureFreeLine(t, 20_000)
	g := playLine(t, start, nil)
	most := 0
	for _, m := range line {
		require.NoError(t, g.Play(m))
		most = max(most, dsq.RepetitionSteps(g))
	}
	t.Logf("at most %d steps a move", most)
	assert.LessOrEqual(t, most, 64)
}

// TestGameCopiesConcurrentPastTheIndex plays on copies of a game with 200
// capture-free half-moves behind it (its positions in the index that Play
// shares between copies) from several goroutines at once; each copy counts
// its own repetitions.
func TestGameCopiesConcurrentPastTheIndex(t *testing.T) {
	start, line := captureFreeLine(t, 200)
	shared := playLine(t, start, line)
	games := make([]dsq.Game, 4)
	var wg sync.WaitGroup
	for w := range games {
		own := *shared
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for ply := 0; ply < 60 && !own.IsOver(); ply++ {
				moves := own.LegalMoves()
				if err := own.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Error(err)
					return
				}
				if ply%5 == 2 {
					_ = own.Undo()
				}
				_ = own.Repetitions()
			}
			games[w] = own
		}()
	}
	wg.Wait()
	for _, g := range append(games, *shared) {
		assert.Equal(t, bruteRepetitions(t, &g), g.Repetitions())
	}
	assert.Len(t, shared.Moves(), 200)
}

// TestGamePlayHoldsCountersAtMaxCounter: a game played on from the move
// number MaxCounter, and one whose no-capture count reaches it, hold them
// there; every position of the game reads back from its text, and the
// game from its JSON and from NewGameFrom of its last position.
func TestGamePlayHoldsCountersAtMaxCounter(t *testing.T) {
	for start, shuffle := range map[string][]string{
		"l6/7/7/7/7/7/7/7/L6 b 0 999999":               {"a9a8", "a1a2", "a8a9", "a2a1", "a9a8"},
		"l6/7/7/7/7/7/7/7/L6 r 999997 3 no-move-limit": {"a1a2", "a9a8", "a2a1", "a8a9", "a1a2"},
	} {
		g := gameOn(t, start, dsq.Rules{MoveLimit: dsq.NoMoveLimit}, shuffle...)
		for i := range len(shuffle) + 1 {
			p, ok := g.PositionAfter(i)
			require.True(t, ok)
			assert.LessOrEqual(t, p.MoveNumber(), dsq.MaxCounter)
			assert.LessOrEqual(t, p.NoCaptureHalfMoves(), dsq.MaxCounter)
			_, err := dsq.ParsePosition(p.String())
			require.NoError(t, err, "%s: after %d moves", start, i)
		}
		last := g.Position()
		assert.True(t, last.MoveNumber() == dsq.MaxCounter || last.NoCaptureHalfMoves() == dsq.MaxCounter, start)
		_, err := dsq.NewGameFrom(last)
		require.NoError(t, err)
		data, err := json.Marshal(g)
		require.NoError(t, err)
		back, err := dsq.ParseRecordJSON(data)
		require.NoError(t, err, start)
		assert.Equal(t, g.Position(), back.Position())
		assert.Equal(t, g.Moves(), back.Moves())
		back, err = dsq.ParseRecord(g.Record())
		require.NoError(t, err, "%s: the text record reads back", start)
		assert.Equal(t, g.Position(), back.Position())
		assert.Equal(t, g.Moves(), back.Moves())
		require.NoError(t, g.Undo())
		assert.Equal(t, shuffle[:len(shuffle)-1], moveTexts(g.Moves()))
	}
}
