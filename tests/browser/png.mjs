// png.mjs — a minimal PNG decoder (8-bit RGB/RGBA, what Chromium and trainplan-gui write) and a measure
// of how much a screenshot shows, so tests can tell a rendered page from a blank or black canvas.
import zlib from "node:zlib";

export function decodePng(buf) {
  let pos = 8, w = 0, h = 0, channels = 4;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), type = buf.toString("ascii", pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === "IHDR") {
      w = data.readUInt32BE(0); h = data.readUInt32BE(4);
      channels = data[9] === 6 ? 4 : data[9] === 2 ? 3 : 0;
      if (data[8] !== 8 || !channels || data[12] !== 0) throw new Error("unsupported PNG");
    } else if (type === "IDAT") idat.push(data);
    pos += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = w * channels, out = Buffer.alloc(h * stride);
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? out[y * stride + x - channels] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels] : 0;
      let p;
      if (f === 0) p = v;
      else if (f === 1) p = v + a;
      else if (f === 2) p = v + b;
      else if (f === 3) p = v + ((a + b) >> 1);
      else {
        const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c);
        p = v + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      out[y * stride + x] = p & 255;
    }
  }
  return { w, h, channels, px: out };
}

// How much is drawn: the number of distinct colours and the share of pixels unlike the background.
export function contentStats(png) {
  const { w, h, channels, px } = decodePng(png);
  const counts = new Map();
  const n = Math.ceil((w * h) / 7);
  for (let i = 0; i < w * h; i += 7) {
    const o = i * channels;
    const c = (px[o] << 16) | (px[o + 1] << 8) | px[o + 2];
    counts.set(c, (counts.get(c) || 0) + 1);
  }
  // The background is the most common colour; "inked" is the share of pixels clearly different from it.
  let bg = 0, best = -1;
  for (const [c, k] of counts) if (k > best) (best = k), (bg = c);
  let differ = 0;
  for (const [c, k] of counts) {
    const d = Math.abs((c >> 16) - (bg >> 16)) + Math.abs(((c >> 8) & 255) - ((bg >> 8) & 255)) + Math.abs((c & 255) - (bg & 255));
    if (d > 30) differ += k;
  }
  return { colours: counts.size, inked: differ / n };
}
