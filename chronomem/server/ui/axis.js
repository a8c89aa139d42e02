// The timeline's valid-time axis: linear where the rows are, with a long empty stretch drawn as a short break.
// A few facts dated years before the rest ("went to school in 2015") would otherwise squeeze months of
// conversation into a sliver at one end. Instants are integers of microseconds (us), as in app.js.

export const DAY = 86400e6;
const BREAK = 0.04; // the share of the axis one break takes
const MIN_PIECE = 0.03; // the least share a stretch of rows gets, so a lone early instant is not a 0-wide point

function quantile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.round(p * (sorted.length - 1)))];
}

// pieces of time, each [from, to, isBreak], covering `sorted` (ascending, at least one instant); `tail` is the share
// of the rows' time added after the last instant
function pieces(sorted, tail) {
  // the bulk is where the middle 80% of the instants lie; an empty stretch longer than the bulk is a break
  const bulk = Math.max(quantile(sorted, 0.9) - quantile(sorted, 0.1), DAY);
  const out = [];
  let from = sorted[0];
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] - sorted[i - 1] > bulk) {
      out.push([from, sorted[i - 1], false], [sorted[i - 1], sorted[i], true]);
      from = sorted[i];
    }
  }
  out.push([from, sorted[sorted.length - 1], false]);
  const linear = out.filter((p) => !p[2]).reduce((sum, p) => sum + p[1] - p[0], 0);
  out[0][0] -= Math.max(linear * 0.08, DAY);
  out[out.length - 1][1] += Math.max(linear * tail, DAY);
  return out;
}

// The axis over these instants: unit(us) in [0, 1], at(u) its inverse, breaks as [u0, u1] pairs. With `openEnded`
// (some row holds with no end) the axis goes on further after the last instant, for those rows' bars and labels.
export function timeAxis(instants, openEnded = false) {
  const sorted = instants.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) sorted.push(Date.now() * 1000);
  const ps = pieces(sorted, openEnded ? 0.2 : 0.08);
  const nBreaks = ps.filter((p) => p[2]).length;
  const linear = ps.filter((p) => !p[2]).reduce((sum, p) => sum + p[1] - p[0], 0);
  const shares = ps.map((p) => (p[2] ? BREAK : Math.max(MIN_PIECE, (p[1] - p[0]) / linear)));
  const total = shares.reduce((a, b) => a + b, 0);
  const knots = []; // [us, u] at each piece's start, then the end of the last
  let u = 0;
  ps.forEach((p, i) => {
    knots.push([p[0], u]);
    u += shares[i] / total;
  });
  knots.push([ps[ps.length - 1][1], 1]);
  const lo = knots[0][0], hi = knots[knots.length - 1][0];
  const unit = (us) => {
    if (us <= lo) return 0;
    if (us >= hi) return 1;
    let i = 1;
    while (knots[i][0] < us) i++;
    const [t0, u0] = knots[i - 1], [t1, u1] = knots[i];
    return t1 === t0 ? u1 : u0 + ((us - t0) / (t1 - t0)) * (u1 - u0);
  };
  const at = (v) => {
    if (v <= 0) return lo;
    if (v >= 1) return hi;
    let i = 1;
    while (knots[i][1] < v) i++;
    const [t0, u0] = knots[i - 1], [t1, u1] = knots[i];
    return u1 === u0 ? t1 : Math.round(t0 + ((v - u0) / (u1 - u0)) * (t1 - t0));
  };
  const breaks = ps.map((p, i) => (p[2] ? [knots[i][1], knots[i + 1][1]] : null)).filter(Boolean);
  const linearPieces = ps.map((p, i) => (p[2] ? null : { from: p[0], to: p[1], u0: knots[i][1], u1: knots[i + 1][1] }))
    .filter(Boolean);
  return { lo, hi, unit, at, breaks, linearPieces, nBreaks };
}

// ---- ticks: calendar instants, labelled as coarsely as their spacing allows, never overlapping ---------------
const STEPS = [ // [approximate length, calendar unit, count, label length]
  [DAY, "day", 1, 10], [2 * DAY, "day", 2, 10], [7 * DAY, "day", 7, 10], [14 * DAY, "day", 14, 10],
  [30 * DAY, "month", 1, 7], [61 * DAY, "month", 2, 7], [91 * DAY, "month", 3, 7], [182 * DAY, "month", 6, 7],
  [365 * DAY, "year", 1, 4], [730 * DAY, "year", 2, 4], [1826 * DAY, "year", 5, 4], [3652 * DAY, "year", 10, 4],
];
export const CHAR_PX = 6.5; // an upper bound of a digit's width in the axis's 10px font

function calendar(from, to, unitName, count) {
  const out = [];
  const d = new Date(from / 1000);
  let y = d.getUTCFullYear(), m = d.getUTCMonth(), dd = d.getUTCDate();
  if (unitName === "year") { y = Math.floor(y / count) * count; m = 0; dd = 1; }
  if (unitName === "month") { m = Math.floor(m / count) * count; dd = 1; }
  for (let guard = 0; guard < 2000; guard++) {
    const us = Date.UTC(y, m, dd) * 1000;
    if (us > to) break;
    if (us >= from) out.push(us);
    if (unitName === "year") y += count; else if (unitName === "month") m += count; else dd += count;
  }
  return out;
}

// Ticks for a plot `px` wide: [{us, text}] whose centred labels do not overlap and stay inside [0, px].
export function ticks(axis, px) {
  const label = (us, chars) => new Date(us / 1000).toISOString().slice(0, chars);
  const wanted = [];
  for (const p of axis.linearPieces) {
    const width = (p.u1 - p.u0) * px;
    // a piece's first instant first (where an early stretch starts), then calendar ticks spaced by the piece
    wanted.push({ us: p.from, chars: 10, first: true });
    const step = STEPS.find(([len, , , chars]) => (len / Math.max(p.to - p.from, 1)) * width >= chars * CHAR_PX + 16)
      || STEPS[STEPS.length - 1];
    for (const us of calendar(p.from, p.to, step[1], step[2])) wanted.push({ us, chars: step[3] });
  }
  const kept = [];
  for (const w of [...wanted.filter((t) => !t.first), ...wanted.filter((t) => t.first)]) {
    const x = axis.unit(w.us) * px, half = (w.chars * CHAR_PX) / 2;
    if (x - half < 0 || x + half > px) continue;
    if (kept.some((k) => Math.abs(k.x - x) < k.half + half + 8)) continue;
    kept.push({ us: w.us, x, half, text: label(w.us, w.chars) });
  }
  return kept.sort((a, b) => a.x - b.x);
}
