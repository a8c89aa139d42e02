// The timeline: one SVG string (thousands of bars stay cheap), valid time across on the axis of axis.js, one band
// per slot, one bar per stored row. Text is fitted to the room it has (cut with "…"), measured in the page's font.
import { ticks } from "./axis.js";

const SVGNS = "http://www.w3.org/2000/svg";
const LANE = 16, CLOSED_LANE = 9, MAX_OPEN_LANES = 40, MAX_CLOSED_LANES = 3, GAP = 8, RIGHT = 10;
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

let ctx = null;
const widths = new Map();
function textWidth(text, font) {
  const key = font + "\u0000" + text;
  let w = widths.get(key);
  if (w === undefined) {
    ctx = ctx || document.createElement("canvas").getContext("2d");
    ctx.font = font;
    w = ctx.measureText(text).width;
    if (widths.size > 50000) widths.clear();
    widths.set(key, w);
  }
  return w;
}

// `text` cut to fit `px` (with "…" when cut), or "" when not even that fits
export function fit(text, px, font) {
  if (textWidth(text, font) <= px) return text;
  const chars = [...text];
  let lo = 0, hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(chars.slice(0, mid).join("") + "…", font) <= px) lo = mid; else hi = mid - 1;
  }
  return lo ? chars.slice(0, lo).join("") + "…" : "";
}

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

// Draw into `box`; `view` holds rows (known at system time `sys`), axis, holds (a Set of row ids), selected, the
// valid-time line `validAt` and `label(row)`. Returns how many bars were drawn.
export function drawTimeline(box, view) {
  const width = Math.max(240, box.clientWidth || 900);
  const left = Math.round(Math.min(130, width * 0.25)), plot = width - left - RIGHT;
  const family = getComputedStyle(box).fontFamily;
  const x = (us) => left + view.axis.unit(us) * plot;
  const slots = new Map();
  for (const r of view.rows.filter((r) => r.rs <= view.sys)) {
    const s = slots.get(r.predicate) || slots.set(r.predicate, { open: [], closed: [] }).get(r.predicate);
    (r.re !== null && r.re <= view.sys ? s.closed : s.open).push(r);
  }
  const out = [
    `<svg xmlns="${SVGNS}" width="${width}" height="HEIGHT" id="timeline-svg">`,
    '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">',
    '<rect width="6" height="6" fill="#eef0f4"/><line x1="0" y1="0" x2="0" y2="6" stroke="#8a93a6" stroke-width="2"/></pattern></defs>',
  ];
  for (const t of ticks(view.axis, plot)) {
    out.push(`<text class="axis" x="${left + t.x}" y="12" text-anchor="middle">${t.text}</text>`);
  }
  let y = 22, bars = 0;
  const back = []; // the slots' bands, then the breaks over them: under the bars, which cross a break unbroken
  for (const [pred, s] of [...slots.entries()].sort()) {
    const nOpen = Math.max(1, lanes(s.open, MAX_OPEN_LANES)), nClosed = lanes(s.closed, MAX_CLOSED_LANES);
    const h = nOpen * LANE + nClosed * CLOSED_LANE + 4;
    back.push(`<rect class="band" x="0" y="${y - 2}" width="${width}" height="${h}"/>`);
    out.push(`<text class="slot" x="4" y="${y + 11}">${esc(fit(pred, left - 8, `600 11px ${family}`))}</text>`);
    for (const [rows, base, lh, closed] of [[s.open, y, LANE, false], [s.closed, y + nOpen * LANE, CLOSED_LANE, true]]) {
      for (const r of rows) {
        const x0 = x(r.vs), x1 = r.ve === null ? width - RIGHT : x(r.ve), w = Math.max(2, x1 - x0), top = base + r.lane * lh;
        const cls = "bar" + (closed ? " closed" : "") + (view.holds.has(r.row_id) ? " holds" : "") + (view.selected === r.row_id ? " selected" : "");
        out.push(`<rect class="${cls}" data-row="${r.row_id}" x="${x0}" y="${top}" width="${w}" height="${lh - 3}"/>`);
        bars++;
        if (closed) out.push(`<text class="mark" x="${x0 + 1}" y="${top + lh - 4}">✕</text>`);
        const text = !closed && w > 16 ? fit(view.label(r), w - 6, `11px ${family}`) : "";
        if (text) out.push(`<text class="label" data-row="${r.row_id}" x="${x0 + 3}" y="${top + 10}">${esc(text)}</text>`);
      }
    }
    y += h + GAP;
  }
  for (const [u0, u1] of view.axis.breaks) { // an empty stretch drawn short: a white gap, a zigzag on the axis
    const b0 = left + u0 * plot, b1 = left + u1 * plot, mid = (b0 + b1) / 2;
    back.push(`<rect class="break" x="${b0 + 2}" y="16" width="${Math.max(1, b1 - b0 - 4)}" height="${y - 16}"/>`);
    back.push(`<path class="break-mark" d="M${mid - 4} 20 l3 -4 l2 8 l3 -4"/>`);
  }
  out.splice(3, 0, ...back);
  const v = x(view.validAt);
  out.push(`<line class="now" x1="${v}" x2="${v}" y1="14" y2="${y}"/>`, "</svg>");
  box.innerHTML = out.join("").replace("HEIGHT", String(y + 4));
  return bars;
}
