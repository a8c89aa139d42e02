// chronomem web UI: plain JS over the JSON API (no build step, no libraries).
// Times: the API's instants keep microseconds, so they are compared as integers of microseconds (us) and sent
// back to the API as the strings it gave.
"use strict";

const $ = (id) => document.getElementById(id);
const KEY_STORE = "chronomem.key";
const SVGNS = "http://www.w3.org/2000/svg";
const state = { ns: "", entity: null, rows: [], ticks: [], validRange: [0, 1], holds: new Set(), selected: null };

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
const day = (us) => new Date(us / 1000).toISOString().slice(0, 10);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const shown = (f) => (f.object !== null && f.object !== undefined ? f.object : JSON.stringify(f.value));

// ---- API --------------------------------------------------------------------------------------------------
function status(text, error = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", error);
}

async function api(path, params = {}) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) qs.append(k, v);
  const headers = {};
  const key = sessionStorage.getItem(KEY_STORE);
  if (key) headers.Authorization = "Bearer " + key;
  const url = "/v1/namespaces/" + encodeURIComponent(state.ns) + path + (qs.toString() ? "?" + qs : "");
  const resp = await fetch(url, { headers });
  const body = await resp.json().catch(() => ({}));
  if (!resp.ok) {
    const err = body.error || { code: resp.status, message: resp.statusText };
    throw new Error(`${resp.status} ${err.code}: ${err.message}`);
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

// ---- loading ----------------------------------------------------------------------------------------------
async function openEntity(ns, ref) {
  state.ns = ns;
  state.hash = new URLSearchParams({ ns, entity: ref }).toString();
  location.hash = state.hash;
  status(`loading ${ref}…`);
  document.body.dataset.busy = "1";
  try {
    const entity = await api(ent(ref));
    const rows = await pages(`${ent(entity.id)}/audit`); // every row of every slot, ever recorded
    const predicates = new Set(rows.map((r) => r.predicate));
    setRows(entity, rows);
    status(`${entity.name} (${entity.id}): ${rows.length} rows in ${predicates.size} slots`);
  } catch (e) {
    status(String(e.message || e), true);
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
  const finite = rows.flatMap((r) => (r.ve === null ? [r.vs] : [r.vs, r.ve]));
  let lo = Math.min(...finite), hi = Math.max(...finite);
  if (!finite.length) lo = hi = Date.now() * 1000;
  const pad = Math.max((hi - lo) * 0.08, 86400e6);
  state.validRange = [lo - pad, hi + pad];
  $("system").max = String(Math.max(0, state.ticks.length - 1));
  $("system").value = $("system").max;
  $("valid").value = $("valid").max;
  $("controls").hidden = false;
  $("detail").innerHTML = '<p class="hint">click a bar</p>';
  onValidSlider();
}

// ---- the chosen point -------------------------------------------------------------------------------------
function validUs() {
  const [lo, hi] = state.validRange;
  return Math.round(lo + ((hi - lo) * Number($("valid").value)) / Number($("valid").max));
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
  const [lo, hi] = state.validRange;
  state.validAt = us;
  $("valid").value = String(Math.round(((us - lo) / (hi - lo)) * Number($("valid").max)));
  refresh();
}

let pending = null, frame = null;
function refresh() {
  $("system-label").value = asOf()[1];
  if (frame === null) frame = requestAnimationFrame(() => { frame = null; drawTimeline(); });
  clearTimeout(pending);
  document.body.dataset.busy = "1"; // tests wait for it to go
  pending = setTimeout(fetchPoint, 120);
}

async function fetchPoint() {
  if (!state.entity) return;
  const p = point();
  const key = JSON.stringify(p);
  state.pointKey = key;
  try {
    const [holds, hood] = await Promise.all([
      pages(`${ent(state.entity.id)}/facts`, p),
      api(`${ent(state.entity.id)}/neighbourhood`, { ...p, hops: 1 }),
    ]);
    if (state.pointKey !== key) return; // a later point was asked for meanwhile
    state.holds = new Set(holds.map((f) => f.row_id));
    $("holds").innerHTML = holds
      .map((f) => {
        const from = f.subject === state.entity.id ? "" : `${esc(f.subject)} `; // an edge into the entity
        return `<li data-row="${f.row_id}">${from}${esc(f.predicate)} <b>${esc(shown(f))}</b></li>`;
      })
      .join("") || '<li class="hint">nothing</li>';
    drawTimeline();
    drawGraph(hood);
  } catch (e) {
    status(String(e.message || e), true);
  }
  if (state.pointKey === key) delete document.body.dataset.busy;
}

// ---- timeline (one SVG string: thousands of bars stay cheap) -------------------------------------------------
const LEFT = 130, LANE = 16, CLOSED_LANE = 9, MAX_OPEN_LANES = 40, MAX_CLOSED_LANES = 3, GAP = 8;

function lanes(rows, max) {
  // greedy interval packing by valid start; past `max` lanes the rest overdraw the last one
  const ends = [];
  for (const r of rows.sort((a, b) => a.vs - b.vs)) {
    let i = ends.findIndex((e) => e !== null && e <= r.vs);
    if (i < 0 && ends.length < max) i = ends.push(null) - 1;
    if (i < 0) i = max - 1;
    ends[i] = r.ve === null ? Infinity : r.ve;
    r.lane = i;
  }
  return ends.length;
}

function drawTimeline() {
  const began = performance.now();
  const box = $("timeline");
  const width = Math.max(600, box.clientWidth || 900);
  const [lo, hi] = state.validRange;
  const x = (us) => LEFT + ((Math.min(Math.max(us, lo), hi) - lo) / (hi - lo)) * (width - LEFT - 10);
  const sys = asOf()[0];
  const known = state.rows.filter((r) => r.rs <= sys);
  const slots = new Map();
  for (const r of known) {
    const s = slots.get(r.predicate) || slots.set(r.predicate, { open: [], closed: [] }).get(r.predicate);
    (r.re !== null && r.re <= sys ? s.closed : s.open).push(r);
  }
  const out = [
    `<svg xmlns="${SVGNS}" width="${width}" height="HEIGHT" id="timeline-svg">`,
    '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">',
    '<rect width="6" height="6" fill="#eef0f4"/><line x1="0" y1="0" x2="0" y2="6" stroke="#8a93a6" stroke-width="2"/></pattern></defs>',
  ];
  let y = 22;
  for (let t = 0; t <= 6; t++) {
    const us = lo + ((hi - lo) * t) / 6;
    const anchor = t === 0 ? "start" : t === 6 ? "end" : "middle";
    out.push(`<text class="axis" x="${x(us)}" y="12" text-anchor="${anchor}">${day(us)}</text>`);
  }
  let bars = 0;
  for (const [pred, s] of [...slots.entries()].sort()) {
    const nOpen = Math.max(1, lanes(s.open, MAX_OPEN_LANES)), nClosed = lanes(s.closed, MAX_CLOSED_LANES);
    const h = nOpen * LANE + nClosed * CLOSED_LANE + 4;
    out.push(`<rect class="band" x="0" y="${y - 2}" width="${width}" height="${h}"/>`);
    out.push(`<text class="slot" x="4" y="${y + 11}">${esc(pred)}</text>`);
    for (const [rows, base, lh, closed] of [[s.open, y, LANE, false], [s.closed, y + nOpen * LANE, CLOSED_LANE, true]]) {
      for (const r of rows) {
        const x0 = x(r.vs), x1 = r.ve === null ? width - 10 : x(r.ve), w = Math.max(2, x1 - x0), top = base + r.lane * lh;
        const cls = "bar" + (closed ? " closed" : "") + (state.holds.has(r.row_id) ? " holds" : "") + (state.selected === r.row_id ? " selected" : "");
        out.push(`<rect class="${cls}" data-row="${r.row_id}" x="${x0}" y="${top}" width="${w}" height="${lh - 3}"/>`);
        bars++;
        if (closed) out.push(`<text class="mark" x="${x0 + 1}" y="${top + lh - 4}">✕</text>`);
        if (!closed && w > 36) out.push(`<text class="label" data-row="${r.row_id}" x="${x0 + 4}" y="${top + 10}">${esc(shown(r).slice(0, Math.floor(w / 7)))}</text>`);
      }
    }
    y += h + GAP;
  }
  const v = x(state.validAt ?? validUs());
  out.push(`<line class="now" x1="${v}" x2="${v}" y1="14" y2="${y}"/>`, "</svg>");
  box.innerHTML = out.join("").replace("HEIGHT", String(y + 4));
  $("timeline-count").textContent = `${bars} rows known as of ${asOf()[1]}`;
  box.dataset.ms = String(Math.round(performance.now() - began));
}

// ---- graph --------------------------------------------------------------------------------------------------
function drawGraph(hood) {
  const width = Math.max(400, $("graph").clientWidth || 700), height = 320;
  const center = state.entity.id;
  const names = new Map(hood.entities.map((e) => [e.id, e.name]));
  const edges = hood.facts.filter((f) => f.object !== null && names.has(f.object) && names.has(f.subject));
  const others = [...names.keys()].filter((id) => id !== center).slice(0, 60);
  const pos = new Map([[center, [width / 2, height / 2]]]);
  others.forEach((id, i) => {
    const a = (2 * Math.PI * i) / others.length - Math.PI / 2;
    pos.set(id, [width / 2 + Math.cos(a) * (width / 2 - 80), height / 2 + Math.sin(a) * (height / 2 - 30)]);
  });
  const out = [`<svg xmlns="${SVGNS}" width="${width}" height="${height}" id="graph-svg">`];
  for (const f of edges) {
    const a = pos.get(f.subject), b = pos.get(f.object);
    if (!a || !b) continue;
    out.push(`<line class="edge" x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}"/>`);
    out.push(`<text x="${(a[0] + b[0]) / 2}" y="${(a[1] + b[1]) / 2 - 3}" text-anchor="middle">${esc(f.predicate)}</text>`);
  }
  for (const [id, [px, py]] of pos) {
    out.push(`<g class="node${id === center ? " center" : ""}" data-entity="${esc(id)}"><circle cx="${px}" cy="${py}" r="9"/>`);
    out.push(`<text x="${px}" y="${py + 22}" text-anchor="middle">${esc(names.get(id) || id)}</text></g>`);
  }
  out.push("</svg>");
  $("graph").innerHTML = out.join("");
}

// ---- detail, search -------------------------------------------------------------------------------------------
async function showRow(rowId) {
  const r = state.rows.find((x) => x.row_id === rowId);
  if (!r) return;
  state.selected = rowId;
  drawTimeline();
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
  $("detail").innerHTML = html;
}

async function search(ev) {
  ev.preventDefault();
  state.ns = $("ns").value.trim();
  const q = $("q").value.trim();
  if (!q || !state.ns) return;
  try {
    const p = state.entity ? point() : {};
    const { hits } = await api("/search", { q, k: 20, ...p });
    $("hits").innerHTML = hits.map((h) => {
      const it = h.item;
      const text = h.kind === "episode" ? it.content : h.kind === "entity" ? it.name : `${it.subject} ${it.predicate} ${shown(it)}`;
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
  $("timeline").addEventListener("click", (ev) => {
    const row = ev.target.closest("[data-row]");
    if (row) showRow(Number(row.dataset.row));
  });
  $("holds").addEventListener("click", (ev) => {
    const row = ev.target.closest("[data-row]");
    if (row) showRow(Number(row.dataset.row));
  });
  const goto = (ev) => {
    const node = ev.target.closest("[data-entity]");
    if (node && node.dataset.entity) {
      $("entity").value = node.dataset.entity;
      openEntity(state.ns, node.dataset.entity);
    }
  };
  $("graph").addEventListener("click", goto);
  $("hits").addEventListener("click", goto);
  window.addEventListener("resize", () => state.entity && drawTimeline());
  window.addEventListener("hashchange", fromHash);
  fromHash();
}

function fromHash() {
  // #ns=alice&entity=Alice opens that entity (a link to share; openEntity writes it back)
  const h = new URLSearchParams(location.hash.slice(1));
  if (!h.get("ns") || !h.get("entity") || location.hash.slice(1) === state.hash) return;
  $("ns").value = h.get("ns");
  $("entity").value = h.get("entity");
  openEntity(h.get("ns"), h.get("entity"));
}

init();
