package live_test

import (
	"fmt"

	"github.com/doushouqi/doushouqi/examples/server/live"
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
