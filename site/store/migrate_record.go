package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
)

// goSteps are the migrations written in Go, by number: each runs after the
// SQL file of its number, in the migration's transaction.
var goSteps = map[int]func(ctx context.Context, s *sqlStore, tx *sql.Tx) error{
	2: fillRecords,
	6: splitNoPieces,
}

// legacyGame is a row as schema 1 kept it: what was replayed to make the
// game.
type legacyGame struct {
	ID         string `json:"id"`
	Rules      string `json:"rules"`
	Start      string `json:"start"`
	Moves      string `json:"moves"`
	DrawOffer  string `json:"drawOffer"`
	Resigned   string `json:"resigned"`
	DrawAgreed bool   `json:"drawAgreed"`
}

// fillRecords writes the record of every game stored before migration 2,
// replayed from the columns of schema 1, a batch at a time. A row that does
// not replay (a damaged database) keeps its columns in its record under
// "unreplayable": nothing is lost, and loading it fails as it did before.
func fillRecords(ctx context.Context, s *sqlStore, tx *sql.Tx) error {
	const batch = 500
	after := ""
	for {
		rows, err := tx.QueryContext(ctx, s.q(`SELECT id, rules, start, moves, draw_offer, resigned, draw_agreed
			FROM games WHERE id > ? ORDER BY id LIMIT ?`), after, batch)
		if err != nil {
			return err
		}
		var olds []legacyGame
		for rows.Next() {
			var g legacyGame
			var agreed int
			if err := rows.Scan(&g.ID, &g.Rules, &g.Start, &g.Moves, &g.DrawOffer, &g.Resigned, &agreed); err != nil {
				rows.Close()
				return err
			}
			g.DrawAgreed = agreed != 0
			olds = append(olds, g)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(olds) == 0 {
			return nil
		}
		for _, old := range olds {
			record, err := old.record()
			if err != nil {
				record, _ = json.Marshal(map[string]any{"unreplayable": old, "error": err.Error()})
			}
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE games SET record = ? WHERE id = ?`), string(record), old.ID); err != nil {
				return err
			}
		}
		after = olds[len(olds)-1].ID
	}
}

// record replays a schema-1 row as the library's game and returns its JSON
// record.
func (old legacyGame) record() ([]byte, error) {
	rules, err := dsq.ParseRules(old.Rules)
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	start, err := dsq.ParsePosition(old.Start)
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	if start, err = start.WithRules(rules); err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	g, err := dsq.NewGameRules(start, rules)
	if err != nil {
		return nil, err
	}
	if old.Moves != "" {
		for i, text := range strings.Split(old.Moves, " ") {
			if _, err := g.PlayText(text); err != nil {
				return nil, fmt.Errorf("move %d: %w", i+1, err)
			}
		}
	}
	color := func(text string) (dsq.Color, error) {
		var c dsq.Color
		err := c.UnmarshalText([]byte(text))
		return c, err
	}
	switch {
	case old.Resigned != "":
		c, err := color(old.Resigned)
		if err == nil {
			err = g.Resign(c)
		}
		if err != nil {
			return nil, fmt.Errorf("resignation: %w", err)
		}
	case old.DrawAgreed:
		c, err := color(old.DrawOffer)
		if err == nil {
			err = g.OfferDraw(c)
		}
		if err == nil {
			err = g.AcceptDraw(c.Other())
		}
		if err != nil {
			return nil, fmt.Errorf("agreed draw: %w", err)
		}
	case old.DrawOffer != "":
		c, err := color(old.DrawOffer)
		if err == nil {
			err = g.OfferDraw(c)
		}
		if err != nil {
			return nil, fmt.Errorf("draw offer: %w", err)
		}
	}
	return g.MarshalJSON()
}
