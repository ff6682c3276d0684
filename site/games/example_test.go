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
