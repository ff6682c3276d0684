package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
)

// Score is an engine's evaluation, for the side to move.
type Score struct {
	// Mate is true for a forced result: Value counts the moves to it,
	// positive when the side to move wins, negative (or zero) when it loses.
	// Otherwise Value is in the engine's hundredths of a piece (centi-rats
	// for cmd/engine).
	Mate  bool
	Value int
	// Lower and Upper mark a bound rather than an exact value
	// ("lowerbound", "upperbound").
	Lower, Upper bool
}

// String writes the score as the protocol does: "cp 35", "mate -3".
func (s Score) String() string {
	text := "cp " + strconv.Itoa(s.Value)
	if s.Mate {
		text = "mate " + strconv.Itoa(s.Value)
	}
	switch {
	case s.Lower:
		text += " lowerbound"
	case s.Upper:
		text += " upperbound"
	}
	return text
}

// Info is one info line of a search. Fields the line does not carry are
// zero.
type Info struct {
	Depth, SelDepth int
	MultiPV         int // the line's rank when the engine reports several; 0 if not given
	HasScore        bool
	Score           Score
	Nodes, NPS      uint64
	Time            time.Duration
	PV              []dsq.Move // the expected line, the best move first (moves as written, not checked)
	Text            string     // free text ("info string ..."), as written
}

// String writes the info as the engine's line: "info", then each field
// the Info carries (a number above zero, the score if HasScore) in the
// protocol's words, the PV last, as in "info depth 7 score cp 35 nodes 1200
// time 13 pv a3a4 b7b6"; Time in whole milliseconds. Text is written as
// "info string ...", which runs to the end of its line: after the fields,
// or on a line of its own when there is a PV (which runs to the end of its
// line too). An Info read from one line writes a line that reads back as it.
func (i Info) String() string {
	var b strings.Builder
	b.WriteString("info")
	field := func(name string, n uint64) {
		if n > 0 {
			b.WriteString(" " + name + " " + strconv.FormatUint(n, 10))
		}
	}
	field("depth", uint64(max(i.Depth, 0)))
	field("seldepth", uint64(max(i.SelDepth, 0)))
	field("multipv", uint64(max(i.MultiPV, 0)))
	if i.HasScore {
		b.WriteString(" score " + i.Score.String())
	}
	field("nodes", i.Nodes)
	field("nps", i.NPS)
	field("time", uint64(max(i.Time.Milliseconds(), 0)))
	if len(i.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range i.PV {
			b.WriteString(" " + m.String())
		}
	}
	if i.Text != "" {
		if len(i.PV) > 0 {
			b.WriteString("\ninfo")
		}
		b.WriteString(" string " + i.Text)
	}
	return b.String()
}

// ParseInfo reads an info line ("info depth 7 score cp 35 ... pv a3a4").
// Numbers that are not numbers and moves that are not moves are errors
// wrapping ErrProtocol; fields Info does not keep (currmove, hashfull, or
// one it does not know) are skipped.
func ParseInfo(line string) (Info, error) {
	fields := strings.Fields(line)
	if len(fields) == 0 || fields[0] != "info" {
		return Info{}, fmt.Errorf("%w: want info, got %q", ErrProtocol, line)
	}
	_, rest, _ := strings.Cut(strings.TrimSpace(line), "info")
	return parseInfo(rest)
}

// parseInfo reads the part of an info line after "info".
func parseInfo(text string) (Info, error) {
	var info Info
	fields := strings.Fields(text)
	bad := func(what string) (Info, error) {
		return Info{}, fmt.Errorf("%w: info: %s", ErrProtocol, what)
	}
	number := func(i int, name string) (uint64, error) {
		if i >= len(fields) {
			return 0, fmt.Errorf("%w: info: %s has no value", ErrProtocol, name)
		}
		n, err := strconv.ParseUint(fields[i], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%w: info: %s %q is not a number", ErrProtocol, name, fields[i])
		}
		return n, nil
	}
	for i := 0; i < len(fields); i++ {
		name := fields[i]
		switch name {
		case "string":
			_, rest, _ := strings.Cut(text, "string")
			info.Text = strings.TrimSpace(rest)
			return info, nil
		case "pv":
			for _, f := range fields[i+1:] {
				m, err := dsq.ParseMove(f)
				if err != nil {
					return bad(fmt.Sprintf("pv move %q: %v", f, err))
				}
				info.PV = append(info.PV, m)
			}
			return info, nil
		case "score":
			if i+2 >= len(fields) {
				return bad("score has no value")
			}
			v, err := strconv.Atoi(fields[i+2])
			if err != nil || v > 1<<30 || v < -1<<30 {
				return bad(fmt.Sprintf("score %q is not a number", fields[i+2]))
			}
			switch fields[i+1] {
			case "cp":
			case "mate":
				info.Score.Mate = true
			default:
				return bad(fmt.Sprintf("score %q: want cp or mate", fields[i+1]))
			}
			info.Score.Value, info.HasScore = v, true
			i += 2
			if i+1 < len(fields) {
				switch fields[i+1] {
				case "lowerbound":
					info.Score.Lower = true
					i++
				case "upperbound":
					info.Score.Upper = true
					i++
				}
			}
		case "depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull", "tbhits", "sbhits", "cpuload", "currmovenumber":
			i++
			n, err := number(i, name)
			if err != nil {
				return Info{}, err
			}
			switch name {
			case "depth":
				info.Depth = int(min(n, 1<<20))
			case "seldepth":
				info.SelDepth = int(min(n, 1<<20))
			case "multipv":
				info.MultiPV = int(min(n, 1<<20))
			case "nodes":
				info.Nodes = n
			case "nps":
				info.NPS = n
			case "time":
				info.Time = time.Duration(min(n, 1<<40)) * time.Millisecond
			}
		case "currmove":
			i++ // its move
		case "refutation", "currline":
			return info, nil // a line of moves to the end
		default:
			// A field of a newer protocol (such as wdl): skipped word by word.
		}
	}
	return info, nil
}
