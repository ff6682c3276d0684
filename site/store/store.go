// Package store keeps the play site's games, and which players have them
// open on which server instance, in a SQL database: SQLite through a pure-Go
// driver (a file, the default) or PostgreSQL through pgx (for several
// server instances on one database). Both sit behind the one Store
// interface, share their SQL where the dialects allow, and pass the same test
// suite.
//
// Concurrency is optimistic: every game row has a version, Update writes only
// over the version it read, and the loser of two racing updates gets
// ErrConflict. Migrations (numbered SQL files, embedded) run when a store is
// opened.
package store

import (
	"context"
	"errors"
	"time"
)

// Errors a Store returns; test them with errors.Is.
var (
	ErrNotFound = errors.New("store: no such game")
	ErrConflict = errors.New("store: game changed since it was read")
	ErrExists   = errors.New("store: game id already taken")
)

// Game is one stored game: the library's record of it (JSON, as
// dsq.Game.MarshalJSON writes it: start, moves, result, draw offer), the
// site's own facts (mode, AI, seats), and columns that repeat what the
// record says for SQL to count and select on. The columns are written from
// the record in one place (package games) and never read back into a game.
type Game struct {
	ID     string // 32 hex digits (128 random bits)
	Mode   string // "ai", "local" or "online"
	Record []byte // the library's record, JSON

	AIColor string // the AI's colour in an AI game, else ""
	Level   int    // the AI's strength in an AI game, else 0

	// SHA-256 (hex) of each colour's seat token; "" when the seat is free or
	// belongs to the AI. Tokens themselves are never stored.
	RedSeat, BlueSeat string

	// For SQL (statistics, AI games to resume), from the record:
	First     string // the side to move at the start: "red" or "blue"
	Ply       int    // moves played
	ToMove    string // the side to move now
	DrawOffer string // the colour whose draw offer is pending, else ""
	Over      bool   // the game has ended
	Reason    string // how it ended, the library's dsq.Reason text ("den entered", "resignation", ...); "" while it goes on
	Winner    string // "red" or "blue"; "" for a draw or an unfinished game

	// The clock of an online game with a time control (all zero: none):
	// the control, each side's time left when the side to move began its
	// turn (at TurnStarted, zero while the clock is stopped), and when the
	// side to move runs out (Deadline, zero: never), which Expired selects on.
	ClockBase, ClockIncrement, ClockPerMove time.Duration
	RedLeft, BlueLeft                       time.Duration
	TurnStarted, Deadline                   time.Time

	// A finished game's rematch: the colour that offered it ("" : none) and
	// the new game's id once accepted.
	RematchOffer, RematchID string

	// When each seat's holder last showed itself in a change of the game
	// (zero: never), and whether the game was aborted (ended with no
	// result: Over stays false).
	RedSeen, BlueSeen time.Time
	Aborted           bool

	// An online game's takeback requests: the colour whose request waits
	// for the opponent's answer ("" : none), and by colour (red, blue) the
	// requests each side has made and whether its last one was declined
	// since it last moved.
	TakebackBy       string
	Takebacks        [2]int
	TakebackDeclined [2]bool

	// The players (players.go): each seat's identity ("" : none), with the
	// name and rating (rounded; Provisional: shown with a "?") it had when
	// it took the seat. Rated: the game counts for its players' ratings in
	// RatingClass (before the second seat is taken: its creator asked for
	// a rated game). Update writes these; RateGame alone writes RatedDone
	// and the rating changes.
	RedPlayer, BluePlayer           string
	RedName, BlueName               string
	RedRating, BlueRating           int
	RedProvisional, BlueProvisional bool
	Rated                           bool
	RatingClass                     string
	// RatedDone: the ratings have been updated for this game (RateGame),
	// by RedChange and BlueChange points.
	RatedDone             bool
	RedChange, BlueChange int

	Version int64     // bumped by every Update; 1 after Create
	Created time.Time // set by Create
	Updated time.Time // set by Create and Update
}

// Stats are the statistics of finished games.
type Stats struct {
	Games            int            `json:"games"`
	RedWins          int            `json:"redWins"`
	BlueWins         int            `json:"blueWins"`
	Draws            int            `json:"draws"`
	ByReason         map[string]int `json:"byReason"`
	AverageMoves     *float64       `json:"averageMoves"` // half-moves per game; nil when no game
	MaxMoves         *int           `json:"maxMoves"`
	MinMoves         *int           `json:"minMoves"`
	FirstPlayerWins  int            `json:"firstPlayerWins"`
	SecondPlayerWins int            `json:"secondPlayerWins"`
}

// SiteStats are the statistics overall and for each mode.
type SiteStats struct {
	Overall Stats            `json:"overall"`
	ByMode  map[string]Stats `json:"byMode"`
}

// Modes are the game modes, each with its own statistics.
var Modes = []string{"ai", "local", "online"}

// Store keeps games, and which players have them open (Presence). Its
// methods are safe for concurrent use, also by several processes on one
// database.
type Store interface {
	// Create stores a new game with version 1 and sets its Version, Created
	// and Updated; ErrExists if the id is taken.
	Create(ctx context.Context, g *Game) error
	// Get returns the game with id, or ErrNotFound.
	Get(ctx context.Context, id string) (*Game, error)
	// Update writes g over the stored game if that is still at g.Version,
	// then bumps g.Version and sets g.Updated. ErrConflict if the stored
	// game has moved on, ErrNotFound if there is none; then nothing changes.
	Update(ctx context.Context, g *Game) error
	// Stats computes the statistics of finished games.
	Stats(ctx context.Context) (*SiteStats, error)
	// AIToMove returns up to limit ids of unfinished AI games where the AI
	// is to move or to answer a draw offer (to resume them after a
	// restart).
	AIToMove(ctx context.Context, limit int) ([]string, error)
	// Expired returns up to limit ids of unfinished games whose side to
	// move ran out of time at or before now (Deadline), the earliest first.
	Expired(ctx context.Context, now time.Time, limit int) ([]string, error)
	// Review returns game id's stored review (nil while there is none) and
	// whether a process holds the job of computing it now (its claim runs
	// until after now).
	Review(ctx context.Context, id string, now time.Time) (review []byte, claimed bool, err error)
	// ClaimReview gives the caller the job of computing game id's review
	// until until, and reports true, unless the review is stored already or
	// another claim runs until after now. Of racing claims one wins.
	ClaimReview(ctx context.Context, id string, now, until time.Time) (bool, error)
	// SaveReview stores game id's review and ends its claim; a review stored
	// already is kept (the first one stays).
	SaveReview(ctx context.Context, id string, review []byte) error
	// ReleaseReview ends a claim on game id's review not stored, so that
	// another process may take the job at once (a process that stops).
	ReleaseReview(ctx context.Context, id string) error
	// Unreviewed returns up to limit ids of finished games with no review
	// stored and no claim running after now, the latest changed first.
	Unreviewed(ctx context.Context, now time.Time, limit int) ([]string, error)
	// Listen calls changed with the id of every game created or updated by
	// any process on the database (LobbyChanged for a change of the
	// lobby), until ctx ends. A store that is one
	// process's only (SQLite) returns nil at once: the process publishes its
	// own changes. An empty id means that any game may have changed: it is
	// sent once listening has begun, and again after a dropped connection,
	// since changes made meanwhile went unheard.
	Listen(ctx context.Context, changed func(id string)) error
	// Shared reports whether other processes may change the games (then
	// Listen reports their changes).
	Shared() bool

	// The players' presence (presence.go), a record per game, seat and
	// instance. Every write that changes a seat's record announces its
	// game to Listen, as a change of the game does.

	// SetPresence writes each record over the one its instance had of
	// that seat, all or none.
	SetPresence(ctx context.Context, records ...Presence) error
	// BeatPresence sets Seen to now on instance's records with streams
	// open (the instance is alive) and returns how many it set.
	BeatPresence(ctx context.Context, instance string, now time.Time) (int, error)
	// SweepPresence closes the records with streams open last seen before
	// stale (their instance stopped without saying so), as if their last
	// stream had closed when they were last seen, and deletes the records
	// without streams whose last one closed before forget.
	SweepPresence(ctx context.Context, stale, forget time.Time) error
	// EndPresence closes instance's records with streams open, as if their
	// last stream had closed at now (the instance stops).
	EndPresence(ctx context.Context, instance string, now time.Time) error
	// GamePresence returns the records of game id, of every instance.
	GamePresence(ctx context.Context, id string) ([]Presence, error)
	// The lobby (seeks.go): seeks, and the lobby streams of each player
	// and instance that keep them alive. Every write that changes the
	// seeks announces LobbyChanged to Listen; a pairing announces its new
	// game too. Times are the caller's: stale is the oldest beat of a live
	// instance.

	// SetLobby writes instance's count of player's lobby streams, seen at
	// now; at zero, when no instance has the player live, its open seeks
	// are deleted (it reports how many).
	SetLobby(ctx context.Context, player, instance string, streams int, now, stale time.Time) (int, error)
	// BeatLobby sets seen to now on instance's lobby rows.
	BeatLobby(ctx context.Context, instance string, now time.Time) error
	// SweepLobby deletes the lobby rows seen before stale, the open seeks
	// of players left with no live row (it reports how many), and the
	// paired seeks paired before forget.
	SweepLobby(ctx context.Context, stale, forget time.Time) (int, error)
	// EndLobby deletes instance's lobby rows, and the open seeks of the
	// players left with no live row.
	EndLobby(ctx context.Context, instance string, stale time.Time) error
	// PostSeek stores an open seek (ErrNoLobby, ErrTooManySeeks,
	// ErrLobbyFull, ErrExists refuse it).
	PostSeek(ctx context.Context, sk *Seek, now, stale time.Time, lim Limits) error
	// AcceptSeek pairs open seek id with player by, creating the game
	// pair makes, atomically: of racing pairings one wins (ErrSeekGone,
	// ErrOwnSeek refuse it).
	AcceptSeek(ctx context.Context, id, by string, now, stale time.Time, pair Pairing) (*Seek, error)
	// QuickSeek pairs sk's player with the oldest matching open seek of
	// another player and returns it, or posts sk and returns nil.
	QuickSeek(ctx context.Context, sk *Seek, now, stale time.Time, lim Limits, pair Pairing) (*Seek, error)
	// CancelSeek deletes player's open seek id (ErrSeekGone,
	// ErrNotYourSeek refuse it).
	CancelSeek(ctx context.Context, id, player string) error
	// Seeks returns the live open seeks, the oldest first (at most limit),
	// and the paired ones still kept.
	Seeks(ctx context.Context, stale time.Time, limit int) (open, paired []Seek, err error)

	// The players (players.go): identities, names and ratings.

	// CreatePlayer stores a new player (Created set here); ErrExists if its
	// id or token is taken.
	CreatePlayer(ctx context.Context, p *Player) error
	// Player returns the player with public id, or ErrNoPlayer.
	Player(ctx context.Context, id string) (*Player, error)
	// PlayerByToken returns the player whose secret hashes to token (hex
	// SHA-256), or ErrNoPlayer.
	PlayerByToken(ctx context.Context, token string) (*Player, error)
	// RenamePlayer gives player id name, whose identity.Skeleton is
	// skeleton, at at; ErrNameTaken if another player holds a name of that
	// skeleton, ErrNoPlayer if there is no such player; then nothing
	// changes.
	RenamePlayer(ctx context.Context, id, name, skeleton string, at time.Time) error
	// Ratings returns player id's stored ratings, one per class it has
	// played rated games in, by class name.
	Ratings(ctx context.Context, id string) ([]Rating, error)
	// RateGame updates the ratings of finished game id's players once, in
	// one transaction with the game's mark (RatedDone): rate is given the
	// game and both players' ratings in its class (nil: none yet) and
	// decides the new ones. It reports false, changing nothing, for a game
	// not to be rated (unrated, aborted, unfinished, one player on both
	// seats) or rated already, by any process.
	RateGame(ctx context.Context, id string, at time.Time,
		rate func(g *Game, red, blue *Rating) (*RatingUpdate, error)) (bool, error)
	// Unrated returns up to limit ids of finished games still to be rated.
	Unrated(ctx context.Context, limit int) ([]string, error)
	// Watchable returns up to limit online games in progress with both
	// seats taken, the best rated first: those with a clock, and those
	// without one changed since active.
	Watchable(ctx context.Context, active time.Time, limit int) ([]*Game, error)

	// Ping writes to the database (one row of its own, rewritten): it
	// fails when the database takes no write now, though it may answer
	// reads. On SQLite it waits behind this process's other writes.
	Ping(ctx context.Context) error
	// Close releases the database.
	Close() error
}
