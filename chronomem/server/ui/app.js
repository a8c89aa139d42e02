// chronomem web UI: plain JS modules over the JSON API (no build step, no libraries).
// Times: the API's instants keep microseconds, so they are compared as integers of microseconds (us) and sent
// back to the API as the strings it gave.
import { timeAxis } from "./axis.js";
import { drawTimeline, esc, fit } from "./timeline.js";

const $ = (id) => document.getElementById(id);
const KEY_STORE = "chronomem.key";
const SVGNS = "http://www.w3.org/2000/svg";
const state = {
  ns: "", entity: null, rows: [], ticks: [], axis: timeAxis([]), holds: new Set(), selected: null,
  names: new Map(), // entity id -> name, in state.ns (rows and facts carry ids; people read names)
  gen: 0, // bumped by every openEntity: answers for an older one are dropped
  hitsNs: null, // the namespace the search hits came from
};

// ---- time -------------------------------------------------------------------------------------------------
function usOf(iso) {
  // "2024-06-12T07:00:00.123456Z" -> microseconds since the epoch (within a double's exact range)
  const m = /\.(\d+)/.exec(iso);
  const frac = m ? (m[1] + "000000").slice(0, 6) : "000000";
  const whole = Date.parse(iso.replace(/\.\d+/, ""));
  return whole * 1000 + Number(frac);
}
function isoOf(us) {
  const ms = Math.floor(us / 1000);
  const micro = String(us - ms * 1000).padStart(3, "0");
  return new Date(ms).toISOString().replace("Z", micro + "Z").replace(".000000Z", "Z");
}
const nameOf = (id) => state.names.get(id) ?? id;
const shown = (f) => (f.object !== null && f.object !== undefined ? nameOf(f.object) : JSON.stringify(f.value));

// ---- API --------------------------------------------------------------------------------------------------
function status(text, error = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", error);
}

class ApiError extends Error {
  constructor(status, code, message) {
    super(`${status} ${code}: ${message}`);
    this.status = status;
  }
}

async function api(path, params = {}, ns = state.ns) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) qs.append(k, v);
  const headers = {};
  const key = sessionStorage.getItem(KEY_STORE);
  if (key) headers.Authorization = "Bearer " + key;
  const url = "/v1/namespaces/" + encodeURIComponent(ns) + path + (qs.toString() ? "?" + qs : "");
  const resp = await fetch(url, { headers });
  const body = await resp.json().catch(() => ({}));
  if (!resp.ok) {
    const err = body.error || { code: resp.status, message: resp.statusText };
    throw new ApiError(resp.status, err.code, err.message);
  }
  return body;
}

async function pages(path, params = {}, maxPages = 50) {
  const items = [];
  let offset = 0;
  for (let i = 0; i < maxPages && offset !== null && offset !== undefined; i++) {
    const page = await api(path, { ...params, limit: 1000, offset });
    items.push(...page.items);
    offset = page.next_offset;
  }
  return items;
}

const ent = (id) => "/entities/" + encodeURIComponent(id);

// the names of these entity ids, fetched once per namespace (8 at a time); an id that fails keeps showing as is
async function learnNames(ids) {
  const todo = [...new Set(ids)].filter((id) => id !== null && id !== undefined && !state.names.has(id));
  const worker = async () => {
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      try {
        state.names.set(id, (await api(ent(id))).name);
      } catch {
        state.names.set(id, id);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, todo.length) }, worker));
}

// ---- loading ----------------------------------------------------------------------------------------------
// Another namespace: nothing shown from the old one stays (entity, names, search hits); the search box's
// question is asked again of the new namespace unless `rerun` is false.
function setNamespace(ns, rerun = true) {
  if (ns === state.ns) return;
  state.ns = ns;
  state.names = new Map();
  clearEntity();
  $("hits").innerHTML = "";
  state.hitsNs = null;
  if (rerun && $("q").value.trim()) search();
}

function clearEntity() {
  state.entity = null;
  state.hood = null;
  state.rows = [];
  state.holds = new Set();
  state.selected = null;
  $("controls").hidden = true;
  for (const id of ["timeline", "holds", "graph"]) $(id).innerHTML = "";
  $("timeline-count").textContent = "";
  $("detail").innerHTML = '<p class="hint">click a bar</p>';
}

async function openEntity(ns, ref) {
  const gen = ++state.gen;
  setNamespace(ns);
  state.hash = new URLSearchParams({ ns, entity: ref }).toString();
  location.hash = state.hash;
  status(`loading ${ref}…`);
  document.body.dataset.busy = "1";
  try {
    const entity = await api(ent(ref));
    const rows = await pages(`${ent(entity.id)}/audit`); // every row of every slot, ever recorded
    state.names.set(entity.id, entity.name);
    await learnNames(rows.flatMap((r) => [r.subject, r.object]));
    if (gen !== state.gen) return;
    const predicates = new Set(rows.map((r) => r.predicate));
    setRows(entity, rows);
    status(`${entity.name} (${entity.id}): ${rows.length} rows in ${predicates.size} slots`);
  } catch (e) {
    if (gen !== state.gen) return;
    clearEntity(); // nothing of the entity shown before stays on screen under the error
    const hint = e.status === 401 ? " (paste an API key above and press open)" : "";
    status(String(e.message || e) + hint, true);
    if (e.status === 401) $("key").focus();
    delete document.body.dataset.busy;
  }
}

function setRows(entity, rows) {
  for (const r of rows) {
    r.vs = usOf(r.valid.start);
    r.ve = r.valid.end ? usOf(r.valid.end) : null;
    r.rs = usOf(r.recorded.start);
    r.re = r.recorded.end ? usOf(r.recorded.end) : null;
  }
  state.entity = entity;
  state.rows = rows;
  state.selected = null;
  const ticks = new Map();
  for (const r of rows) {
    ticks.set(r.rs, r.recorded.start);
    if (r.re !== null) ticks.set(r.re, r.recorded.end);
  }
  state.ticks = [...ticks.entries()].sort((a, b) => a[0] - b[0]);
  state.axis = timeAxis(rows.flatMap((r) => (r.ve === null ? [r.vs] : [r.vs, r.ve])), rows.some((r) => r.ve === null));
  $("system").max = String(Math.max(0, state.ticks.length - 1));
  $("system").value = $("system").max;
  $("valid").value = $("valid").max;
  $("controls").hidden = false;
  $("detail").innerHTML = '<p class="hint">click a bar</p>';
  onValidSlider();
}

// ---- the chosen point -------------------------------------------------------------------------------------
function validUs() {
  // the slider follows the timeline's axis: the same position means the same instant in both
  return state.axis.at(Number($("valid").value) / Number($("valid").max));
}
function asOf() {
  const t = state.ticks[Number($("system").value)];
  return t ? t : [Date.now() * 1000, new Date().toISOString()];
}
function point() {
  return { valid_at: isoOf(state.validAt ?? validUs()), as_of: asOf()[1] };
}

function onValidSlider() {
  state.validAt = null;
  $("valid-at").value = isoOf(validUs());
  refresh();
}
function onValidText(ev) {
  if (ev.key !== "Enter") return;
  const us = usOf($("valid-at").value);
  if (Number.isNaN(us)) return status("valid time: not an instant (e.g. 2024-03-01T00:00:00Z)", true);
  state.validAt = us;
  $("valid").value = String(Math.round(state.axis.unit(us) * Number($("valid").max)));
  refresh();
}

let pending = null, frame = null;
function refresh() {
  $("system-label").value = asOf()[1];
  if (frame === null) frame = requestAnimationFrame(() => { frame = null; redraw(); });
  clearTimeout(pending);
  document.body.dataset.busy = "1"; // tests wait for it to go
  pending = setTimeout(fetchPoint, 120);
}

function redraw() {
  if (!state.entity) return;
  const began = performance.now();
  const bars = drawTimeline($("timeline"), {
    rows: state.rows, axis: state.axis, sys: asOf()[0], holds: state.holds, selected: state.selected,
    validAt: state.validAt ?? validUs(), label: shown,
  });
  $("timeline-count").textContent = `${bars} rows known as of ${asOf()[1]}`;
  $("timeline").dataset.ms = String(Math.round(performance.now() - began));
}

async function fetchPoint() {
  if (!state.entity) return;
  const p = point(), gen = state.gen, entity = state.entity;
  const key = JSON.stringify(p);
  state.pointKey = key;
  try {
    const [holds, hood] = await Promise.all([
      pages(`${ent(entity.id)}/facts`, p),
      api(`${ent(entity.id)}/neighbourhood`, { ...p, hops: 1 }),
    ]);
    for (const e of hood.entities) state.names.set(e.id, e.name);
    await learnNames(holds.map((f) => f.subject));
    if (state.pointKey !== key || gen !== state.gen) return; // a later point or entity was asked for meanwhile
    state.holds = new Set(holds.map((f) => f.row_id));
    $("holds").innerHTML = holds
      .map((f) => {
        const from = f.subject === entity.id ? "" : `${esc(nameOf(f.subject))} `; // an edge into the entity
        return `<li data-row="${f.row_id}">${from}${esc(f.predicate)} <b>${esc(shown(f))}</b></li>`;
      })
      .join("") || '<li class="hint">nothing</li>';
    state.hood = hood;
    redraw();
    drawGraph(hood);
  } catch (e) {
    if (gen === state.gen) status(String(e.message || e), true);
  }
  if (state.pointKey === key && gen === state.gen) delete document.body.dataset.busy;
}

// ---- graph --------------------------------------------------------------------------------------------------
function drawGraph(hood) {
  const width = Math.max(240, $("graph").clientWidth || 700), height = 320;
  const center = state.entity.id;
  const names = new Map(hood.entities.map((e) => [e.id, e.name]));
  const edges = hood.facts.filter((f) => f.object !== null && names.has(f.object) && names.has(f.subject));
  const others = [...names.keys()].filter((id) => id !== center).slice(0, 60);
  const pos = new Map([[center, [width / 2, height / 2]]]);
  const rx = Math.max(40, width / 2 - 80);
  others.forEach((id, i) => {
    const a = (2 * Math.PI * i) / others.length - Math.PI / 2;
    pos.set(id, [width / 2 + Math.cos(a) * rx, height / 2 + Math.sin(a) * (height / 2 - 30)]);
  });
  const font = `11px ${getComputedStyle($("graph")).fontFamily}`;
  const out = [`<svg xmlns="${SVGNS}" width="${width}" height="${height}" id="graph-svg">`];
  for (const f of edges) {
    const a = pos.get(f.subject), b = pos.get(f.object);
    if (!a || !b) continue;
    out.push(`<line class="edge" x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}"/>`);
    out.push(`<text x="${(a[0] + b[0]) / 2}" y="${(a[1] + b[1]) / 2 - 3}" text-anchor="middle">${esc(f.predicate)}</text>`);
  }
  for (const [id, [px, py]] of pos) {
    out.push(`<g class="node${id === center ? " center" : ""}" data-entity="${esc(id)}"><circle cx="${px}" cy="${py}" r="9"/>`);
    const room = 2 * Math.min(px, width - px) - 4; // centred under the node, inside the picture
    out.push(`<text x="${px}" y="${py + 22}" text-anchor="middle">${esc(fit(names.get(id) || id, room, font))}</text></g>`);
  }
  out.push("</svg>");
  $("graph").innerHTML = out.join("");
}

// ---- detail, search -------------------------------------------------------------------------------------------
async function showRow(rowId) {
  const r = state.rows.find((x) => x.row_id === rowId);
  if (!r) return;
  state.selected = rowId;
  redraw();
  const closed = r.recorded.end ? `closed ${esc(r.recorded.end)}` : "current";
  let html = `<p><b>${esc(r.predicate)}</b> = <b>${esc(shown(r))}</b> (row ${r.row_id}, ${esc(r.kind)}, ${esc(r.modality)})<br>`
    + `valid ${esc(r.valid.start)} → ${esc(r.valid.end || "…")}<br>recorded ${esc(r.recorded.start)}, ${closed}</p>`;
  $("detail").innerHTML = html + '<p class="hint">loading episodes…</p>';
  try {
    // why the row was closed, or what it replaced: supersession, correction, retraction, leftover (a cut's rest)
    const { revisions } = await api(`/facts/${r.row_id}/versions`);
    const lines = revisions.filter((v) => v.old === r.row_id || v.new === r.row_id).map((v) => (v.old === r.row_id
      ? `closed by ${esc(v.reason)}${v.new ? ` → row ${v.new}` : ""}`
      : `replaced row ${v.old} (${esc(v.reason)})`) + ` at ${esc(v.at)}`);
    if (lines.length) html += `<ul class="versions">${lines.map((l) => `<li>${l}</li>`).join("")}</ul>`;
  } catch (err) {
    html += `<p class="hint">versions: ${esc(err.message)}</p>`;
  }
  for (const id of r.episodes) {
    try {
      const e = await api("/episodes/" + encodeURIComponent(id));
      html += `<div class="episode" data-episode="${esc(e.id)}"><small>${esc(e.speaker || "")} · ${esc(e.occurred_at)}</small><br>${esc(e.content)}</div>`;
    } catch (err) {
      html += `<div class="episode">${esc(id)}: ${esc(err.message)}</div>`;
    }
  }
  if (!r.episodes.length) html += '<p class="hint">no episode behind this row</p>';
  if (state.selected === rowId) $("detail").innerHTML = html;
}

async function search(ev) {
  if (ev) ev.preventDefault();
  const ns = $("ns").value.trim() || state.ns;
  const q = $("q").value.trim();
  if (!q || !ns) return;
  if (ns !== state.ns) {
    state.gen++; // an entity still loading from the old namespace is dropped
    setNamespace(ns, false);
  }
  try {
    const p = state.entity ? point() : {};
    const { hits } = await api("/search", { q, k: 20, ...p }, ns);
    await learnNames(hits.filter((h) => h.kind === "fact").flatMap((h) => [h.item.subject, h.item.object]));
    if (ns !== state.ns) return; // the namespace changed while searching
    state.hitsNs = ns;
    $("hits").innerHTML = hits.map((h) => {
      const it = h.item;
      const text = h.kind === "episode" ? it.content : h.kind === "entity" ? it.name : `${nameOf(it.subject)} ${it.predicate} ${shown(it)}`;
      const target = h.kind === "entity" ? it.id : h.kind === "fact" ? it.subject : "";
      return `<li data-kind="${esc(h.kind)}" data-entity="${esc(target)}"><small>${esc(h.kind)}</small> ${esc(text)}</li>`;
    }).join("") || '<li class="hint">no hits</li>';
  } catch (e) {
    status(String(e.message || e), true);
  }
}

// ---- wiring ---------------------------------------------------------------------------------------------------
function init() {
  $("key").value = sessionStorage.getItem(KEY_STORE) || "";
  $("key").addEventListener("change", () => {
    const k = $("key").value.trim();
    if (k) sessionStorage.setItem(KEY_STORE, k); else sessionStorage.removeItem(KEY_STORE);
  });
  $("pick").addEventListener("submit", (ev) => {
    ev.preventDefault();
    $("key").dispatchEvent(new Event("change"));
    openEntity($("ns").value.trim(), $("entity").value.trim());
  });
  $("searchform").addEventListener("submit", search);
  $("valid").addEventListener("input", onValidSlider);
  $("valid-at").addEventListener("keydown", onValidText);
  $("system").addEventListener("input", refresh);
  const pickRow = (ev) => {
    const row = ev.target.closest("[data-row]");
    if (row) showRow(Number(row.dataset.row));
  };
  $("timeline").addEventListener("click", pickRow);
  $("holds").addEventListener("click", pickRow);
  const goto = (ev) => {
    const node = ev.target.closest("[data-entity]");
    if (node && node.dataset.entity) {
      $("entity").value = node.dataset.entity;
      openEntity(state.ns, node.dataset.entity);
    }
  };
  $("graph").addEventListener("click", goto);
  $("hits").addEventListener("click", goto);
  let resized = null;
  window.addEventListener("resize", () => {
    cancelAnimationFrame(resized);
    resized = requestAnimationFrame(() => {
      redraw();
      if (state.entity && state.hood) drawGraph(state.hood); // drawn to the box's width too
    });
  });
  window.addEventListener("hashchange", fromHash);
  fromHash();
}

function fromHash() {
  // #ns=alice&entity=Alice opens that entity (a link to share; openEntity writes it back). A link may carry the
  // key too (#key=cmk_…&ns=…): it goes to this tab's sessionStorage and out of the address bar and history at
  // once. A fragment never reaches the server (nor its logs) and is never sent as Referer.
  const h = new URLSearchParams(location.hash.slice(1));
  if (h.has("key")) {
    const key = h.get("key").trim();
    if (key) sessionStorage.setItem(KEY_STORE, key);
    $("key").value = key;
    h.delete("key");
    history.replaceState(null, "", location.pathname + location.search + (h.toString() ? "#" + h : ""));
  }
  if (!h.get("ns") || !h.get("entity") || h.toString() === state.hash) return;
  $("ns").value = h.get("ns");
  $("entity").value = h.get("entity");
  openEntity(h.get("ns"), h.get("entity"));
}

init();
