// Live updates of one game: the server's event stream while it works, and
// polling the state whenever it fails or is refused (a closed stream, a
// 429 for too many streams from one address, a 503 for a full server, a
// proxy that cuts it), so a page never waits for an event that cannot
// come. Polls back off while they fail; the stream is tried again now and
// then, and a page in the background gives its stream up (browsers allow
// few connections per site, and a hidden tab should not hold one). A stream
// that goes silent (no state and no ping for three ping intervals: a proxy
// that holds the events back, a connection lost when the phone changed
// networks) counts as failed too.
"use strict";

const POLL = 1000;       // ms between polls while they answer (a move shows within ~1.5 s)
const POLL_MAX = 30000;  // ms between polls at most, while they fail
const RETRY = 30000;     // ms of polling before the stream is tried again
const OPEN_WAIT = 5000;  // ms for a stream to open
const SILENT = 3;        // ping intervals without a word after which a stream counts as lost

// follow calls onState with each new state of game id until the returned
// function is called. With seat, a seat holder's token, the stream counts
// as that player being here (API.md, Clocks, presence, rematch), and
// onPresence gets the stream's presence events ({red, blue}), which come
// without a new state; onAwayGrace gets the away grace (ms) the server's
// first ping gives (players.js, away).
export function follow(id, onState, {seat = "", onPresence = null, onAwayGrace = null} = {}) {
  const path = "/api/games/" + encodeURIComponent(id);
  const events = path + "/events" + (seat ? "?seat=" + encodeURIComponent(seat) : "");
  let es = null, timer = 0, wait = POLL, polling = 0, stopped = false, last = "";
  let every = 15000, heard = 0; // the server's ping interval (its pings say it), the last word from the stream
  const deliver = (text) => {
    if (stopped || text === last) return; // polls mostly repeat the last state
    last = text;
    onState(JSON.parse(text));
  };
  const schedule = (ms) => { clearTimeout(timer); timer = setTimeout(poll, ms); };
  const stream = () => {
    if (stopped || typeof EventSource === "undefined" || document.hidden) return false;
    if (es) es.close();
    es = new EventSource(events);
    const s = es;
    heard = Date.now();
    // A stream not open after OPEN_WAIT is given up; one open but silent is
    // the watchdog's (below): on a loaded machine the first state may come
    // just after the wait, and a stream given up is tried again only after
    // RETRY of polling.
    const give = setTimeout(() => { if (s === es && s.readyState !== 1) fallBack(); }, OPEN_WAIT);
    s.addEventListener("ping", (e) => {
      if (s !== es) return;
      heard = Date.now();
      try {
        const d = JSON.parse(e.data);
        if (d.every > 0) every = d.every;
        if (d.away > 0 && onAwayGrace) onAwayGrace(d.away);
      } catch (err) { /* keep the last interval */ }
    });
    s.addEventListener("state", (e) => {
      clearTimeout(give);
      if (s !== es) return;
      heard = Date.now();
      clearTimeout(timer); // the stream works: no polling
      polling = 0;
      wait = POLL;
      try { deliver(e.data); } catch (err) { /* a broken event: the next one resumes */ }
    });
    s.addEventListener("presence", (e) => {
      if (s !== es || stopped || !onPresence) return;
      heard = Date.now();
      try { onPresence(JSON.parse(e.data)); } catch (err) { /* a broken event: the next state says it */ }
    });
    s.addEventListener("error", () => { clearTimeout(give); if (s === es) fallBack(); });
    return true;
  };
  const fallBack = () => {
    if (es) { es.close(); es = null; }
    if (!stopped) { polling = 0; poll(); }
  };
  async function poll() {
    if (stopped) return;
    if (polling * POLL >= RETRY && !document.hidden && stream()) return;
    polling++;
    try {
      // A seat holder's polls carry its token: reading the game, it is here
      // (API.md, Clocks, presence, rematch), also while its stream is down.
      const headers = seat ? {"Accept": "application/json", "Authorization": "Bearer " + seat} : {"Accept": "application/json"};
      const res = await fetch(path, {headers, cache: "no-store"});
      if (stopped) return;
      if (!res.ok) throw new Error("status " + res.status);
      const text = await res.text();
      if (!stopped) deliver(text);
      wait = POLL;
    } catch (e) {
      wait = Math.min(wait * 2, POLL_MAX); // the server is busy or away: ask less often
    }
    if (!stopped && !es) schedule(document.hidden ? Math.max(wait, POLL_MAX) : wait);
  }
  const visibility = () => {
    if (stopped) return;
    if (document.hidden) { if (es) { es.close(); es = null; } schedule(POLL_MAX); }
    else if (!es) { clearTimeout(timer); polling = 0; if (!stream()) poll(); }
  };
  document.addEventListener("visibilitychange", visibility);
  const watchdog = setInterval(() => {
    if (es && es.readyState === 1 && Date.now() - heard > SILENT * every) fallBack();
  }, 1000);
  if (!stream()) poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(watchdog);
    if (es) es.close();
    document.removeEventListener("visibilitychange", visibility);
  };
}
