// Clocks, presence and rematch of an online game, as the state gives them
// (API.md, Clocks, presence, rematch). The server's clock judges; the page
// only counts down from the state's clock, corrected by the difference
// between the server's and the browser's time measured from the answers.

// timeLeft returns each side's time left in milliseconds at now (a Date
// or ms since the epoch, in the server's time), or null without a clock.
export function timeLeft(state, now) {
  const clock = state && state.clock;
  if (!clock) return null;
  const left = { red: clock.red, blue: clock.blue };
  if (clock.turnStarted && !state.over) {
    const used = Number(now) - Date.parse(clock.turnStarted);
    left[state.sideToMove] = Math.max(0, left[state.sideToMove] - used);
  }
  return left;
}

// formatClock writes ms as m:ss, with tenths under ten seconds, and as
// days and hours (d h) beyond a day, for correspondence.
export function formatClock(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
  if (s < 10) return `0:0${s.toFixed(1)}`;
  return `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
}

// serverOffset estimates the server's time minus the browser's from an
// answer's Date header (a second's resolution: enough for a countdown the
// server judges anyway).
export function serverOffset(dateHeader, receivedAt = Date.now()) {
  const t = Date.parse(dateHeader || "");
  return Number.isNaN(t) ? 0 : t - receivedAt;
}

// startClock calls render({red, blue, toMove}) every 100 ms with the time
// left by getState()'s clock, until the returned stop is called; nothing
// without a clock.
export function startClock(getState, render, offset = () => 0) {
  const tick = () => {
    const st = getState();
    const left = timeLeft(st, Date.now() + offset());
    if (left) render({ red: left.red, blue: left.blue, toMove: st.over ? null : st.sideToMove });
  };
  tick();
  const id = setInterval(tick, 100);
  return () => clearInterval(id);
}

// presence returns whether colour's player is connected, per the state.
export function presence(state, colour) {
  return Boolean(state && state.connected && state.connected[colour]);
}

// rematchView says what the end screen offers a seat of colour: "offer"
// (nothing offered yet), "waiting" (its own offer), "answer" (the other's
// offer), "declined", or "go" with the new game's id; null when the game
// cannot have one (not over, not online).
export function rematchView(state, colour) {
  if (!state || state.mode !== "online" || !state.over) return null;
  const r = state.rematch;
  if (!r) return { action: "offer" };
  if (r.gameId) return { action: "go", gameId: r.gameId };
  if (r.declined) return { action: "declined" };
  return { action: r.offeredBy === colour ? "waiting" : "answer" };
}

// rematchBody is the body of POST /api/games/{id}/rematch.
export function rematchBody(action) {
  return { action }; // "offer", "accept" or "decline"
}
