// Draws the public site's own images into public/images/site/: SVG illustrations, icons and placeholder logos,
// and the raster slides and portraits as AVIF and WebP at each width of site-content.ts (SLIDE_WIDTHS,
// PORTRAIT_WIDTHS). Needs sharp, which the app does not: `npm install --no-save sharp`, then
// `node src/app/features/pages/images/make-site-images.mjs`. The output is committed; rerun after a change here.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../../../../../public/images/site');
const SLIDE_WIDTHS = [480, 960, 1440];
const PORTRAIT_WIDTHS = [160, 320];
const C = { cyan: '#0b7285', blue: '#1864ab', light: '#e3fafc', sky: '#e7f5ff', orange: '#f08c00', red: '#e03131', yellow: '#fcc419', ink: '#212529', gray: '#adb5bd' };

/** Deterministic pseudo-random numbers, so a rerun draws the same images. */
function random(seed) {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
}

const svg = (width, height, body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${body}</svg>`;

function heat(value) {
  const stops = [C.blue, '#3bc9db', C.yellow, C.orange, C.red];
  return stops[Math.min(stops.length - 1, Math.floor(value * stops.length))];
}

/** A dose map: voxels inside an ellipse, hotter towards a centre. */
function voxels(cx, cy, rx, ry, size, hot, seed) {
  const next = random(seed);
  let out = '';
  for (let x = cx - rx; x < cx + rx; x += size) {
    for (let y = cy - ry; y < cy + ry; y += size) {
      const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
      if (d > 1) continue;
      const h = Math.max(0, 1 - Math.hypot(x - hot[0], y - hot[1]) / (rx * 0.9)) * 0.85 + next() * 0.15;
      out += `<rect x="${x}" y="${y}" width="${size - 2}" height="${size - 2}" rx="2" fill="${heat(h)}" opacity="${0.55 + h * 0.45}"/>`;
    }
  }
  return out;
}

const SLIDES = {
  'voxel-dose': svg(
    1440,
    720,
    `<defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${C.cyan}"/><stop offset="1" stop-color="${C.blue}"/></linearGradient></defs>
<rect width="1440" height="720" fill="url(#g)"/>
<g opacity=".12" stroke="#fff" stroke-width="2">${Array.from({ length: 12 }, (_, i) => `<line x1="${i * 130}" y1="0" x2="${i * 130}" y2="720"/>`).join('')}</g>
<ellipse cx="980" cy="380" rx="300" ry="250" fill="#fff" opacity=".14"/>
<path d="M820 150 C 760 210 740 330 770 450 C 800 570 900 640 980 640 C 1060 640 1160 570 1190 450 C 1220 330 1200 210 1140 150 Z" fill="#fff" opacity=".2"/>
${voxels(980, 390, 190, 200, 26, [1030, 360], 7)}
<circle cx="1030" cy="360" r="46" fill="none" stroke="#fff" stroke-width="5" stroke-dasharray="12 8"/>
<g fill="#fff" opacity=".9"><rect x="120" y="470" width="420" height="22" rx="11"/><rect x="120" y="512" width="320" height="22" rx="11" opacity=".6"/></g>
<g transform="translate(120 170)"><rect width="260" height="220" rx="24" fill="#fff" opacity=".16"/><circle cx="130" cy="110" r="74" fill="none" stroke="#fff" stroke-width="14"/><circle cx="130" cy="110" r="30" fill="${C.orange}"/></g>`,
  ),
  radiosynovectomy: svg(
    1440,
    720,
    `<rect width="1440" height="720" fill="${C.sky}"/>
<circle cx="1080" cy="360" r="330" fill="${C.light}"/>
<g transform="translate(900 60)">
<rect x="120" y="0" width="120" height="250" rx="60" fill="#fff" stroke="${C.gray}" stroke-width="6"/>
<rect x="120" y="350" width="120" height="250" rx="60" fill="#fff" stroke="${C.gray}" stroke-width="6"/>
<ellipse cx="180" cy="300" rx="150" ry="70" fill="${C.orange}" opacity=".35"/>
<ellipse cx="180" cy="300" rx="120" ry="46" fill="none" stroke="${C.orange}" stroke-width="10"/>
<path d="M100 230 Q180 270 260 230 M100 370 Q180 330 260 370" stroke="${C.cyan}" stroke-width="10" fill="none"/>
</g>
<g transform="translate(560 250) rotate(-25)"><rect x="0" y="0" width="260" height="56" rx="10" fill="#fff" stroke="${C.blue}" stroke-width="6"/><rect x="10" y="10" width="150" height="36" rx="6" fill="${C.orange}" opacity=".7"/><rect x="260" y="20" width="120" height="16" fill="${C.blue}"/><rect x="-40" y="8" width="40" height="40" rx="6" fill="${C.blue}"/></g>
<g fill="${C.cyan}"><rect x="120" y="470" width="380" height="22" rx="11"/><rect x="120" y="512" width="280" height="22" rx="11" opacity=".5"/></g>
<g transform="translate(120 160)" fill="none" stroke="${C.cyan}" stroke-width="12"><circle cx="110" cy="110" r="90"/><path d="M110 50 V110 L160 140"/></g>`,
  ),
  research: svg(
    1440,
    720,
    `<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#087f5b"/><stop offset="1" stop-color="${C.cyan}"/></linearGradient></defs>
<rect width="1440" height="720" fill="url(#g)"/>
<g fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="2">${Array.from({ length: 9 }, (_, i) => `<path d="M700 ${120 + i * 60} Q 1000 ${40 + i * 70} 1360 ${120 + i * 60}"/>`).join('')}</g>
<g transform="translate(820 300)">
<ellipse cx="200" cy="120" rx="230" ry="120" fill="#fff" opacity=".92"/>
<circle cx="-10" cy="70" r="70" fill="#fff" opacity=".92"/><circle cx="-40" cy="10" r="30" fill="#fff" opacity=".92"/>
<circle cx="-40" cy="70" r="9" fill="${C.ink}"/>
<path d="M420 150 C 520 180 540 260 470 300" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round"/>
${voxels(200, 120, 170, 80, 22, [150, 110], 11)}
</g>
<g fill="#fff" opacity=".9"><rect x="120" y="470" width="420" height="22" rx="11"/><rect x="120" y="512" width="300" height="22" rx="11" opacity=".6"/></g>
<g transform="translate(120 160)" stroke="#fff" stroke-width="10" fill="none"><path d="M0 220 L70 140 L140 170 L210 60 L280 100"/><circle cx="70" cy="140" r="14" fill="#fff"/><circle cx="210" cy="60" r="14" fill="#fff"/></g>`,
  ),
};

const PEOPLE = { ana: [C.cyan, '#f3d9c4', '#5c3d2e'], bruno: [C.blue, '#e8c39e', '#2b2b2b'], carla: ['#862e9c', '#c68642', '#1a1a1a'], diego: ['#2b8a3e', '#f1c27d', '#7a4b2a'] };
const portrait = ([background, skin, hair]) =>
  svg(
    320,
    320,
    `<rect width="320" height="320" fill="${background}"/><circle cx="160" cy="160" r="150" fill="#fff" opacity=".12"/>
<path d="M40 320 C 50 240 100 215 160 215 C 220 215 270 240 280 320 Z" fill="#fff" opacity=".9"/>
<ellipse cx="160" cy="135" rx="62" ry="72" fill="${skin}"/>
<path d="M96 130 C 96 70 130 52 160 52 C 200 52 226 80 224 132 C 210 100 180 92 150 96 C 124 99 108 110 96 130 Z" fill="${hair}"/>`,
  );

const STEPS = {
  send: `<circle cx="60" cy="60" r="56" fill="${C.light}"/><path d="M36 78 H86 A16 16 0 0 0 82 46 A24 24 0 0 0 36 52 A13 13 0 0 0 36 78 Z" fill="#fff" stroke="${C.cyan}" stroke-width="5"/><path d="M60 88 V58 M48 70 L60 58 L72 70" stroke="${C.orange}" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  process: `<circle cx="60" cy="60" r="56" fill="${C.light}"/><rect x="30" y="30" width="60" height="60" rx="8" fill="#fff" stroke="${C.cyan}" stroke-width="5"/>${voxels(60, 60, 22, 22, 11, [64, 56], 3)}`,
  report: `<circle cx="60" cy="60" r="56" fill="${C.light}"/><path d="M38 24 H72 L86 38 V96 H38 Z" fill="#fff" stroke="${C.cyan}" stroke-width="5" stroke-linejoin="round"/><path d="M48 82 V70 M60 82 V58 M72 82 V64" stroke="${C.orange}" stroke-width="7" stroke-linecap="round"/><path d="M48 44 H70" stroke="${C.blue}" stroke-width="5" stroke-linecap="round"/>`,
};

const LOGOS = {
  'hospital-exemplo': [C.red, `<path d="M14 24 H34 M24 14 V34" stroke="#fff" stroke-width="6"/>`, 'Hospital Exemplo'],
  'grupo-pesquisa-exemplo': ['#2b8a3e', `<circle cx="24" cy="24" r="9" fill="none" stroke="#fff" stroke-width="4"/><path d="M24 8 V15 M24 33 V40" stroke="#fff" stroke-width="4"/>`, 'Pesquisa Exemplo'],
  'universidade-exemplo': [C.blue, `<path d="M10 20 L24 12 L38 20 L24 28 Z M16 24 V32 Q24 38 32 32 V24" fill="#fff"/>`, 'Univ. Exemplo'],
  'fundacao-exemplo': ['#e67700', `<path d="M12 36 V20 L24 12 L36 20 V36 Z" fill="#fff"/>`, 'Fundação Exemplo'],
  'agencia-exemplo': ['#862e9c', `<path d="M12 30 L20 20 L28 26 L36 14" stroke="#fff" stroke-width="5" fill="none"/>`, 'Agência Exemplo'],
};
const logo = ([color, mark, name]) =>
  svg(200, 48, `<rect x="2" y="2" width="44" height="44" rx="10" fill="${color}"/>${mark}<text x="54" y="30" font-family="system-ui, sans-serif" font-size="13" font-weight="700" fill="#343a40">${name}</text>`);

const curve = (points, color) => `<polyline points="${points}" fill="none" stroke="${color}" stroke-width="6" stroke-linejoin="round"/>`;
const ARTICLES = {
  'lu177-voxel': `<rect width="480" height="270" fill="${C.sky}"/>${voxels(150, 135, 100, 100, 18, [170, 120], 5)}<g transform="translate(280 40)"><rect width="170" height="190" fill="#fff" rx="10"/>${curve('15,30 55,40 85,90 120,150 155,170', C.red)}${curve('15,60 60,110 100,160 155,175', C.blue)}</g>`,
  radiosynovectomy: `<rect width="480" height="270" fill="${C.light}"/><rect x="200" y="10" width="80" height="100" rx="40" fill="#fff" stroke="${C.gray}" stroke-width="5"/><rect x="200" y="160" width="80" height="100" rx="40" fill="#fff" stroke="${C.gray}" stroke-width="5"/><ellipse cx="240" cy="135" rx="110" ry="40" fill="none" stroke="${C.orange}" stroke-width="12"/>`,
  preclinical: `<rect width="480" height="270" fill="#e6fcf5"/><ellipse cx="260" cy="150" rx="140" ry="70" fill="#fff"/><circle cx="120" cy="120" r="44" fill="#fff"/><circle cx="100" cy="84" r="20" fill="#fff"/><circle cx="104" cy="118" r="6" fill="${C.ink}"/>${voxels(260, 150, 110, 50, 16, [230, 140], 9)}`,
  segmentation: `<rect width="480" height="270" fill="#f3f0ff"/><ellipse cx="240" cy="135" rx="190" ry="110" fill="#dee2e6"/><path d="M150 90 C 190 50 260 60 270 110 C 280 160 210 190 170 160 C 140 140 130 110 150 90 Z" fill="${C.cyan}" opacity=".35" stroke="${C.cyan}" stroke-width="5"/><circle cx="320" cy="150" r="36" fill="${C.red}" opacity=".35" stroke="${C.red}" stroke-width="5"/>`,
};

const SHARE = svg(
  1200,
  630,
  `<rect width="1200" height="630" fill="${C.cyan}"/><g transform="translate(470 185) scale(4)"><rect x="2" y="2" width="60" height="60" rx="15" fill="#fff"/><circle cx="32" cy="32" r="20" fill="none" stroke="${C.cyan}" stroke-width="4" opacity=".55"/><circle cx="32" cy="32" r="11.5" fill="none" stroke="${C.cyan}" stroke-width="4"/><circle cx="32" cy="32" r="5.5" fill="${C.orange}"/></g>`,
);

function write(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

async function raster(source, base, widths, height) {
  for (const width of widths) {
    const image = sharp(Buffer.from(source)).resize(width, Math.round((height * width) / widths.at(-1)));
    await image.clone().avif({ quality: 50, effort: 6 }).toFile(`${base}-${width}.avif`);
    await image.clone().webp({ quality: 72 }).toFile(`${base}-${width}.webp`);
  }
}

fs.mkdirSync(path.join(OUT, 'slides'), { recursive: true });
fs.mkdirSync(path.join(OUT, 'team'), { recursive: true });
for (const [id, source] of Object.entries(SLIDES)) await raster(source, path.join(OUT, 'slides', id), SLIDE_WIDTHS, 720);
for (const [id, colors] of Object.entries(PEOPLE)) await raster(portrait(colors), path.join(OUT, 'team', id), PORTRAIT_WIDTHS, 320);
for (const [id, body] of Object.entries(STEPS)) write(path.join(OUT, 'steps', `${id}.svg`), svg(120, 120, body));
for (const [id, parts] of Object.entries(LOGOS)) write(path.join(OUT, 'logos', `${id}.svg`), logo(parts));
for (const [id, body] of Object.entries(ARTICLES)) write(path.join(OUT, 'articles', `${id}.svg`), svg(480, 270, body));
await sharp(Buffer.from(SHARE)).png({ compressionLevel: 9 }).toFile(path.join(OUT, 'share.png'));
