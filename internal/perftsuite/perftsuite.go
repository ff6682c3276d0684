// Package perftsuite reads and writes the perft suites of testdata/: files of
// entries
//
//	id <name>
//	# what the position is built to test
//	pos <notation>
//	rules <house rules>      (optional)
//	depth <n>                (a positions file: how deep to count)
//	perft <depth> <nodes>    (a counts file: one line per depth)
//
// A counts file is written only by [Write], which counts every depth with
// both the library's bitboard generator and the mailbox reference
// (internal/mailbox) and writes nothing unless they agree on every count.
// The library's tests recheck the counts; cmd/perftsuite runs the writer.
package perftsuite

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/mailbox"
)

// Entry is one position of a suite.
type Entry struct {
	ID, Comment, Pos string
	Rules            dsq.Rules // from an optional "rules <text>" line
	Depth            int       // a positions file: how deep to count
	Counts           []Count   // a counts file: depths 1, 2, ... in order
}

// Count is the number of leaves of the tree of legal moves Depth plies deep.
type Count struct {
	Depth int
	Nodes uint64
}

// ReadFile reads the suite of the named file.
func ReadFile(name string) ([]Entry, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, name)
}

// Read reads a suite; name is the file's name for errors.
func Read(r io.Reader, name string) ([]Entry, error) {
	var entries []Entry
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		key, val, _ := strings.Cut(text, " ")
		if key == "id" {
			entries = append(entries, Entry{ID: val})
			continue
		}
		if text == "" || (key == "#" && len(entries) == 0) {
			continue // blank lines and the file's header
		}
		if len(entries) == 0 {
			return nil, fmt.Errorf("%s:%d: %q before the first id", name, line, text)
		}
		e := &entries[len(entries)-1]
		var err error
		switch key {
		case "#":
			e.Comment = val
		case "pos":
			e.Pos = val
		case "rules":
			e.Rules, err = dsq.ParseRules(val)
		case "depth":
			e.Depth, err = strconv.Atoi(val)
		case "perft":
			var c Count
			_, err = fmt.Sscanf(val, "%d %d", &c.Depth, &c.Nodes)
			e.Counts = append(e.Counts, c)
		default:
			err = fmt.Errorf("unknown line %q", text)
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
	}
	return entries, sc.Err()
}

// Positions returns the entry's position for the library and for the
// mailbox reference, under the entry's rules.
func (e Entry) Positions() (dsq.Position, mailbox.Board, error) {
	pos, err := dsq.ParsePosition(e.Pos)
	if err == nil {
		pos, err = pos.WithRules(e.Rules)
	}
	if err != nil {
		return dsq.Position{}, mailbox.Board{}, fmt.Errorf("%s: %w", e.ID, err)
	}
	ref, err := mailbox.Parse(e.Pos)
	if err != nil {
		return dsq.Position{}, mailbox.Board{}, fmt.Errorf("%s: %w", e.ID, err)
	}
	ref.Rules = MailboxRules(e.Rules)
	return pos, ref, nil
}

// MailboxRules are the library's house rules as the mailbox reference plays
// them.
func MailboxRules(r dsq.Rules) mailbox.Rules {
	return mailbox.Rules{TrappedCapture: r.TrappedCapture, SwapDogWolf: r.SwapDogWolf, MoveLimit: r.MoveLimit}
}

// CountAll counts each entry of a positions file at every depth from 1 to its
// Depth with both generators, at once on as many goroutines as there are
// counts, and fills its Counts. A count the generators disagree on is an
// error, and the entries' Counts are then not to be written.
func CountAll(entries []Entry) error {
	var wg sync.WaitGroup
	errs := make([][]error, len(entries))
	for i := range entries {
		e := &entries[i]
		pos, ref, err := e.Positions()
		if err != nil {
			return err
		}
		e.Counts = make([]Count, e.Depth)
		errs[i] = make([]error, e.Depth)
		for d := 1; d <= e.Depth; d++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				fast, slow := dsq.Perft(pos, d), mailbox.Perft(ref, d)
				if fast != slow {
					errs[i][d-1] = fmt.Errorf("%s depth %d: bitboard %d, reference %d", e.ID, d, fast, slow)
				}
				e.Counts[d-1] = Count{Depth: d, Nodes: fast}
			}()
		}
	}
	wg.Wait()
	for _, es := range errs {
		for _, err := range es {
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// Render is the text of a counts file made from positionsFile.
func Render(positionsFile string, entries []Entry) string {
	var sb strings.Builder
	sb.WriteString("# Perft suite made from " + positionsFile + ": every count agreed by the\n")
	sb.WriteString("# bitboard generator and the mailbox reference of internal/mailbox.\n")
	sb.WriteString("# Regenerate with go -C cmd run ./perftsuite (-h for its flags)\n\n")
	for _, e := range entries {
		fmt.Fprintf(&sb, "id %s\n# %s\npos %s\n", e.ID, e.Comment, e.Pos)
		if e.Rules != dsq.Standard {
			fmt.Fprintf(&sb, "rules %s\n", e.Rules)
		}
		for _, c := range e.Counts {
			fmt.Fprintf(&sb, "perft %d %d\n", c.Depth, c.Nodes)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// Write counts the positions file with both generators and writes the
// counts file, only if they agree on every count.
func Write(positionsFile, countsFile string) error {
	entries, err := ReadFile(positionsFile)
	if err != nil {
		return err
	}
	if err := CountAll(entries); err != nil {
		return err
	}
	return os.WriteFile(countsFile, []byte(Render(positionsFile, entries)), 0o644)
}
