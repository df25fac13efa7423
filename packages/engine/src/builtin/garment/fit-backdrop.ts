/**
 * The plain backdrop of a product photo, modelled from its border as a smooth surface per Lab channel
 * (a quadratic in x and y: a softbox's light falls off slowly toward the corners, so one colour won't do).
 */
export interface Backdrop {
  /** Coefficients per channel of 1, u, v, u², uv, v² with u = x / width - 0.5, v = y / height - 0.5. */
  coefficients: [number[], number[], number[]];
  /** Spread (ΔE) of the border around the model where it is backdrop: the photo's noise. */
  noise: number;
  /** Share of border samples that fit the model (the rest is garment reaching the border, or clutter). */
  plainShare: number;
  /** Share of the backdrop's border samples on a sharp edge: texture, clutter. */
  edgeShare: number;
  /** How many times something other than backdrop crosses the photo's outermost border. */
  crossings: number;
  /** The backdrop's grain: median step of L (8-bit levels) between neighbouring pixels of its samples. */
  grain: number;
}

/** Lab as OpenCV stores it in 8 bits: L scaled to 0..255; this many ΔE a step of L. */
export const L_SCALE = 100 / 255;

/**
 * The model along row `v` as a quadratic in u per channel: [a0, a1, a2] for L, then a, then b, so a row's
 * distances cost a few multiplications a pixel.
 */
export function backdropRow(b: Backdrop, v: number): Float64Array {
  const out = new Float64Array(9);
  for (let c = 0; c < 3; c++) {
    const k = b.coefficients[c] ?? [];
    out[c * 3] = (k[0] ?? 0) + (k[2] ?? 0) * v + (k[5] ?? 0) * v * v;
    out[c * 3 + 1] = (k[1] ?? 0) + (k[4] ?? 0) * v;
    out[c * 3 + 2] = k[3] ?? 0;
  }
  return out;
}

/** ΔE between Lab pixel `i` of `lab` (8-bit OpenCV Lab) and the model's colour at (x, y). */
export function backdropDistance(b: Backdrop, lab: Uint8Array, i: number, u: number, v: number): number {
  const [cl, ca, cb] = b.coefficients;
  const terms = [1, u, v, u * u, u * v, v * v];
  let l = 0;
  let a = 0;
  let bb = 0;
  for (let k = 0; k < 6; k++) {
    const t = terms[k] ?? 0;
    l += (cl[k] ?? 0) * t;
    a += (ca[k] ?? 0) * t;
    bb += (cb[k] ?? 0) * t;
  }
  const dl = ((lab[i * 3] ?? 0) - l) * L_SCALE;
  const da = (lab[i * 3 + 1] ?? 0) - a;
  const db = (lab[i * 3 + 2] ?? 0) - bb;
  return Math.sqrt(dl * dl + da * da + db * db);
}

/**
 * Fits the backdrop to samples along the photo's border (`lab`: blurred 8-bit Lab, 3 bytes a pixel), twice:
 * the second fit leaves out samples far from the first (a garment reaching the border, a stray object).
 */
export function fitBackdrop(lab: Uint8Array, width: number, height: number): Backdrop {
  const band = Math.max(3, Math.round(Math.min(width, height) * 0.012));
  const samples: number[] = [];
  const step = Math.max(2, Math.round((width + height) / 400));
  // Line by line (each side at each depth), so a sample's neighbours along the border are its neighbours here.
  const lineStarts: number[] = [];
  for (const depth of [1, band]) {
    for (const y of [depth, height - 1 - depth]) {
      lineStarts.push(samples.length);
      for (let x = depth; x < width - depth; x += step) samples.push(y * width + x);
    }
    for (const x of [depth, width - 1 - depth]) {
      lineStarts.push(samples.length);
      for (let y = depth; y < height - depth; y += step) samples.push(y * width + x);
    }
  }
  lineStarts.push(samples.length);
  const n = samples.length;
  const us = new Float64Array(n);
  const vs = new Float64Array(n);
  for (let s = 0; s < n; s++) {
    const i = samples[s] ?? 0;
    us[s] = (i % width) / width - 0.5;
    vs[s] = Math.floor(i / width) / height - 0.5;
  }
  let weights = new Float64Array(n).fill(1);
  let model: Backdrop = {
    coefficients: [[], [], []],
    noise: 0,
    plainShare: 0,
    edgeShare: 0,
    crossings: 0,
    grain: 0,
  };
  const residuals = new Float64Array(n);
  for (let round = 0; round < 3; round++) {
    const coefficients = solveQuadratic(lab, samples, us, vs, weights);
    model = { coefficients, noise: 0, plainShare: 0, edgeShare: 0, crossings: 0, grain: 0 };
    for (let s = 0; s < n; s++)
      residuals[s] = backdropDistance(model, lab, samples[s] ?? 0, us[s] ?? 0, vs[s] ?? 0);
    const sorted = Float64Array.from(residuals).sort();
    // The median residual of the better-fitting half: the backdrop's own spread even when garment or
    // clutter covers much of the border.
    const noise = Math.max(0.6, (sorted[Math.floor(n * 0.3)] ?? 0) * 1.5);
    const cut = Math.max(4, noise * 3.5);
    weights = new Float64Array(n);
    for (let s = 0; s < n; s++) weights[s] = (residuals[s] ?? 0) < cut ? 1 : 0;
    model.noise = noise;
  }
  let plain = 0;
  let edges = 0;
  const cut = Math.max(4, model.noise * 3.5);
  // Edges among the backdrop's own samples are texture or clutter. Where a garment crosses the border its
  // samples miss the model, and the backdrop's samples right beside them see the garment's edge: neither
  // counts.
  let counted = 0;
  const beside = 3;
  for (let line = 0; line + 1 < lineStarts.length; line++) {
    const from = lineStarts[line] ?? 0;
    const to = lineStarts[line + 1] ?? 0;
    for (let s = from; s < to; s++) {
      if ((residuals[s] ?? 0) >= cut) continue;
      plain++;
      let nearGarment = false;
      for (let t = Math.max(from, s - beside); t < Math.min(to, s + beside + 1); t++)
        if ((residuals[t] ?? 0) >= cut) nearGarment = true;
      if (nearGarment) continue;
      counted++;
      if (localContrast(lab, samples[s] ?? 0, width, height) > 3) edges++;
    }
  }
  model.plainShare = plain / n;
  model.edgeShare = edges / Math.max(1, counted);
  // Runs of samples off the model along the outermost lines (the first four): a garment cut off by the frame
  // crosses it a few times (a waistband, two legs), clutter many times.
  let crossings = 0;
  for (let line = 0; line < 4; line++) {
    let inside = false;
    for (let s = lineStarts[line] ?? 0; s < (lineStarts[line + 1] ?? 0); s++) {
      const off = (residuals[s] ?? 0) >= cut;
      if (off && !inside) crossings++;
      inside = off;
    }
  }
  model.crossings = crossings;
  const steps: number[] = [];
  for (let s = 0; s < n; s++) {
    if ((residuals[s] ?? 0) >= cut) continue;
    const i = samples[s] ?? 0;
    const x = i % width;
    const next = x + 1 < width ? i + 1 : i - 1;
    steps.push(Math.abs((lab[i * 3] ?? 0) - (lab[next * 3] ?? 0)));
  }
  steps.sort((a, b) => a - b);
  model.grain = steps[steps.length >> 1] ?? 0;
  return model;
}

/**
 * Largest ΔL (in ΔE) between the 3 x 3 mean around a pixel and those three pixels away: texture and clutter
 * show, a photo's grain (averaged away) does not.
 */
function localContrast(lab: Uint8Array, i: number, width: number, height: number): number {
  const x = i % width;
  const y = Math.floor(i / width);
  const mean = (cx: number, cy: number): number => {
    let s = 0;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = Math.min(height - 1, Math.max(0, cy + dy));
      for (let dx = -1; dx <= 1; dx++) {
        const xx = Math.min(width - 1, Math.max(0, cx + dx));
        s += lab[(yy * width + xx) * 3] ?? 0;
      }
    }
    return s / 9;
  };
  const here = mean(x, y);
  let most = 0;
  for (const [dx, dy] of [
    [3, 0],
    [-3, 0],
    [0, 3],
    [0, -3],
  ] as const)
    most = Math.max(most, Math.abs(mean(x + dx, y + dy) - here));
  return most * L_SCALE;
}

/**
 * Weighted least squares of each channel on 1, u, v, u², uv, v²: one normal matrix (the weights are the
 * samples', not the channel's), three right-hand sides.
 */
function solveQuadratic(
  lab: Uint8Array,
  samples: number[],
  us: Float64Array,
  vs: Float64Array,
  weights: Float64Array,
): [number[], number[], number[]] {
  const ata = new Float64Array(36);
  const atb = new Float64Array(18);
  const t = new Float64Array(6);
  for (let s = 0; s < samples.length; s++) {
    const w = weights[s] ?? 0;
    if (w === 0) continue;
    const u = us[s] ?? 0;
    const v = vs[s] ?? 0;
    t[0] = 1;
    t[1] = u;
    t[2] = v;
    t[3] = u * u;
    t[4] = u * v;
    t[5] = v * v;
    const i = (samples[s] ?? 0) * 3;
    for (let r = 0; r < 6; r++) {
      const tr = (t[r] ?? 0) * w;
      for (let c = r; c < 6; c++) ata[r * 6 + c] = (ata[r * 6 + c] ?? 0) + tr * (t[c] ?? 0);
      for (let ch = 0; ch < 3; ch++) atb[ch * 6 + r] = (atb[ch * 6 + r] ?? 0) + tr * (lab[i + ch] ?? 0);
    }
  }
  const solve = (ch: number): number[] => {
    const m = Array.from({ length: 6 }, (_, r) => {
      const row = new Float64Array(7);
      for (let c = 0; c < 6; c++) row[c] = c >= r ? (ata[r * 6 + c] ?? 0) : (ata[c * 6 + r] ?? 0);
      // A little ridge keeps the surface flat where the border says nothing (all samples on one side).
      if (r > 0) row[r] = (row[r] ?? 0) + 1e-3;
      row[6] = atb[ch * 6 + r] ?? 0;
      return row;
    });
    return gaussSolve(m);
  };
  return [solve(0), solve(1), solve(2)];
}

function gaussSolve(m: Float64Array[]): number[] {
  const n = m.length;
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]?.[c] ?? 0) > Math.abs(m[pivot]?.[c] ?? 0)) pivot = r;
    const top = m[pivot];
    const here = m[c];
    if (!top || !here) continue;
    m[c] = top;
    m[pivot] = here;
    const p = top[c] ?? 0;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      const row = m[r];
      if (r === c || !row) continue;
      const f = (row[c] ?? 0) / p;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) row[k] = (row[k] ?? 0) - f * (top[k] ?? 0);
    }
  }
  return m.map((row, r) => {
    const d = row[r] ?? 0;
    return Math.abs(d) < 1e-12 ? 0 : (row[n] ?? 0) / d;
  });
}
