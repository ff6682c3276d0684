// Command server is a Dou Shou Qi game server built on the doushouqi
// library: a JSON API for games against the AI (as Red or Blue) or between
// two players on one device, and a web page that plays them.
//
//	cd examples/server && go run . [-addr 127.0.0.1:0]
//
// It listens on a free port unless -addr says otherwise and prints its URL.
//
// API (JSON in and out; errors are 4xx with {"error", "reason"}):
//
//	POST /api/games                 {"mode":"ai","aiColor":"red","depth":4} or {"mode":"local"}
//	GET  /api/games/{id}            the game's state
//	GET  /api/games/{id}/targets?from=b3   legal destinations of the piece on b3
//	POST /api/games/{id}/moves      {"move":"a3a4"}  (the AI answers in AI games)
//	POST /api/games/{id}/undo       take back (both sides' last moves against the AI)
//	POST /api/games/{id}/resign     {"color":"red"}
//	POST /api/games/{id}/draw       {"color":"red","action":"offer"|"accept"|"decline"}
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on (port 0: a free port)")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(2)
	}
	fmt.Printf("Dou Shou Qi server on http://%s/\n", ln.Addr())
	srv := &http.Server{Handler: NewServer().Handler(), ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(1)
	}
}
