package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
)

// readOpenings reads one position per line; blank lines and lines starting
// with # are skipped. Every position must be valid and undecided.
func readOpenings(r io.Reader, name string) ([]dsq.Position, error) {
	var list []dsq.Position
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos, err := dsq.ParsePosition(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		if pos.Outcome().IsDecided() {
			return nil, fmt.Errorf("%s:%d: the position is decided: %s", name, n, pos.Outcome())
		}
		list = append(list, pos)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("%s: no openings", name)
	}
	return list, nil
}

func loadOpenings(path string) ([]dsq.Position, error) {
	if path == "" {
		return []dsq.Position{dsq.StartPosition()}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpenings(f, path)
}

// genOptions say how to generate openings.
type genOptions struct {
	Count    int    // openings to write
	MinPlies int    // random half-moves from the start, at least
	MaxPlies int    // and at most
	Depth    int    // search depth that judges the balance
	Margin   int    // largest |score| accepted, in centi-rats
	Least    int    // smallest |score| accepted: 0 for balanced openings, above 0 for unbalanced ones
	Seed     uint64 // random source
}

// generateOpenings writes opts.Count distinct positions reached by random
// moves from the start that the engine judges roughly level: its score at
// opts.Depth is within opts.Margin for the side to move. With opts.Least
// above 0 they are unbalanced instead: |score| between opts.Least and
// opts.Margin, one side better but the game not decided, the kind of
// opening chess engine testers use when level ones end in draws too often
// (each is played twice, colours swapped, so neither engine gets the better
// side more often). The output is a function of the options only.
func generateOpenings(ctx context.Context, w io.Writer, opts genOptions) error {
	rng := rand.New(rand.NewPCG(opts.Seed, 0x6f70656e))
	engine := search.NewEngine(16)
	seen := map[string]bool{}
	fmt.Fprintf(w, "# %d openings: %d to %d random half-moves from the start, %d <= |score| <= %d at depth %d (seed %d)\n",
		opts.Count, opts.MinPlies, opts.MaxPlies, opts.Least, opts.Margin, opts.Depth, opts.Seed)
	for written, tries := 0, 0; written < opts.Count; tries++ {
		if tries > 1000*opts.Count {
			return fmt.Errorf("only %d level openings found in %d tries", written, tries)
		}
		pos := dsq.StartPosition()
		plies := opts.MinPlies + rng.IntN(opts.MaxPlies-opts.MinPlies+1)
		for range plies {
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				break
			}
			pos.MakeMove(moves[rng.IntN(len(moves))])
		}
		text := pos.String()
		if pos.Outcome().IsDecided() || seen[text] {
			continue
		}
		engine.NewGame()
		r, err := engine.Search(ctx, pos, search.Options{Depth: opts.Depth})
		if err != nil {
			return err
		}
		if abs(r.Score) > opts.Margin || abs(r.Score) < opts.Least {
			continue
		}
		seen[text] = true
		fmt.Fprintln(w, text)
		written++
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
