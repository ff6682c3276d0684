package live_test

import (
	"context"
	"fmt"

	"github.com/doushouqi/doushouqi/site/live"
)

// A watcher subscribes to a game and is woken when it changes; it then reads
// the game itself.
func ExampleHub() {
	hub := live.New(100)
	sub, _ := hub.Subscribe("game-1")
	defer sub.Close()

	hub.Publish("game-2") // another game: no wake-up
	hub.Publish("game-1")
	hub.Publish("game-1") // coalesced with the first
	woken := 0
	for {
		select {
		case <-sub.C:
			woken++
			continue
		default:
		}
		break
	}
	fmt.Println("woken", woken, "time(s)")
	// Output: woken 1 time(s)
}

// A seat holder's stream is its presence until it closes. With Share, the
// hubs of every instance on one database answer the same.
func ExampleHub_Presence() {
	hub := live.New(100)
	leave := hub.Arrive("game-1", "blue") // blue's page opened the game's stream
	seats, _ := hub.Presence(context.Background(), "game-1")
	fmt.Println("red:", seats["red"].Connected, "blue:", seats["blue"].Connected)
	leave()
	seats, _ = hub.Presence(context.Background(), "game-1")
	fmt.Println("blue away since its stream closed:", !seats["blue"].Connected && !seats["blue"].Since.IsZero())
	// Output:
	// red: false blue: true
	// blue away since its stream closed: true
}
