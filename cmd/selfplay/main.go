// Command selfplay plays games between two players and prints the
// statistics a game site shows: games played; Red wins, Blue wins and draws
// with how each ended; average, shortest and longest game in moves; first
// player (Red) against second player (Blue) wins.
//
//	go -C cmd run ./selfplay [-games N] [-red P] [-blue P] [-seed S] [-json] [-records DIR]
//
// A player is random, greedy, ai:<depth> (such as ai:4) or ai:<duration>
// (such as ai:200ms). A progress bar is drawn on standard error when it is
// a terminal (a log gets none). With -json
// the statistics are printed as JSON; with -records every game is saved as a
// text record in DIR. Bad flags print one line to standard error and exit
// with status 2.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// Stats are the statistics of a series of games.
type Stats struct {
	Games       int            `json:"games"`
	RedWins     int            `json:"redWins"`
	BlueWins    int            `json:"blueWins"`
	Draws       int            `json:"draws"`
	Endings     map[string]int `json:"endings"` // outcome text -> games
	AvgMoves    float64        `json:"averageMoves"`
	MinMoves    int            `json:"minMoves"`
	MaxMoves    int            `json:"maxMoves"`
	FirstWins   int            `json:"firstPlayerWins"`  // Red moves first
	SecondWins  int            `json:"secondPlayerWins"` // Blue
	UnfinishedN int            `json:"unfinished"`       // stopped at the ply cap
}

// add counts one finished game. Moves are half-moves.
func (s *Stats) add(g *dsq.Game) {
	out := g.Outcome()
	n := len(g.Moves())
	if s.Games == 0 || n < s.MinMoves {
		s.MinMoves = n
	}
	s.MaxMoves = max(s.MaxMoves, n)
	s.AvgMoves = (s.AvgMoves*float64(s.Games) + float64(n)) / float64(s.Games+1)
	s.Games++
	if s.Endings == nil {
		s.Endings = map[string]int{}
	}
	switch {
	case !out.IsDecided():
		s.UnfinishedN++
		s.Endings["unfinished"]++
		return
	case out.IsDraw():
		s.Draws++
	case out.Winner == dsq.Red:
		s.RedWins++
		s.FirstWins++
	default:
		s.BlueWins++
		s.SecondWins++
	}
	s.Endings[out.String()]++
}

func (s *Stats) write(w io.Writer) {
	fmt.Fprintf(w, "games played      %d\n", s.Games)
	fmt.Fprintf(w, "red wins          %d\n", s.RedWins)
	fmt.Fprintf(w, "blue wins         %d\n", s.BlueWins)
	fmt.Fprintf(w, "draws             %d\n", s.Draws)
	endings := make([]string, 0, len(s.Endings))
	for e := range s.Endings {
		endings = append(endings, e)
	}
	sort.Strings(endings)
	for _, e := range endings {
		fmt.Fprintf(w, "  %-36s %d\n", e, s.Endings[e])
	}
	fmt.Fprintf(w, "half-moves a game average %.1f, min %d, max %d\n", s.AvgMoves, s.MinMoves, s.MaxMoves)
	fmt.Fprintf(w, "first player (red) wins %d, second player (blue) wins %d\n", s.FirstWins, s.SecondWins)
}

// maxPlies caps a game; the rules end every game long before (60 quiet
// half-moves draw, and there are only 16 captures).
const maxPlies = 2000

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	games := flags.Int("games", 100, "number of games")
	redSpec := flags.String("red", "ai:4", "red player: random, greedy, ai:<depth> or ai:<duration>")
	blueSpec := flags.String("blue", "greedy", "blue player, as -red")
	seed := flags.Uint64("seed", 1, "seed of the random and greedy players")
	asJSON := flags.Bool("json", false, "print the statistics as JSON")
	records := flags.String("records", "", "directory to save each game's record in")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			flags.SetOutput(stdout)
			flags.PrintDefaults()
			return 0
		}
		return fail(stderr, err)
	}
	if flags.NArg() > 0 {
		return fail(stderr, fmt.Errorf("unexpected argument %q", flags.Arg(0)))
	}
	if *games < 1 || *games > 1_000_000 {
		return fail(stderr, fmt.Errorf("games %d out of range 1..1000000", *games))
	}
	rng := rand.New(rand.NewPCG(*seed, 0x5e1f))
	red, err := newPlayer(*redSpec, rng)
	if err != nil {
		return fail(stderr, fmt.Errorf("-red: %w", err))
	}
	blue, err := newPlayer(*blueSpec, rng)
	if err != nil {
		return fail(stderr, fmt.Errorf("-blue: %w", err))
	}
	if *records != "" {
		if err := os.MkdirAll(*records, 0o755); err != nil {
			return fail(stderr, err)
		}
	}

	bar := isTerminal(stderr) // a log gets no progress bar
	var stats Stats
	for i := range *games {
		g, err := search.PlayGame(ctx, dsq.StartPosition(), red, blue, maxPlies)
		if err != nil {
			return fail(stderr, err)
		}
		for _, tag := range [][2]string{{"Red", *redSpec}, {"Blue", *blueSpec}, {"Event", "selfplay game " + strconv.Itoa(i+1)}} {
			if err := g.SetTag(tag[0], tag[1]); err != nil {
				return fail(stderr, err)
			}
		}
		stats.add(g)
		if *records != "" {
			name := filepath.Join(*records, fmt.Sprintf("game-%04d.txt", i+1))
			if err := os.WriteFile(name, []byte(g.Record()), 0o644); err != nil {
				return fail(stderr, err)
			}
		}
		if bar {
			progressBar(stderr, i+1, *games)
		}
	}
	if bar {
		fmt.Fprintln(stderr)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(stats); err != nil {
			return fail(stderr, err)
		}
		return 0
	}
	stats.write(stdout)
	return 0
}

// newPlayer reads a player spec. Engines get their own table each.
func newPlayer(spec string, rng *rand.Rand) (search.Player, error) {
	switch {
	case spec == "random":
		return search.RandomPlayer{Rand: rng}, nil
	case spec == "greedy":
		return search.GreedyPlayer{Rand: rng}, nil
	case strings.HasPrefix(spec, "ai:"):
		arg := strings.TrimPrefix(spec, "ai:")
		if depth, err := strconv.Atoi(arg); err == nil && depth >= 1 && depth <= 20 {
			return search.EnginePlayer{Engine: search.NewEngine(16), Options: search.Options{Depth: depth}}, nil
		}
		if d, err := time.ParseDuration(arg); err == nil && d > 0 && d <= time.Minute {
			return search.EnginePlayer{Engine: search.NewEngine(64), Options: search.Options{Depth: 64, Time: d}}, nil
		}
		return nil, fmt.Errorf("player %q: want ai:<depth 1..20> or ai:<duration up to 1m>", spec)
	}
	return nil, fmt.Errorf("player %q: want random, greedy, ai:<depth> or ai:<duration>", spec)
}

// isTerminal reports whether w is a terminal (a character device), where a
// progress bar redrawn with \r reads well.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// progressBar redraws the bar on a terminal.
func progressBar(w io.Writer, done, total int) {
	const width = 40
	filled := done * width / total
	fmt.Fprintf(w, "\r[%s%s] %d/%d games", strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total)
}

func fail(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, "selfplay:", err)
	return 2
}
