// Command misty lets this project's match tool (cmd/match) play the
// public Dou Shou Qi engine MistyJungle ("misty-jungle", written in Rust),
// so that the AI can be measured against an engine built outside the
// repository, under that engine's own rules (our side of the protocol is
// read and written with the uci package's typed messages). Misty's code is
// not in this repository: it is built apart (README.md beside this file says how) and
// found by -engine, else the MISTY environment variable, else
// /tmp/misty-jungle/jungle-engine/target/release/jungle-engine.
//
//	go build -o /tmp/misty-adapter ./match/misty   (in lab/)
//	match -b engine=/tmp/misty-adapter,movetime=100ms,name=misty \
//	    -rules trapped-capture,move-limit=200,threefold ...
//
// The command speaks the protocol of cmd/engine on standard input and
// output, as the uci package drives it, and runs misty as a child process
// in misty's own protocol, translating between the two:
//
//   - The game: "position startpos|fen F [moves ...]" is replayed with the
//     library under the match's rules (-rules, or the Rules option the match
//     sets before each game). Misty gets the position reached, never the
//     moves: "position fen F reps R1;R2;...", F in misty's notation and each
//     R a position seen twice since the last capture, whose next occurrence
//     is the threefold draw (seeds are sent only under Rules.Threefold).
//   - The board: misty's start position is ours mirrored left to right (its
//     Red lion stands on a1, ours on g1), and the rules are symmetric about
//     the d-file, so files are mirrored both ways: our g1 is misty's a1.
//     Ranks, piece letters (upper case Red, who moves first from ranks 1-3)
//     and the counters (half-moves since the last capture, move number) are
//     the same; misty writes Blue to move as 'b', like us.
//   - The limits: "go movetime T" is sent as "go movetime T nodes
//     1000000000000", since misty stops at 1,000,000 nodes when no node
//     budget is given; "go nodes N" as "go nodes N movetime 0", since misty
//     stops at 1 s when no time is given and 0 turns its clock off; a game
//     clock (wtime, btime, winc, binc, movestogo) as the movetime
//     search.TimeForMove gives. Misty has no depth limit and cannot be
//     stopped, so "go depth" and "go infinite" are refused, and "stop" does
//     nothing: each go returns at misty's own limit.
//   - The answer: misty's "bestmove" is mirrored back and checked legal in
//     the game with the library; a move the library refuses, or no move in
//     a game that is not over, is answered "info string error: ..." and
//     "bestmove 0000", so that the match stops and says why. Misty's score
//     (side to move, its evaluation counts a rat as 130 and an elephant as
//     200) is multiplied by -scale (5 by default: one side's material is 944
//     in misty's units and 4,841 centi-rats in the search package's) and
//     printed as "info ... score cp S"; a won or lost score (misty's WIN is
//     1,000,000 less the plies to the end, as the search package's Win) is
//     passed unscaled, so it stays beyond any adjudication margin.
//
// Misty plays its own rules whatever it is told: a piece in an enemy trap
// captures at full rank, 200 half-moves without a capture draw, a third
// occurrence draws (trapped-capture,move-limit=200,threefold). Its tiger
// jumps the river on both axes as the library's since MistyJungle 0.0.6
// (commit 4108f20d, the build README.md names); 0.0.5 jumped it along the
// files only. Under other -rules the command still translates the game,
// but says in an info string that misty plays by its own.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/uci"
)

const (
	// mistyRules are the rules misty plays (0.0.6 and later; 0.0.5's tiger
	// jumped along the files only, which no house rule says).
	mistyRules = "trapped-capture,move-limit=200,threefold"
	// defaultEngine is where README.md builds misty.
	defaultEngine = "/tmp/misty-jungle/jungle-engine/target/release/jungle-engine"
	// defaultScale turns misty's score units into centi-rats.
	defaultScale = 5
	// mistyWin is misty's score for a won position (less the plies to it).
	mistyWin = 1_000_000
	// mateBand is how far below mistyWin a score still counts as won.
	mateBand = 1000
	// noNodeLimit is the node budget sent with a time limit alone.
	noNodeLimit = 1_000_000_000_000
	// handshakeTimeout bounds misty's answer to "uci".
	handshakeTimeout = 10 * time.Second
	// quitTimeout is how long misty may take to exit after "quit".
	quitTimeout = 2 * time.Second
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run reads the flags, starts misty and serves the protocol on in and out
// until "quit" or the end of in. It returns the exit status: 2 for bad
// flags, 1 when misty cannot be started or dies.
func run(args []string, in io.Reader, out, stderr io.Writer) int {
	fs := flag.NewFlagSet("misty", flag.ContinueOnError)
	fs.SetOutput(stderr)
	engineDefault := defaultEngine
	if env := os.Getenv("MISTY"); env != "" {
		engineDefault = env
	}
	enginePath := fs.String("engine", engineDefault, "misty's binary (default: $MISTY, else the path README.md builds)")
	rulesText := fs.String("rules", mistyRules, "the match's rules, until the Rules option changes them")
	scale := fs.Int("scale", defaultScale, "centi-rats per unit of misty's score")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	rules, err := dsq.ParseRules(*rulesText)
	if err == nil && (*scale < 1 || *scale > 1000) {
		err = fmt.Errorf("-scale %d: want 1..1000", *scale)
	}
	if err != nil || fs.NArg() > 0 {
		if err == nil {
			err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
		}
		fmt.Fprintf(stderr, "misty: %v\n", err)
		return 2
	}
	c, err := startChild(*enginePath)
	if err != nil {
		// The match reads standard output only: say it there too.
		fmt.Fprintf(out, "info string error: %v\n", err)
		fmt.Fprintf(stderr, "misty: %v\n", err)
		return 1
	}
	defer c.close()
	a := newAdapter(out, c, c.name, rules, *scale)
	if err := a.serve(in); err != nil {
		fmt.Fprintf(stderr, "misty: %v\n", err)
		return 1
	}
	return 0
}

// child is misty's process.
type child struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string // misty's output, closed at its end
	name  string      // misty's "id name"
}

// startChild starts the binary at path and does misty's handshake.
func startChild(path string) (*child, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("misty %s: %w", path, err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("misty %s: %w", path, err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("misty %s: %w", path, err)
	}
	c := &child{cmd: cmd, in: in, lines: make(chan string, 64)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 0, 4096), 1<<20)
		for sc.Scan() {
			c.lines <- strings.TrimSpace(sc.Text())
		}
		close(c.lines)
	}()
	if err := c.handshake(); err != nil {
		c.close()
		return nil, fmt.Errorf("misty %s: %w", path, err)
	}
	return c, nil
}

// handshake sends "uci" and reads up to "uciok", keeping misty's name.
func (c *child) handshake() error {
	if err := c.send("uci"); err != nil {
		return err
	}
	timeout := time.After(handshakeTimeout)
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				return errors.New("its output ended before uciok")
			}
			if name, ok := strings.CutPrefix(line, "id name "); ok {
				c.name = strings.TrimSpace(name)
			}
			if line == "uciok" {
				return nil
			}
		case <-timeout:
			return fmt.Errorf("no uciok within %v", handshakeTimeout)
		}
	}
}

// send writes one line to misty.
func (c *child) send(line string) error {
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		return fmt.Errorf("misty died: %w", err)
	}
	return nil
}

// next returns misty's next line, or an error when its output has ended.
func (c *child) next() (string, error) {
	line, ok := <-c.lines
	if !ok {
		return "", errors.New("misty died: its output ended")
	}
	return line, nil
}

// close asks misty to quit and kills it if it has not within quitTimeout.
func (c *child) close() {
	_ = c.send("quit")
	_ = c.in.Close()
	done := make(chan struct{})
	go func() {
		for range c.lines { // drain, so that the reader ends
		}
		_ = c.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(quitTimeout):
		_ = c.cmd.Process.Kill()
		<-done
	}
}

// mistyEngine is what the adapter needs of misty: the child process, or a
// stand-in in tests.
type mistyEngine interface {
	send(line string) error
	next() (string, error)
}

// adapter is the protocol state of one run.
type adapter struct {
	out    io.Writer
	outMu  sync.Mutex
	misty  mistyEngine
	name   string
	rules  dsq.Rules
	scale  int
	game   *dsq.Game
	warned string // the rules last warned about, so that each is said once
}

// newAdapter serves the protocol for misty, named name, under rules.
func newAdapter(out io.Writer, misty mistyEngine, name string, rules dsq.Rules, scale int) *adapter {
	a := &adapter{out: out, misty: misty, name: name, rules: rules, scale: scale}
	a.game, _ = dsq.NewGameRules(dsq.StartPosition(), rules)
	return a
}

func (a *adapter) println(format string, args ...any) {
	a.outMu.Lock()
	defer a.outMu.Unlock()
	fmt.Fprintf(a.out, format+"\n", args...)
}

func (a *adapter) errorf(format string, args ...any) {
	a.println("info string error: "+format, args...)
}

// serve answers the commands read from in until "quit" or the end of in.
// It returns an error only when misty is gone.
func (a *adapter) serve(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		cmd, _, _ := strings.Cut(line, " ")
		switch cmd {
		case "":
		case "uci", "jcei":
			name := a.name
			if name == "" {
				name = "misty"
			}
			a.println("id name %s (lab/match/misty)", name)
			a.println("id author Mistboard; adapter: the doushouqi authors")
			a.println("%s", uci.Option{Name: "Hash", Type: "spin", Default: strconv.Itoa(search.DefaultHashMiB), Min: "1", Max: strconv.Itoa(search.MaxHashMiB)})
			a.println("%s", uci.Option{Name: "Rules", Type: "string", Default: a.rules.String()})
			a.println("%sok", cmd)
		case "isready":
			a.println("readyok") // each go has been answered before the next command is read
		case "setoption":
			a.setOption(line)
		case "ucinewgame":
			a.game, _ = dsq.NewGameRules(dsq.StartPosition(), a.rules)
			if err := a.misty.send("ucinewgame"); err != nil {
				a.errorf("%v", err)
				return err
			}
		case "position":
			a.position(line)
		case "go":
			if err := a.goSearch(line); err != nil {
				a.errorf("%v", err)
				return err
			}
		case "stop":
			// Misty cannot be interrupted: the last go has been answered.
		case "quit":
			return nil
		default:
			a.errorf("unknown command %q", cmd)
		}
	}
	return nil
}

// setOption takes Hash (misty's table has a fixed size, so it is only
// checked) and Rules (the game is replayed under them).
func (a *adapter) setOption(line string) {
	c, err := uci.ParseSetOption(line)
	if err != nil {
		a.errorf("want setoption name NAME value VALUE, got %q", line)
		return
	}
	name, value := c.Name, c.Value
	switch strings.ToLower(name) {
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > search.MaxHashMiB {
			a.errorf("Hash %q: want 1..%d MiB", value, search.MaxHashMiB)
		}
	case "rules":
		r, err := dsq.ParseRules(value)
		if err != nil {
			a.errorf("Rules: %v", err)
			return
		}
		g, err := dsq.NewGameRules(a.game.Start(), r)
		if err == nil {
			err = replay(g, a.game.Moves())
		}
		if err != nil {
			a.errorf("Rules %s: the current game cannot be played under them: %v", r, err)
			return
		}
		a.rules, a.game = r, g
		if r.String() != mistyRules && r.String() != a.warned {
			a.warned = r.String()
			a.println("info string misty plays %s whatever the game's rules (%s)", mistyRules, r)
		}
	default:
		a.errorf("unknown option %q", name)
	}
}

func replay(g *dsq.Game, moves []dsq.Move) error {
	for _, m := range moves {
		if err := g.Play(m); err != nil {
			return err
		}
	}
	return nil
}

// position sets the game from "position startpos|fen F [moves M...]";
// nothing changes if any part is refused.
func (a *adapter) position(line string) {
	c, err := uci.ParsePosition(line)
	var g *dsq.Game
	if err == nil {
		g, err = c.Game(a.rules)
	}
	if err != nil {
		a.errorf("%v", err)
		return
	}
	a.game = g
}

// mistyGo is the go command for misty from our go command, in the side to
// move's view of a game clock.
func mistyGo(line string, side dsq.Color) (string, error) {
	l, err := uci.ParseGo(line)
	switch {
	case err != nil:
		return "", err
	case l.Infinite:
		return "", errors.New("go infinite: misty cannot be stopped; give movetime or nodes")
	case l.Depth > 0:
		return "", errors.New("go depth: misty has no depth limit; give movetime or nodes")
	}
	moveTime, nodes := l.MoveTime, l.Nodes
	if l.Time != [2]time.Duration{} && moveTime == 0 {
		moveTime = search.TimeForMove(l.Time[side], l.Inc[side], l.MovesToGo)
	}
	switch {
	case moveTime > 0 && nodes > 0:
		return fmt.Sprintf("go movetime %d nodes %d", moveTime.Milliseconds(), nodes), nil
	case moveTime > 0:
		return fmt.Sprintf("go movetime %d nodes %d", moveTime.Milliseconds(), uint64(noNodeLimit)), nil
	case nodes > 0:
		return fmt.Sprintf("go nodes %d movetime 0", nodes), nil
	}
	return "go", nil // misty's own limits: 1 s or 1,000,000 nodes
}

// goSearch asks misty for its move in the game and answers with it. It
// returns an error only when misty is gone.
func (a *adapter) goSearch(line string) error {
	g := a.game
	pos := g.Position()
	command, err := mistyGo(line, pos.SideToMove())
	if err != nil {
		a.errorf("%v", err)
		a.println("bestmove 0000")
		return nil
	}
	if g.IsOver() {
		a.println("info string the game is over: %s", g.Outcome())
		a.println("bestmove 0000")
		return nil
	}
	position := "position fen " + mistyFEN(pos)
	if seeds := repetitionSeeds(g); len(seeds) > 0 {
		position += " reps " + strings.Join(seeds, ";")
	}
	if err := a.misty.send(position); err != nil {
		return err
	}
	if err := a.misty.send(command); err != nil {
		return err
	}
	for {
		line, err := a.misty.next()
		if err != nil {
			return err
		}
		word, _, _ := strings.Cut(line, " ")
		switch word {
		case "info":
			if info, ok := a.info(line); ok {
				a.println("%s", info)
			}
		case "bestmove":
			a.bestMove(g, line)
			return nil
		}
	}
}

// info rewrites misty's search line ("info depth D nodes N nps X time T
// score cp S pv M") in our units and notation; ok is false for a line
// with no score in centi-pawns, or one that does not read.
// Its line's moves are read one by one, up to the first that is not a
// move ("(none)" when misty has none).
func (a *adapter) info(line string) (out uci.Info, ok bool) {
	head, pv, _ := strings.Cut(line, " pv ")
	info, err := uci.ParseInfo(head)
	if err != nil || !info.HasScore || info.Score.Mate {
		return uci.Info{}, false
	}
	info.Score = uci.Score{Value: centiRats(info.Score.Value, a.scale)}
	for _, text := range strings.Fields(pv) {
		m, err := fromMisty(text)
		if err != nil {
			break
		}
		info.PV = append(info.PV, m)
	}
	return info, true
}

// bestMove answers misty's bestmove line in g.
func (a *adapter) bestMove(g *dsq.Game, line string) {
	b, err := uci.ParseBestMove(line)
	moveText, _, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "bestmove")), " ")
	if err == nil && b.Move == dsq.NoMove {
		a.errorf("misty names no move, but the game goes on (%d legal moves)", len(g.LegalMoves()))
		a.println("%s", uci.BestMove{})
		return
	}
	var m dsq.Move
	if err == nil {
		m = dsq.NewMove(mirror(b.Move.From()), mirror(b.Move.To()))
		err = g.CheckMove(m)
	}
	if err != nil {
		a.errorf("misty's move %q is not legal here: %v", moveText, err)
		a.println("%s", uci.BestMove{})
		return
	}
	a.println("%s", uci.BestMove{Move: m})
}

// centiRats turns a score of misty's into centi-rats: a won or lost score
// keeps its distance to the win, any other is multiplied by scale and kept
// short of the won band, so that only misty's wins read as wins.
func centiRats(score, scale int) int {
	switch {
	case score >= mistyWin-mateBand:
		return search.Win - (mistyWin - min(score, mistyWin))
	case score <= -(mistyWin - mateBand):
		return -search.Win + (mistyWin + max(score, -mistyWin))
	}
	limit := search.Win - mateBand - 1
	return min(max(score*scale, -limit), limit)
}

// mirror is the square on the other side of the d-file.
func mirror(sq dsq.Square) dsq.Square {
	return dsq.SquareAt(dsq.NumFiles-1-sq.File(), sq.Rank())
}

// toMisty writes a move of ours in misty's notation.
func toMisty(m dsq.Move) string {
	return dsq.NewMove(mirror(m.From()), mirror(m.To())).String()
}

// fromMisty reads a move in misty's notation ("a1b1") as ours.
func fromMisty(s string) (dsq.Move, error) {
	m, err := dsq.ParseMove(s)
	if err != nil {
		return dsq.NoMove, err
	}
	return dsq.NewMove(mirror(m.From()), mirror(m.To())), nil
}

// mistyFEN writes pos in misty's notation: ours with the files mirrored,
// four fields (misty knows no house rules field).
func mistyFEN(pos dsq.Position) string {
	var b strings.Builder
	for rank := dsq.NumRanks - 1; rank >= 0; rank-- {
		empty := 0
		for file := range dsq.NumFiles {
			pc := pos.PieceAt(dsq.SquareAt(dsq.NumFiles-1-file, rank))
			if pc == dsq.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Letter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	side := "r"
	if pos.SideToMove() == dsq.Blue {
		side = "b"
	}
	fmt.Fprintf(&b, " %s %d %d", side, pos.NoCaptureHalfMoves(), pos.MoveNumber())
	return b.String()
}

// repetitionSeeds are the positions, in misty's notation, that g has seen
// twice or more since the last capture (oldest first): the next occurrence
// of any of them is the threefold draw, which misty's search scores as a
// draw only when it is given them. None unless g's rules have Threefold.
func repetitionSeeds(g *dsq.Game) []string {
	if !g.Rules().Threefold {
		return nil
	}
	n := len(g.Moves())
	last := g.Position()
	count := map[uint64]int{}
	var order []dsq.Position // each position once, newest first
	for i := n; i >= 0 && n-i <= last.NoCaptureHalfMoves(); i-- {
		p, _ := g.PositionAfter(i)
		h := p.Hash()
		if count[h] == 0 {
			order = append(order, p)
		}
		count[h]++
	}
	var seeds []string
	for _, p := range slices.Backward(order) {
		if count[p.Hash()] >= 2 {
			seeds = append(seeds, mistyFEN(p))
		}
	}
	return seeds
}
