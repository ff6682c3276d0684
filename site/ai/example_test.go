package ai_test

import (
	"context"
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/ai"
)

// A server reserves a place before it stores anything that needs the AI,
// and answers 503 when there is none; the job then runs on a pooled engine.
func ExamplePool() {
	pool := ai.New(1, 0, 1) // one engine, no queue, 1 MiB table
	defer pool.Close(context.Background())

	ticket, err := pool.Reserve()
	if err != nil {
		fmt.Println("busy: answer 503")
		return
	}
	_, err = pool.Reserve()
	fmt.Println("second reservation:", err)

	done := make(chan dsq.Move)
	ticket.Submit(func(ctx context.Context, e *search.Engine) {
		res, _ := e.Search(ctx, dsq.StartPosition(), search.Options{Depth: 2})
		done <- res.Move
	})
	m := <-done
	pos := dsq.StartPosition()
	fmt.Println("legal move:", pos.IsLegal(m))
	// Output:
	// second reservation: ai: no place for the job: the pool, or the client's share of it, is full
	// legal move: true
}

// Places are counted per client (an address): a client at its bound is
// refused, another is not.
func ExamplePool_ReserveFor() {
	pool := ai.New(1, 3, 1) // four places, at most one per client
	defer pool.Close(context.Background())

	first, _ := pool.ReserveFor("192.0.2.1")
	defer first.Release()
	_, err := pool.ReserveFor("192.0.2.1")
	fmt.Println("192.0.2.1 again:", err)
	other, err := pool.ReserveFor("192.0.2.2")
	fmt.Println("192.0.2.2:", err)
	other.Release()
	// Output:
	// 192.0.2.1 again: ai: no place for the job: the pool, or the client's share of it, is full
	// 192.0.2.2: <nil>
}
