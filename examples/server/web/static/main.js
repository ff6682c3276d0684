// Entry point: picks the view from the path (/, /lessons, /stats), sets up
// the language switch and the rules dialog.
"use strict";
import {t, languages, currentLanguage, setLanguage, translateDom} from "./i18n.js";
import {RANKS} from "./board.js";
import {initPlay, refreshPlay} from "./play.js";
import {initLessons, renderLessons} from "./lessons.js";
import {initStats, renderStats} from "./stats.js";

const views = {
  "/lessons": {id: "lessons-view", nav: "nav-lessons", init: initLessons, refresh: renderLessons},
  "/stats": {id: "stats-view", nav: "nav-stats", init: initStats, refresh: renderStats},
  "/": {id: "play-view", nav: "nav-play", init: initPlay, refresh: refreshPlay},
};

function rankList() {
  const ol = document.getElementById("rank-list");
  ol.replaceChildren(...Object.keys(RANKS).map((a) => {
    const li = document.createElement("li");
    li.textContent = t("animal." + a) + " " + RANKS[a];
    return li;
  }));
}

function start() {
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
  sel.addEventListener("change", () => {
    setLanguage(sel.value);
    translateDom(document);
    rankList();
    view.refresh();
  });
  translateDom(document);
  rankList();
  document.getElementById(view.nav).setAttribute("aria-current", "page");
  document.getElementById(view.id).hidden = false;
  const dlg = document.getElementById("rules");
  document.getElementById("rules-open").addEventListener("click", () => dlg.showModal());
  document.getElementById("rules-close").addEventListener("click", () => dlg.close());
  // data-ready tells tests (and styles) that the view has drawn.
  Promise.resolve(view.init()).finally(() => { document.body.dataset.ready = "1"; });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
