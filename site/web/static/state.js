// The play view's state: the game on the board as the server last sent it,
// what this browser holds in it (seats, invitations), what the player has
// selected and which position is shown, and the guards of requests in
// flight. One PlayState is made by play.js and handed to every module of
// the view; nothing else keeps play state. Its queries say what the player
// may do; its operations change the selection and the position shown.
"use strict";
import {START, replay} from "./position.js";
import {rematchView} from "./clock.js";

export class PlayState {
  constructor() {
    this.game = null;        // the last State from the server
    this.seats = {};         // colour -> token held by this browser
    this.selected = null;    // square of the selected piece
    this.targets = [];       // its legal destinations (when it may move)
    this.analysis = null;    // learn overlay data for the shown position
    this.learn = false;
    this.position = START;   // shown when there is no game (analysis board)
    this.events = null;      // stops the live updates of the current game
    this.clockStop = null;   // stops the countdown of the current game's clocks
    this.goneSince = {};     // colour -> when (ms) the page first saw that player not connected
    this.settings = {mode: "ai", color: "red", level: 0, clock: ""}; // level 0: the server's default
    this.resignArmed = false;
    this.restartArmed = false;
    this.formFor = undefined; // the game (its id, null for none) the new-game form was last set for
    this.boardSeq = 0;       // counts the requests that put a game on the board (new, load, join): only the last one's answer is shown
    this.creating = false;   // a new game is being asked for (Start and Restart wait)
    this.posting = null;     // {id, version}: the state an action (move, undo, resignation, draw) was sent from, until its answer
    this.joining = false;    // the join request is awaited
    this.view = null;        // the ply shown while stepping through the game; null: the latest
    this.flip = false;       // the board turned from the player's side
    this.sound = false;      // a beep on every move (off unless the player turns it on)
    this.replay = null;      // {key, boards, records} of the current game
    this.invite = null;      // {id, secret}: the invitation of a game this browser created
    this.invited = null;     // {id, secret}: the invitation this page was opened with
    this.review = null;      // {id, status, moves}: the engine's review of a finished game (API.md, Review)
    this.reviewOn = false;   // the review is shown: evaluations and marks in the list, the better move on the board
  }

  // ---- whose game this browser is in ----

  // mine is the colours this browser holds a seat of.
  mine() { return ["red", "blue"].filter((c) => this.seats[c]); }

  // seatToken is the bearer token of colour's seat, if this browser holds it.
  seatToken(color) { return this.seats[color]; }

  // viewer is the side the board is drawn for.
  viewer() {
    const g = this.game;
    if (!g) return "red";
    if (g.mode === "ai") return g.aiColor === "red" ? "blue" : "red";
    if (g.mode === "online") return this.mine().length === 1 ? this.mine()[0] : "red";
    return "red";
  }

  orientation() { return this.flip ? other(this.viewer()) : this.viewer(); }

  canMove() {
    const g = this.game;
    return !!g && !g.over && !g.aiThinking && !this.awaiting() && !!this.seats[g.sideToMove] && !this.freeSeat();
  }

  // awaiting says whether an action sent from the state on the board still
  // waits for its answer: until then, or until a newer state comes, no other
  // is sent from it (a second tap would be refused as out of date).
  awaiting() {
    const g = this.game, p = this.posting;
    return !!g && !!p && p.id === g.id && p.version === g.version;
  }

  // freeSeat is the colour nobody holds yet in an online game, or null.
  freeSeat() {
    const g = this.game;
    if (!g || g.mode !== "online" || !g.seated) return null;
    if (!g.seated.red) return "red";
    if (!g.seated.blue) return "blue";
    return null;
  }

  // notePresence records when the page first saw each player of the game
  // not connected, forgetting it once they are; it returns whether one
  // went away just now.
  notePresence() {
    const g = this.game, c = (g && g.connected) || {};
    let went = false;
    for (const side of ["red", "blue"]) {
      if (c[side]) delete this.goneSince[side];
      else if (!this.goneSince[side]) { this.goneSince[side] = Date.now(); went = true; }
    }
    return went;
  }

  // rematchAsked says whether the other player's rematch offer waits for
  // this browser's answer (the end screen then shows only the answers).
  rematchAsked() {
    const v = this.mine().length === 1 ? rematchView(this.game, this.mine()[0]) : null;
    return !!v && v.action === "answer";
  }

  // invitedHere says whether the page holds an invitation to the current game.
  invitedHere() { return !!this.invited && !!this.game && this.invited.id === this.game.id; }

  // personal says whether the game's result is the player's own: this
  // page holds the player's seat of an AI game or one seat of an online
  // game (a visitor of a link reads who won by colour).
  personal() {
    const g = this.game;
    return !!g && (g.mode === "ai" || g.mode === "online") && this.mine().length === 1;
  }

  // ---- the position shown ----

  // viewing says whether a past position of the game is shown.
  viewing() { return this.game && this.view !== null && this.view < this.game.ply; }

  // shownPly is the half-move after which the shown position stands (0
  // without a game).
  shownPly() { return this.game ? (this.viewing() ? this.view : this.game.ply) : 0; }

  shownPosition() { return this.game ? this.game.position : this.position; }

  // record returns the replay of the current game (kept until it changes).
  record() {
    const g = this.game;
    if (!g) return null;
    const key = g.id + ":" + g.moves.join(",");
    if (!this.replay || this.replay.key !== key) this.replay = Object.assign({key}, replay(g.start || START, g.moves));
    return this.replay;
  }

  // showPly shows the position after half-move ply (the latest from the
  // game's ply on), dropping the selection.
  showPly(ply) {
    this.clearSelection();
    this.view = ply >= this.game.ply ? null : ply;
  }

  // ---- the selection ----

  clearSelection() {
    this.selected = null;
    this.targets = [];
  }

  // clearMarks drops the selection with its analysis.
  clearMarks() {
    this.clearSelection();
    this.analysis = null;
  }

  // ---- the game on the board ----

  // begin clears the board for game g (a new one, one loaded or joined) and
  // takes its settings for the next game; it returns the state to apply:
  // the same game may be on the board already at a later version (the
  // join's answer after the stream showed the first move).
  begin(g) {
    if (this.game && this.game.id === g.id && this.game.version > g.version) g = this.game;
    this.game = null;
    this.clearSelection();
    this.resignArmed = false;
    this.restartArmed = false;
    this.view = null;
    this.flip = false;
    this.reviewOn = false;
    this.goneSince = {};
    this.settings = {mode: g.mode, color: g.mode === "ai" ? (g.aiColor === "red" ? "blue" : "red") : (this.mine()[0] || "red"),
      level: g.mode === "ai" && g.level ? g.level : this.settings.level,
      clock: g.clock ? g.clock.control : ""}; // Play again: the same game's settings
    return g;
  }
}

// other is the opposing side.
export function other(c) { return c === "red" ? "blue" : "red"; }
