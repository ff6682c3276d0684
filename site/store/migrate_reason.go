package store

import (
	"context"
	"database/sql"

	dsq "github.com/doushouqi/doushouqi"
)

// splitNoPieces gives the games stored as lost by "no legal move" that were
// lost by having no pieces left their own reason, "no pieces left", read
// from their records (the site stored both as one before migration 6). A
// record that does not load keeps its reason.
func splitNoPieces(ctx context.Context, s *sqlStore, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, s.q(`SELECT id, record FROM games WHERE over = 1 AND reason = ?`), dsq.NoLegalMove.String())
	if err != nil {
		return err
	}
	var ids []string
	for rows.Next() {
		var id, record string
		if err := rows.Scan(&id, &record); err != nil {
			rows.Close()
			return err
		}
		if g, err := dsq.ParseRecordJSON([]byte(record)); err == nil && g.Outcome().Reason == dsq.NoPieces {
			ids = append(ids, id)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE games SET reason = ? WHERE id = ?`), dsq.NoPieces.String(), id); err != nil {
			return err
		}
	}
	return nil
}
