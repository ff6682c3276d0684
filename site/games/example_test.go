package games_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/ai"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/store"
)

// A local game: created with both seats, a move by Red's token, then a
// move by the wrong token refused; each change is a new version.
func ExampleService_Change() {
	dir, _ := os.MkdirTemp("", "dsq-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(dir, "games.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	pool := ai.New(1, 1, 1)
	defer pool.Close(ctx)
	s := games.New(games.Config{Store: db, Pool: pool})

	c, err := s.Create(ctx, games.Spec{Mode: "local"})
	if err != nil {
		fmt.Println(err)
		return
	}
	id, red, blue := c.Game.ID, c.Seats["red"], c.Seats["blue"]
	res, err := s.Change(ctx, id, red, games.Move{Move: dsq.NewMove(dsq.A3, dsq.A4), Ply: 0})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("version", res.Game.Version, "ply", res.Game.Ply(), res.Game.Position().SideToMove(), "to move")

	_, err = s.Change(ctx, id, red, games.Move{Move: dsq.NewMove(dsq.A7, dsq.A6), Ply: 1})
	var refusal *games.Error
	fmt.Println(errors.As(err, &refusal) && refusal.Code == games.CodeConflict, refusal.Message)
	res, err = s.Change(ctx, id, blue, games.Move{Move: dsq.NewMove(dsq.A7, dsq.A6), Ply: 1})
	fmt.Println("version", res.Game.Version, "ply", res.Game.Ply(), err)
	// Output:
	// version 2 ply 1 blue to move
	// true it is not your turn
	// version 3 ply 2 <nil>
}

// An online game: Red asks to take back its move after both first moves,
// Blue accepts, and Red is to move again at ply 2, with one request of
// games.MaxTakebacks spent; asking again now would take back a first
// move, and is refused.
func ExampleOfferTakeback() {
	dir, _ := os.MkdirTemp("", "dsq-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(dir, "games.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	pool := ai.New(1, 1, 1)
	defer pool.Close(ctx)
	s := games.New(games.Config{Store: db, Pool: pool})

	c, err := s.Create(ctx, games.Spec{Mode: "online"})
	if err != nil {
		fmt.Println(err)
		return
	}
	joined, err := s.Change(ctx, c.Game.ID, "", games.Join{Invite: c.Invite})
	if err != nil {
		fmt.Println(err)
		return
	}
	id, red, blue := c.Game.ID, c.Seats["red"], joined.Seats["blue"]
	for i, m := range []struct {
		token    string
		from, to dsq.Square
	}{{red, dsq.A3, dsq.A4}, {blue, dsq.A7, dsq.A6}, {red, dsq.G3, dsq.G4}} {
		if _, err := s.Change(ctx, id, m.token, games.Move{Move: dsq.NewMove(m.from, m.to), Ply: i}); err != nil {
			fmt.Println(err)
			return
		}
	}
	res, err := s.Change(ctx, id, red, games.OfferTakeback{Ply: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	asker, waiting := res.Game.TakebackOffer()
	fmt.Println(asker, "asks:", waiting, "left", res.Game.TakebacksLeft(dsq.Red))
	res, err = s.Change(ctx, id, blue, games.AcceptTakeback{Ply: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("ply", res.Game.Ply(), res.Game.Position().SideToMove(), "to move")
	_, err = s.Change(ctx, id, red, games.OfferTakeback{Ply: 2})
	fmt.Println(err)
	// Output:
	// red asks: true left 2
	// ply 2 red to move
	// conflict: the first moves of a game are not taken back: abort the game instead
}
