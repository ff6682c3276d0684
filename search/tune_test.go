package search

import (
	"bufio"
	"context"
	"encoding/gob"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// The evaluation's weights are fitted to self-play games (Texel tuning):
//
//	go test ./search -run TestTuneEval -tune -timeout 1h
//
// plays the engine against itself from every opening of
// examples/match/testdata/openings.txt at each node count of -tune.nodes,
// keeps the quiet positions (no capture, den entry or den threat) with the
// game's result, and moves each weight up or down while that lowers the
// mean squared error between the result and the logistic of the
// evaluation (material stays fixed: see below); it then writes weights.go (-tune.out). Everything is
// deterministic: the same command writes the same file.
var (
	tune      = flag.Bool("tune", false, "fit the evaluation weights to self-play games and write them")
	tuneNodes = flag.String("tune.nodes", "1500,2500", "nodes per move of the self-play games, one series of games per value")
	tuneOut   = flag.String("tune.out", "weights.go", "file the fitted weights are written to")
	tuneOpen  = flag.String("tune.openings", "../examples/match/testdata/openings.txt", "file of the self-play games' starting positions")
	tuneRules = flag.String("tune.rules", "standard", "house rules of the self-play games (dsq.ParseRules)")
	tuneProcs = flag.Int("tune.procs", runtime.GOMAXPROCS(0), "self-play games played at once")
	tuneData  = flag.String("tune.data", "", "file of the labelled positions: read if it exists, else written after the self-play (to fit again without playing)")
)

type sample struct {
	F      [numFeatures]int8 // Red's features minus Blue's
	Result float64           // 1 Red won, 0.5 drawn, 0 Blue won
}

func TestEvaluateIsTheFeaturesTimesTheWeights(t *testing.T) {
	for _, pos := range randomPositions(t, 300, 9) {
		var f [numFeatures]int
		us := pos.SideToMove()
		features(&pos, us, 1, &f)
		features(&pos, us.Other(), -1, &f)
		sum := 0
		for i := range f {
			sum += f[i] * weights[i]
		}
		require.Equal(t, evaluate(&pos), sum, "%v", pos)
	}
}

func TestTuneEval(t *testing.T) {
	if !*tune {
		t.Skip("run with -tune to fit the evaluation weights")
	}
	samples, err := readSamples(*tuneData)
	if err != nil {
		samples = playSamples(t)
		if *tuneData != "" {
			require.NoError(t, writeSamples(*tuneData, samples))
		}
	}
	fitWeights(t, samples)
}

// playSamples plays the self-play games of the -tune flags and returns
// their quiet positions, labelled.
func playSamples(t *testing.T) []sample {
	openings := readOpeningsFile(t, *tuneOpen)
	rules, err := dsq.ParseRules(*tuneRules)
	require.NoError(t, err)
	var samples []sample
	for _, field := range strings.Split(*tuneNodes, ",") {
		var nodes uint64
		_, err := fmt.Sscan(field, &nodes)
		require.NoError(t, err)
		// Each game is played by its own engine, so the samples do not
		// depend on how many games run at once; they are gathered in the
		// openings' order.
		games := make([][]sample, len(openings))
		errs := make([]error, len(openings))
		next := make(chan int)
		var wg sync.WaitGroup
		for range max(*tuneProcs, 1) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					games[i], errs[i] = selfPlay(openings[i], rules, nodes)
				}
			}()
		}
		for i := range openings {
			next <- i
			if i%500 == 499 {
				t.Logf("nodes %d: %d games started", nodes, i+1)
			}
		}
		close(next)
		wg.Wait()
		for i := range games {
			require.NoError(t, errs[i], "opening %d", i)
			samples = append(samples, games[i]...)
		}
		t.Logf("nodes %d: %d games, %d positions", nodes, len(openings), len(samples))
	}
	return samples
}

// readSamples reads the labelled positions writeSamples wrote.
func readSamples(path string) ([]sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var samples []sample
	return samples, gob.NewDecoder(bufio.NewReader(f)).Decode(&samples)
}

// writeSamples writes the labelled positions to path.
func writeSamples(path string, samples []sample) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := gob.NewEncoder(w).Encode(samples); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// fitWeights moves each weight while the loss falls, and writes them.
func fitWeights(t *testing.T, samples []sample) {
	w := weights
	k := fitK(samples, &w)
	before := loss(samples, &w, k)
	steps := []int{40, 20, 10, 5, 2}
	for _, step := range steps {
		for improved := true; improved; {
			improved = false
			for i := range w {
				if i < fAdvance || i == fAdvance || i == fAdvance+advanceSteps {
					// Material stays as set: each piece also has exactly one
					// advance feature, so material and advance are collinear
					// and only one of them can be fitted. Distance 0 is the
					// den: decided, never evaluated.
					continue
				}
				best := loss(samples, &w, k)
				for _, d := range []int{step, -step} {
					w[i] += d
					if l := loss(samples, &w, k); l < best-1e-9 {
						best, improved = l, true
						continue
					}
					w[i] -= d
				}
			}
		}
		t.Logf("step %d: loss %.6f", step, loss(samples, &w, k))
	}
	t.Logf("%d positions, K %.3f, loss %.6f -> %.6f", len(samples), k, before, loss(samples, &w, k))
	require.NoError(t, os.WriteFile(*tuneOut, []byte(weightsSource(&w, len(samples), k, before, loss(samples, &w, k))), 0o644))
}

func readOpeningsFile(t testing.TB, path string) []dsq.Position {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var list []dsq.Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		list = append(list, mustPos(t, line))
	}
	require.NoError(t, sc.Err())
	return list
}

// selfPlay plays one game of the engine against itself and returns its
// quiet positions labelled with the result.
func selfPlay(start dsq.Position, rules dsq.Rules, nodes uint64) ([]sample, error) {
	e := NewEngine(8)
	g, err := dsq.NewGameRules(start, rules)
	if err != nil {
		return nil, err
	}
	var quiet []dsq.Position
	for ply := 0; ply < 400 && !g.IsOver(); ply++ {
		pos := g.Position()
		if isQuiet(&pos) {
			quiet = append(quiet, pos)
		}
		r, err := e.SearchGame(context.Background(), g, Options{Nodes: nodes})
		if err != nil {
			return nil, err
		}
		if err := g.Play(r.Move); err != nil {
			return nil, err
		}
	}
	result := 0.5
	if out := g.Outcome(); out.IsDecided() && !out.IsDraw() {
		result = 1
		if out.Winner == dsq.Blue {
			result = 0
		}
	}
	samples := make([]sample, len(quiet))
	for i := range quiet {
		var f [numFeatures]int
		features(&quiet[i], dsq.Red, 1, &f)
		features(&quiet[i], dsq.Blue, -1, &f)
		for j := range f {
			samples[i].F[j] = int8(f[j])
		}
		samples[i].Result = result
	}
	return samples, nil
}

// isQuiet: the evaluation is the quiescence search's answer there.
func isQuiet(pos *dsq.Position) bool {
	if denThreat(pos) {
		return false
	}
	den := dsq.DenOf(pos.SideToMove().Other())
	for _, m := range pos.LegalMoves() {
		if den.Has(m.To()) || pos.PieceAt(m.To()) != dsq.NoPiece {
			return false
		}
	}
	return true
}

func loss(samples []sample, w *[numFeatures]int, k float64) float64 {
	sum := 0.0
	for i := range samples {
		s := 0
		for j, f := range samples[i].F {
			s += int(f) * w[j]
		}
		p := 1 / (1 + math.Pow(10, -k*float64(s)/400))
		d := samples[i].Result - p
		sum += d * d
	}
	return sum / float64(len(samples))
}

// fitK finds the scale of the logistic that fits the current weights best.
func fitK(samples []sample, w *[numFeatures]int) float64 {
	best, bestK := math.Inf(1), 1.0
	for k := 0.01; k <= 3; k += 0.01 {
		if l := loss(samples, w, k); l < best {
			best, bestK = l, k
		}
	}
	return bestK
}

func weightsSource(w *[numFeatures]int, n int, k, before, after float64) string {
	var b strings.Builder
	row := func(from, to int) {
		b.WriteString("\t")
		for i := from; i < to; i++ {
			fmt.Fprintf(&b, "%d,", w[i])
			if i < to-1 {
				b.WriteString(" ")
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "package search\n\n// weights are the evaluation's weights, indexed by the f* constants of\n// eval.go, in centi-rats. Written by TestTuneEval -tune (tune_test.go):\n// %d quiet positions of self-play games, K %.2f, mean squared error\n// %.6f before and %.6f after.\nvar weights = [numFeatures]int{\n", n, k, before, after)
	b.WriteString("\t// material: rat, cat, dog, wolf, leopard, tiger, lion, elephant\n")
	row(fMaterial, fAdvance)
	b.WriteString("\t// advance of the small animals, by distance 0..14 to the enemy den\n")
	row(fAdvance, fAdvance+advanceSteps)
	b.WriteString("\t// advance of the large animals\n")
	row(fAdvance+advanceSteps, fRatInWater)
	b.WriteString("\t// rat in water, den guard, in an enemy trap\n")
	row(fRatInWater, numFeatures)
	b.WriteString("}\n")
	return b.String()
}
