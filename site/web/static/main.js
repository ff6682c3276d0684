// Entry point: picks the view from the path (/, /lessons, /stats), sets up
// the language switch and the rules dialog.
"use strict";
import {t, languages, currentLanguage, setLanguage, translateDom} from "./i18n.js";
import {RANKS, loadPieces, token} from "./board.js";
import {renderGuide} from "./guide.js";
import {initPlay, refreshPlay} from "./play.js";
import {initLessons, renderLessons} from "./lessons.js";
import {initStats, renderStats} from "./stats.js";
import {currentGame} from "./api.js";
import {initIdentity, renderName} from "./identity.js";

const views = {
  "/lessons": {id: "lessons-view", nav: "nav-lessons", init: initLessons, refresh: renderLessons},
  "/stats": {id: "stats-view", nav: "nav-stats", init: initStats, refresh: renderStats},
  "/": {id: "play-view", nav: "nav-play", init: initPlay, refresh: refreshPlay},
};

function rankList() {
  const ol = document.getElementById("rank-list");
  ol.replaceChildren(...Object.keys(RANKS).map((a) => {
    const li = document.createElement("li");
    li.append(token({color: "red", animal: a}, "mini"), " ", t("animal." + a) + " " + RANKS[a]);
    return li;
  }));
}

// The theme follows the system until the player picks one with the switch;
// the choice is kept in localStorage.
function initTheme() {
  const btn = document.getElementById("theme");
  const root = document.documentElement;
  let saved = null;
  try { saved = localStorage.getItem("dsq.theme"); } catch (e) { /* storage may be off */ }
  if (saved === "dark" || saved === "light") root.dataset.theme = saved;
  const dark = () => root.dataset.theme ? root.dataset.theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  const show = () => btn.setAttribute("aria-pressed", String(dark()));
  btn.addEventListener("click", () => {
    root.dataset.theme = dark() ? "light" : "dark";
    try { localStorage.setItem("dsq.theme", root.dataset.theme); } catch (e) { /* kept for this page only */ }
    show();
  });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", show);
  show();
}

// The skip link takes the keyboard to the board's focused square.
function initSkip() {
  document.querySelector(".skip").addEventListener("click", (e) => {
    const sq = document.querySelector('#board .sq[tabindex="0"]');
    if (!sq) return;
    e.preventDefault();
    sq.focus();
  });
}

// placeTools puts the theme and language switches where a phone has room
// for them: in the play view's row of board switches (the header is one
// row of tabs there), in the other views at the foot of the page; on a
// wide screen in the header.
function placeTools(play) {
  const tools = document.querySelector(".top-tools");
  const narrow = matchMedia("(max-width: 899px)");
  const place = () => {
    const inBar = narrow.matches && play;
    const home = inBar ? document.querySelector("#panel .tools") : document.querySelector(".top");
    if (tools.parentNode !== home) home.append(tools);
    document.body.classList.toggle("tools-foot", narrow.matches && !play);
  };
  narrow.addEventListener("change", place);
  place();
}

async function start() {
  const path = location.pathname.replace(/\/+$/, "") || "/";
  const view = views[path] || views["/"];
  setLanguage(currentLanguage());
  const sel = document.getElementById("lang");
  for (const [code, name] of Object.entries(languages)) {
    const o = document.createElement("option");
    o.value = code;
    o.textContent = name;
    o.lang = code;
    sel.append(o);
  }
  sel.value = currentLanguage();
  const code = () => { document.getElementById("lang-code").textContent = currentLanguage().toUpperCase(); };
  code();
  sel.addEventListener("change", () => {
    setLanguage(sel.value);
    code();
    translateDom(document);
    rankList();
    renderGuide(document.getElementById("guide"));
    renderName();
    view.refresh();
  });
  translateDom(document);
  rankList();
  initTheme();
  initSkip();
  initIdentity();
  await loadPieces();
  rankList();
  document.getElementById(view.nav).setAttribute("aria-current", "page");
  placeTools(view.id === "play-view");
  // The Play tab goes back to the game last on the board: a tap on another
  // tab never loses a running game.
  const running = currentGame();
  if (running) document.getElementById("nav-play").href = "/?game=" + encodeURIComponent(running);
  document.getElementById(view.id).hidden = false;
  const dlg = document.getElementById("rules");
  // The dialog opens at its top, the focus on its title.
  document.getElementById("rules-open").addEventListener("click", () => {
    renderGuide(document.getElementById("guide"));
    dlg.showModal();
    document.getElementById("rules-body").scrollTop = 0;
    dlg.scrollTop = 0;
    document.getElementById("rules-title").focus();
  });
  document.getElementById("rules-close").addEventListener("click", () => dlg.close());
  // data-ready tells tests (and styles) that the view has drawn.
  Promise.resolve(view.init()).finally(() => { document.body.dataset.ready = "1"; });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
