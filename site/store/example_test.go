package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/doushouqi/doushouqi/site/store"
)

// Two requests read the same game and both try to write: the database
// orders them, the second gets ErrConflict and nothing of it is stored.
func ExampleStore_Update() {
	dir, _ := os.MkdirTemp("", "dsq-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	s, err := store.Open(ctx, filepath.Join(dir, "games.db")) // or a postgres:// URL
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()

	g := &store.Game{ID: "0123456789abcdef0123456789abcdef", Mode: "local",
		Record: []byte(`{"moves":[],"result":"*"}`), First: "red", ToMove: "red"}
	if err := s.Create(ctx, g); err != nil {
		fmt.Println(err)
		return
	}
	first, _ := s.Get(ctx, g.ID)
	second, _ := s.Get(ctx, g.ID)

	first.Record, first.Ply, first.ToMove = []byte(`{"moves":["a3a4"],"result":"*"}`), 1, "blue"
	fmt.Println("first:", s.Update(ctx, first), "version", first.Version)
	second.Record, second.Ply, second.ToMove = []byte(`{"moves":["g3g4"],"result":"*"}`), 1, "blue"
	err = s.Update(ctx, second)
	fmt.Println("second:", errors.Is(err, store.ErrConflict))

	stored, _ := s.Get(ctx, g.ID)
	fmt.Println("stored:", string(stored.Record))
	// Output:
	// first: <nil> version 2
	// second: true
	// stored: {"moves":["a3a4"],"result":"*"}
}
