package games

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/doushouqi/doushouqi/site/rating"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTimeControlClass(t *testing.T) {
	t.Parallel()
	for tc, class := range map[string]string{
		"":    "",
		"1+0": Bullet, "2+0": Bullet, "1+2": Bullet, // 1 min + 40 × 2 s = 2:20
		"3+0": Blitz, "3+2": Blitz, "5+3": Blitz, "2+3": Blitz,
		"8+0": Rapid, "10+5": Rapid, "15+10": Rapid, "5+5": Rapid,
		"25+0": Classical, "30+20": Classical, "180+180": Classical,
		"1d": Correspondence, "14d": Correspondence,
	} {
		var c TimeControl
		require.NoError(t, c.UnmarshalText([]byte(tc)))
		assert.Equal(t, class, c.Class(), tc)
	}
}

// namedPlayer issues an identity on s and names it (a name unique on a
// shared database).
func namedPlayer(t *testing.T, s *Service, base string) *Player {
	t.Helper()
	p, _, err := s.NewPlayer(context.Background())
	require.NoError(t, err)
	name := base
	for range 8 {
		name += string("bcdfghjkmnpqrvwxyz"[rand.IntN(18)])
	}
	p, err = s.Rename(context.Background(), p, name)
	require.NoError(t, err)
	return p
}

// ratedPair creates on s a rated game of control tc between red and blue,
// both asking for rated, by invitation; it returns the id and seat tokens.
func ratedPair(t *testing.T, s *Service, tc string, red, blue *Player) (id, redSeat, blueSeat string) {
	t.Helper()
	ctx := context.Background()
	var control TimeControl
	require.NoError(t, control.UnmarshalText([]byte(tc)))
	c, err := s.Create(ctx, Spec{Mode: "online", Clock: control, Rated: true, Player: red})
	require.NoError(t, err)
	res, err := s.Change(ctx, c.Game.ID, "", Join{Invite: c.Invite, Player: blue, Rated: true})
	require.NoError(t, err)
	require.True(t, res.Game.Rated)
	return c.Game.ID, c.Seats["red"], res.Seats["blue"]
}

// playOpening plays a3a4 and a7a6.
func playOpening(t *testing.T, s *Service, id, red, blue string) {
	t.Helper()
	ctx := context.Background()
	_, err := s.Change(ctx, id, red, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	_, err = s.Change(ctx, id, blue, Move{Move: mv(dsq.A7, dsq.A6), Ply: 1})
	require.NoError(t, err)
}

// TestRatingWorkedExample: two new players (1500, deviation 350,
// volatility 0.06) play one rated blitz game, Red wins. By Glicko-2 with
// tau 0.75 each game a rating period: Red 1662.31 (deviation 290.32), Blue
// 1337.69 (290.32); shown as +162 and -162, both still provisional.
func TestRatingWorkedExample(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		red, blue := namedPlayer(t, s, "Red"), namedPlayer(t, s, "Blue")
		id, redSeat, blueSeat := ratedPair(t, s, "5+3", red, blue)
		playOpening(t, s, id, redSeat, blueSeat)
		res, err := s.Change(ctx, id, blueSeat, Resign{})
		require.NoError(t, err)
		g := res.Game
		assert.True(t, g.RatedDone, "rated as the game ends, in the answer")
		assert.Equal(t, [2]int{162, -162}, g.Change)
		assert.Equal(t, SeatPlayer{ID: red.ID, Name: red.Name, Rating: 1500, Provisional: true}, g.Players[dsq.Red],
			"the rating it began with")

		r, err := s.PlayerByID(ctx, red.ID)
		require.NoError(t, err)
		b, err := s.PlayerByID(ctx, blue.ID)
		require.NoError(t, err)
		require.Contains(t, r.Ratings, Blitz)
		assert.InDelta(t, 1662.31, r.Ratings[Blitz].Rating.Rating, 0.005)
		assert.InDelta(t, 290.32, r.Ratings[Blitz].Deviation, 0.005)
		assert.InDelta(t, 0.06, r.Ratings[Blitz].Volatility, 0.00001)
		assert.InDelta(t, 1337.69, b.Ratings[Blitz].Rating.Rating, 0.005)
		assert.InDelta(t, 290.32, b.Ratings[Blitz].Deviation, 0.005)
		assert.Equal(t, 1, r.Ratings[Blitz].Games)
		assert.True(t, r.Ratings[Blitz].Provisional())
		assert.NotContains(t, r.Ratings, Rapid, "a class of its own")

		// The rematch begins with the ratings as they are now.
		_, err = s.Change(ctx, id, redSeat, OfferRematch{})
		require.NoError(t, err)
		res, err = s.Change(ctx, id, blueSeat, AcceptRematch{})
		require.NoError(t, err)
		re := stored(t, s, res.Created.ID)
		assert.True(t, re.Rated)
		assert.Equal(t, SeatPlayer{ID: blue.ID, Name: blue.Name, Rating: 1338, Provisional: true}, re.Players[dsq.Red])
		assert.Equal(t, SeatPlayer{ID: red.ID, Name: red.Name, Rating: 1662, Provisional: true}, re.Players[dsq.Blue])
	})
}

func ExampleRate() {
	// Two new players, one rated game: Red wins.
	u, _ := Rate(&store.Game{Winner: "red", RatingClass: Blitz}, nil, nil)
	fmt.Printf("red %.2f (%.2f) %+d, blue %.2f (%.2f) %+d\n",
		u.Red.Rating, u.Red.Deviation, u.RedChange, u.Blue.Rating, u.Blue.Deviation, u.BlueChange)
	// Then a draw between them.
	u, _ = Rate(&store.Game{RatingClass: Blitz}, &u.Red, &u.Blue)
	fmt.Printf("red %.2f (%.2f) %+d, blue %.2f (%.2f) %+d\n",
		u.Red.Rating, u.Red.Deviation, u.RedChange, u.Blue.Rating, u.Blue.Deviation, u.BlueChange)
	// Output:
	// red 1662.31 (290.32) +162, blue 1337.69 (290.32) -162
	// red 1576.69 (260.49) -85, blue 1423.31 (260.49) +85
}

// TestRatingFollowsTheEnd: a loss on time and a draw by agreement rate
// the game; an abort, asked for or by a first move not made, never does,
// nor an end before both first moves.
func TestRatingFollowsTheEnd(t *testing.T) {
	t.Parallel()
	f := newFakeTime()
	s := serviceOn(t, t.TempDir()+"/games.db", onClock(f))
	ctx := context.Background()
	red, blue := namedPlayer(t, s, "Red"), namedPlayer(t, s, "Blue")

	id, redSeat, blueSeat := ratedPair(t, s, "1+0", red, blue)
	playOpening(t, s, id, redSeat, blueSeat)
	f.Advance(2 * time.Minute) // Red's flag falls
	g, err := s.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, dsq.TimeForfeit, g.Outcome().Reason)
	assert.True(t, g.RatedDone)
	assert.Less(t, g.Change[dsq.Red], 0)
	assert.Greater(t, g.Change[dsq.Blue], 0)

	id, redSeat, blueSeat = ratedPair(t, s, "1+0", red, blue)
	playOpening(t, s, id, redSeat, blueSeat)
	_, err = s.Change(ctx, id, redSeat, OfferDraw{})
	require.NoError(t, err)
	res, err := s.Change(ctx, id, blueSeat, AcceptDraw{})
	require.NoError(t, err)
	assert.True(t, res.Game.RatedDone)

	id, redSeat, _ = ratedPair(t, s, "1+0", red, blue)
	res, err = s.Change(ctx, id, redSeat, Abort{})
	require.NoError(t, err)
	assert.False(t, res.Game.RatedDone)
	assert.Equal(t, [2]int{}, res.Game.Change)
	id, _, _ = ratedPair(t, s, "1+0", red, blue)
	f.Advance(2 * time.Minute) // the first move not made: aborted
	g, err = s.Get(ctx, id)
	require.NoError(t, err)
	assert.True(t, g.Aborted)
	assert.False(t, g.RatedDone)

	// Resigned before both first moves, or drawn at once: a result, no rating.
	id, redSeat, _ = ratedPair(t, s, "1+0", red, blue)
	res, err = s.Change(ctx, id, redSeat, Resign{})
	require.NoError(t, err)
	assert.True(t, res.Game.IsOver())
	assert.False(t, res.Game.RatedDone, "resigned at ply 0")
	id, redSeat, blueSeat = ratedPair(t, s, "1+0", red, blue)
	_, err = s.Change(ctx, id, redSeat, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err)
	res, err = s.Change(ctx, id, blueSeat, Resign{})
	require.NoError(t, err)
	assert.False(t, res.Game.RatedDone, "resigned at ply 1")
	id, redSeat, blueSeat = ratedPair(t, s, "1+0", red, blue)
	_, err = s.Change(ctx, id, redSeat, OfferDraw{})
	require.NoError(t, err)
	res, err = s.Change(ctx, id, blueSeat, AcceptDraw{})
	require.NoError(t, err)
	assert.True(t, res.Game.IsOver())
	assert.False(t, res.Game.RatedDone, "drawn at ply 0")

	r, err := s.PlayerByID(ctx, red.ID)
	require.NoError(t, err)
	assert.Equal(t, 2, r.Ratings[Bullet].Games, "two games rated; two aborted, three ended before both first moves")
	n, err := s.RateMissed(ctx)
	require.NoError(t, err)
	assert.Zero(t, n)
}

// TestRatingMissedIsCaughtUp: a rated game that ended where no rating
// followed (a process stopped in between) is rated by RateMissed, once.
func TestRatingMissedIsCaughtUp(t *testing.T) {
	// Not parallel: RateMissed rates every unrated game in the shared PostgreSQL database.
	forEachStore(t, func(t *testing.T, s *Service) {
		ctx := context.Background()
		red, blue := namedPlayer(t, s, "Red"), namedPlayer(t, s, "Blue")
		id, redSeat, blueSeat := ratedPair(t, s, "5+3", red, blue)
		playOpening(t, s, id, redSeat, blueSeat)
		// The end stored as another process would, without the rating.
		g := stored(t, s, id).copy()
		require.NoError(t, g.play.Resign(dsq.Blue))
		r, err := g.row()
		require.NoError(t, err)
		require.NoError(t, s.cfg.Store.Update(ctx, r))
		s.Forget(id)

		var wg sync.WaitGroup
		counts := make([]int, 4)
		for i := range counts {
			wg.Go(func() {
				n, err := s.RateMissed(ctx)
				assert.NoError(t, err)
				counts[i] = n
			})
		}
		wg.Wait()
		total := 0
		for _, n := range counts {
			total += n
		}
		assert.GreaterOrEqual(t, total, 1)
		got := stored(t, s, id)
		assert.True(t, got.RatedDone)
		assert.Equal(t, [2]int{162, -162}, got.Change)
		p, err := s.PlayerByID(ctx, red.ID)
		require.NoError(t, err)
		assert.Equal(t, 1, p.Ratings[Blitz].Games, "once")
	})
}

// TestRatingOnceAcrossInstances: two instances on one PostgreSQL see one
// game end (a resignation on one, a flag-fall sweep on the other, reads on
// both): its players' ratings change once.
func TestRatingOnceAcrossInstances(t *testing.T) {
	// Not parallel: its sweeps and RateMissed, on a clock of its own, reach every game in the shared PostgreSQL database.
	dsn := testenv.PostgresURL(t)
	f := newFakeTime()
	a, b := serviceOn(t, dsn, onClock(f)), serviceOn(t, dsn, onClock(f))
	ctx := context.Background()
	red, blue := namedPlayer(t, a, "Red"), namedPlayer(t, a, "Blue")
	for range 5 {
		id, redSeat, blueSeat := ratedPair(t, a, "1+0", red, blue)
		playOpening(t, a, id, redSeat, blueSeat)
		f.Advance(time.Minute - time.Millisecond)
		var wg sync.WaitGroup
		wg.Go(func() { _, _ = a.Change(ctx, id, redSeat, Resign{}) })
		wg.Go(func() { f.Advance(time.Millisecond) })
		wg.Go(func() { _, _ = b.Sweep(ctx) })
		wg.Go(func() { _, _ = b.RateMissed(ctx) })
		wg.Wait()
		_, err := b.Get(ctx, id)
		require.NoError(t, err)
		_, err = b.RateMissed(ctx)
		require.NoError(t, err)
		f.Advance(time.Hour)
	}
	r, err := a.PlayerByID(ctx, red.ID)
	require.NoError(t, err)
	bl, err := a.PlayerByID(ctx, blue.ID)
	require.NoError(t, err)
	assert.Equal(t, 5, r.Ratings[Bullet].Games)
	assert.Equal(t, 5, bl.Ratings[Bullet].Games)
	// Five losses in a row from 1500 against an equal: well below 1500,
	// each counted once (a loss counted twice would show in Games).
	assert.Less(t, r.Ratings[Bullet].Rating.Rating, rating.DefaultRating)
}

func TestPairedGameIsBound(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	red, blue := namedPlayer(t, s, "Red"), namedPlayer(t, s, "Blue")
	token, hash := NewSeatToken()
	var tc TimeControl
	require.NoError(t, tc.UnmarshalText([]byte("10+5")))
	c, err := s.CreatePaired(ctx, tc, PairSeat{Player: red, Rated: true, SeatHash: hash}, PairSeat{Player: blue, Rated: true})
	require.NoError(t, err)
	assert.NotContains(t, c.Seats, "red", "red holds its token already")
	g := stored(t, s, c.Game.ID)
	assert.True(t, g.Rated)
	assert.Equal(t, Rapid, g.RatingClass)
	assert.Equal(t, red.Name, g.Players[dsq.Red].Name)
	assert.Equal(t, blue.Name, g.Players[dsq.Blue].Name)
	assert.False(t, g.FirstMoveBy.IsZero(), "the first move is due")
	_, err = s.Change(ctx, g.ID, token, Move{Move: mv(dsq.A3, dsq.A4), Ply: 0})
	require.NoError(t, err, "the seek's token holds red")
	_, err = s.Change(ctx, g.ID, c.Seats["blue"], Move{Move: mv(dsq.A7, dsq.A6), Ply: 1})
	require.NoError(t, err)

	c, err = s.CreatePaired(ctx, tc, PairSeat{Player: red, Rated: true}, PairSeat{Player: red, Rated: true})
	require.NoError(t, err)
	assert.False(t, c.Game.Rated, "one identity on both seats")
	c, err = s.CreatePaired(ctx, tc, PairSeat{Player: red, Rated: true}, PairSeat{Player: blue})
	require.NoError(t, err)
	assert.False(t, c.Game.Rated, "blue did not ask")
}

func TestRenameRefuses(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	a := namedPlayer(t, s, "Taken")
	b, _, err := s.NewPlayer(ctx)
	require.NoError(t, err)
	for name, code := range map[string]string{
		a.Name:                  CodeNameTaken,
		"<b>" + a.Name + "</b>": CodeBadName,
		"Tiger AI":              CodeBadName,
		"a\u0000bc":             CodeBadName,
		"Аlice" + a.Name[5:]:    CodeBadName, // a Cyrillic А among Latin letters: two scripts
		"ТАКЕN" + a.Name[5:]:    CodeBadName,
		"T4ken" + a.Name[5:]:    CodeNameTaken, // 4 looks like a
		"Ta ken" + a.Name[5:]:   CodeNameTaken, // separators are not part of a name's look
	} {
		_, err := s.Rename(ctx, b, name)
		refused(t, err, code)
	}
	p, err := s.PlayerByID(ctx, b.ID)
	require.NoError(t, err)
	assert.Equal(t, "", p.Name, "every refusal left it unnamed")
}
