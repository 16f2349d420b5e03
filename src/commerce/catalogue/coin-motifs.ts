// The motifs of the real coins, simplified to recognisable relief silhouettes: portraits, animals,
// buildings and emblems. Each motif is drawn in a 200 x 200 box (centre 100,100) and placed on the coin's
// field by images.ts. `f` is the relief fill (a frosted gradient), `d` the colour of engraved detail lines.
// Shapes follow the published designs (springbok, maple leaf, the Musikverein organ, Britannia with
// trident and shield, the eagles, the kangaroo ...), reduced to what still reads at a thumbnail's size.

export interface MotifPaint { f: string; d: string; hi: string }

export type MotifName =
  | 'kruger' | 'springbok' | 'organ' | 'instruments' | 'maple' | 'monarch' | 'britannia' | 'kangaroo'
  | 'liberty-walking' | 'liberty-flag' | 'eagle-head' | 'eagle-landing' | 'statue-liberty' | 'winged-liberty'
  | 'indian-head' | 'bison' | 'temple' | 'panda' | 'mexican-arms' | 'victoria' | 'horse' | 'goat'
  | 'st-george' | 'helvetia' | 'swiss-shield' | 'emperor' | 'double-eagle' | 'kaiser' | 'reichsadler'
  | 'kookaburra' | 'koala' | 'longship' | 'monarch-george' | 'queen' | 'fortuna';

const line = (d: string, p: MotifPaint, w = 1.6, o = 0.55) =>
  `<path d="${d}" fill="none" stroke="${p.d}" stroke-width="${w}" stroke-opacity="${o}" stroke-linecap="round" stroke-linejoin="round"/>`;
const shape = (d: string, p: MotifPaint, extra = '') => `<path d="${d}" fill="${p.f}"${extra}/>`;

// A bust in profile facing left; the variants add beard, laurel, hair, crown rays.
const HEAD = 'M 128 172 C 126 152 128 142 134 132 C 146 118 150 100 148 84 C 146 54 124 34 96 34 C 74 34 58 48 56 66 C 55 74 56 80 54 86 L 44 104 C 42 108 44 110 50 110 C 50 114 48 116 50 119 C 47 121 48 124 51 125 C 49 130 50 138 60 140 C 72 142 84 138 92 134 C 88 146 86 158 84 172 Z';
const FACE = 'M 60 80 C 64 77 69 77 72 80 M 50 119 L 57 118 M 52 108 C 55 108 57 106 57 104';
const SHOULDERS = 'M 34 200 C 40 182 58 170 80 166 L 126 164 C 152 168 170 184 176 200 Z';
const EAR = 'M 114 90 C 104 88 102 104 106 112 C 110 118 118 112 118 102';
const SHORT_HAIR = 'M 56 64 C 62 40 88 28 110 31 C 134 35 151 56 149 86 C 147 104 141 116 135 124 C 133 110 130 100 124 92 C 118 72 96 58 56 64 Z';
const hairStrands = (p: MotifPaint) => line('M 64 56 C 80 44 100 42 118 48 M 70 48 C 88 38 110 38 128 46 M 122 58 C 134 66 142 80 144 96 M 128 52 C 140 60 146 74 147 88', p, 1.2, 0.5);

function bust(p: MotifPaint, extra: string, details = ''): string {
  return shape(SHOULDERS, p) + shape(HEAD, p) + extra + line(EAR, p, 1.4) + line(FACE, p, 1.4, 0.6) + details;
}

function kruger(p: MotifPaint): string {
  // Paul Kruger: hair brushed back, a full fringe beard from ear to ear under a clean-shaven upper lip,
  // a coat with a broad lapel
  const beard = 'M 110 108 C 114 132 106 154 90 166 C 74 176 56 168 50 152 C 48 144 50 134 54 128 C 62 138 76 140 88 132 C 98 126 102 116 102 104 Z';
  return bust(p, shape(SHORT_HAIR, p) + hairStrands(p) + shape(beard, p)
    + line('M 58 148 C 70 160 86 160 100 150 M 62 140 C 74 150 90 150 104 136 M 96 160 C 104 150 108 136 108 120', p, 1.2, 0.45)
    + line('M 40 200 C 58 186 70 180 88 180 L 100 196 M 152 180 L 134 200', p, 1.6));
}

function monarch(p: MotifPaint): string {
  // the King's effigy (Charles III faces left): short hair with a parting, collar and tie knot
  return bust(p, shape(SHORT_HAIR, p) + hairStrands(p), line('M 82 168 C 96 178 116 178 130 166 M 96 172 L 104 190', p, 1.4));
}

function queen(p: MotifPaint): string {
  // Elizabeth II: hair set in waves, a diadem, facing right
  const hair = 'M 54 70 C 54 44 80 30 108 32 C 136 36 152 58 150 86 C 150 104 144 118 136 128 C 130 118 128 104 124 94 C 116 80 96 70 54 70 Z';
  return `<g transform="translate(200 0) scale(-1 1)">${bust(p, shape(hair, p), line('M 58 58 C 80 44 110 42 134 52 M 70 50 L 72 42 M 90 44 L 92 36 M 110 44 L 112 36', p, 2, 0.65)
    + line('M 120 60 C 130 72 136 86 138 104 M 104 56 C 116 70 122 84 124 96', p, 1.2, 0.5))}</g>`;
}

function monarchGeorge(p: MotifPaint): string {
  // George V: bearded, facing left
  const beard = 'M 54 118 C 52 138 62 152 80 156 C 100 158 116 150 122 138 C 108 138 96 132 88 126 C 78 128 64 126 54 118 Z';
  return bust(p, shape(beard, p), line('M 60 62 C 72 46 98 40 120 46 C 136 52 144 66 146 82', p, 1.5) + line('M 50 114 C 58 112 66 114 72 118', p, 1.6));
}

function emperor(p: MotifPaint): string {
  // Franz Joseph I: laureate head facing right, side whiskers joined to the moustache
  const whiskers = 'M 56 104 C 50 122 58 140 74 146 C 92 150 110 142 120 128 C 104 130 92 120 86 108 C 76 112 64 110 56 104 Z';
  const laurel = Array.from({ length: 7 }, (_, i) => {
    const a = (-160 + i * 22) * Math.PI / 180;
    const x = 98 + 44 * Math.cos(a);
    const y = 84 + 44 * Math.sin(a);
    // leaves lie along the wreath (tangential), not sticking out of it
    return `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="4" ry="10" transform="rotate(${(-160 + i * 22).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${p.f}" stroke="${p.d}" stroke-opacity=".45"/>`;
  }).join('');
  return `<g transform="translate(200 0) scale(-1 1)">${bust(p, shape(whiskers, p) + laurel)}</g>`;
}

function kaiser(p: MotifPaint): string {
  // Wilhelm II: facing right, upturned moustache, uniform collar
  const moustache = 'M 40 112 C 46 104 56 106 62 112 C 66 106 76 102 82 110';
  return `<g transform="translate(200 0) scale(-1 1)">${bust(p, '', line(moustache, p, 2.4, 0.7) + line('M 60 62 C 72 46 98 40 120 46', p, 1.5)
    + line('M 78 166 L 80 182 L 126 182 L 128 164 M 90 172 L 116 172', p, 1.6))}</g>`;
}

function helvetia(p: MotifPaint): string {
  // Vreneli: young woman facing left, braided hair with an edelweiss garland, mountains behind
  const hair = 'M 54 70 C 56 44 84 30 110 34 C 138 40 156 62 152 92 C 150 112 142 128 132 140 C 138 150 150 154 160 150 C 150 164 132 162 124 150';
  const flowers = Array.from({ length: 6 }, (_, i) => {
    const x = 66 + i * 14;
    const y = 46 - Math.sin((i / 5) * Math.PI) * 8 + i * 2;
    return `<circle cx="${x}" cy="${y.toFixed(1)}" r="4.5" fill="${p.f}" stroke="${p.d}" stroke-opacity=".5"/>`;
  }).join('');
  const alps = 'M 0 176 L 26 150 L 40 160 L 62 134 L 78 150 L 86 144';
  return line(alps, p, 1.5) + line('M 150 150 L 170 132 L 186 146 L 200 136', p, 1.5) + bust(p, shape(hair + ' Z', p, ' opacity=".9"') + flowers, line('M 120 60 C 130 80 132 100 126 120', p, 1.2));
}

function indianHead(p: MotifPaint): string {
  // Buffalo nickel obverse: head facing right, braid with a feather
  const braid = 'M 132 110 C 140 130 140 150 132 172 L 122 170 C 128 150 128 132 122 116 Z';
  const feathers = 'M 140 60 L 176 34 L 168 50 L 184 46 L 146 74 Z';
  return `<g transform="translate(200 0) scale(-1 1)">${bust(p, shape(braid, p) + shape(feathers, p) + line('M 140 60 L 176 36', p, 1.2))}</g>`;
}

function statueLiberty(p: MotifPaint): string {
  // Platinum Eagle obverse: the face of the Statue of Liberty with her crown of rays
  const rays = Array.from({ length: 7 }, (_, i) => {
    const a = (-165 + i * 26) * Math.PI / 180;
    const x1 = 100 + 40 * Math.cos(a);
    const y1 = 70 + 40 * Math.sin(a);
    const x2 = 100 + 92 * Math.cos(a);
    const y2 = 70 + 92 * Math.sin(a);
    const nx = 6 * Math.cos(a + Math.PI / 2);
    const ny = 6 * Math.sin(a + Math.PI / 2);
    return `M ${(x1 + nx).toFixed(1)} ${(y1 + ny).toFixed(1)} L ${x2.toFixed(1)} ${y2.toFixed(1)} L ${(x1 - nx).toFixed(1)} ${(y1 - ny).toFixed(1)} Z`;
  }).join(' ');
  return shape(rays, p) + bust(p, shape('M 54 70 C 60 46 84 34 110 36 C 134 40 150 60 148 86 L 54 76 Z', p), line('M 56 74 L 148 84', p, 2));
}

function wingedLiberty(p: MotifPaint): string {
  // Palladium Eagle obverse: Weinman's Winged Liberty head (Mercury dime), cap with a wing
  const cap = 'M 52 72 C 56 44 84 30 112 34 C 140 40 152 62 148 90 C 130 80 100 72 52 72 Z';
  const wing = 'M 118 60 C 140 30 170 24 188 30 C 176 36 180 40 170 44 C 178 48 170 52 160 54 C 168 58 160 62 146 64 Z';
  return bust(p, shape(cap, p) + shape(wing, p), line('M 128 52 C 146 42 164 38 180 34 M 132 58 C 148 52 160 50 168 48', p, 1.2));
}

function springbok(p: MotifPaint): string {
  // Krugerrand reverse: the springbok pronking - arched back, neck up, lyre-shaped horns, forelegs tucked,
  // hind legs stretched back
  const body = 'M 52 84 C 70 74 100 74 122 78 C 130 72 136 62 142 52 C 144 46 150 42 156 44 L 168 54 C 172 58 170 64 164 64 L 154 62 C 150 72 146 84 144 94 C 146 100 150 104 156 106 L 172 112 L 174 120 L 170 122 L 160 116 L 148 113 L 150 126 L 140 140 L 136 138 L 142 124 C 134 118 120 118 104 118 C 96 118 86 118 76 116 L 52 130 L 26 140 L 22 136 L 44 124 L 60 112 C 52 108 46 100 46 92 C 44 88 48 86 52 84 Z';
  const tail = 'M 50 88 L 38 96 L 42 99 Z';
  const ear = 'M 150 47 L 136 40 L 144 52 Z';
  const horns = 'M 150 44 C 144 34 146 24 152 14 C 150 24 152 32 156 40 M 156 44 C 154 32 160 22 168 18 C 162 28 160 36 160 44';
  return shape(body + ' ' + tail + ' ' + ear, p) + line(horns, p, 2.6, 0.8)
    + line('M 60 100 C 90 106 120 106 142 98 M 124 80 C 132 86 138 92 144 94', p, 1.3, 0.5) + `<circle cx="158" cy="52" r="2.2" fill="${p.d}"/>`;
}

function mapleLeaf(p: MotifPaint): string {
  const right: [number, number][] = [[100, 8], [111, 32], [124, 26], [117, 64], [138, 42], [144, 56], [166, 52], [156, 76], [164, 82], [132, 104], [138, 120], [103, 114], [103, 158], [100, 160]];
  const left = right.slice(0, -1).reverse().map(([x, y]) => [200 - x, y] as [number, number]);
  const pts = [...right, ...left.slice(0, -1)];
  const leaf = `M ${pts.map(([x, y]) => `${x} ${y}`).join(' L ')} Z`;
  const veins = 'M 100 150 L 100 30 M 100 108 L 146 66 M 100 108 L 54 66 M 100 96 L 124 40 M 100 96 L 76 40 M 100 116 L 130 112 M 100 116 L 70 112';
  return shape(leaf, p) + line(veins, p, 1.4, 0.5);
}

function organ(p: MotifPaint): string {
  // Philharmoniker obverse: the great organ of the Golden Hall - pipe towers, a pediment, the console
  const pipes: string[] = [];
  const tower = (x0: number, n: number, top: number, step: number, w: number) => {
    for (let i = 0; i < n; i++) {
      const x = x0 + i * (w + 2);
      const y = top + Math.abs(i - (n - 1) / 2) * step;
      pipes.push(`M ${x} 150 L ${x} ${y + 3} Q ${x + w / 2} ${y - 3} ${x + w} ${y + 3} L ${x + w} 150 Z`);
    }
  };
  tower(18, 5, 40, 8, 7);
  tower(66, 8, 22, -2.5, 6.2);
  tower(138, 5, 40, 8, 7);
  const frame = 'M 10 150 L 190 150 L 190 176 L 10 176 Z M 60 30 L 100 8 L 140 30 Z M 30 36 L 60 28 L 60 34 L 30 40 Z M 140 28 L 170 36 L 170 40 L 140 34 Z';
  return shape(frame, p) + shape(pipes.join(' '), p)
    + line(pipes.map((d) => { const m = /M ([\d.]+) 150 L [\d.]+ ([\d.]+)/.exec(d)!; const x = Number(m[1]); return `M ${x + 1.5} ${(Number(m[2]) + 16).toFixed(1)} L ${x + 4.5} ${(Number(m[2]) + 16).toFixed(1)}`; }).join(' '), p, 1.4, 0.7)
    + line('M 10 160 L 190 160 M 40 168 L 160 168', p, 1.2, 0.5);
}

function instruments(p: MotifPaint): string {
  // Philharmoniker reverse: cello at the centre, violins, the Vienna horn, bassoon and harp
  const cello = 'M 100 40 C 84 40 80 54 86 66 C 76 72 72 86 80 96 C 68 104 66 128 80 140 C 92 150 108 150 120 140 C 134 128 132 104 120 96 C 128 86 124 72 114 66 C 120 54 116 40 100 40 Z';
  const neck = 'M 97 40 L 97 6 L 103 6 L 103 40 Z';
  const violin = (x: number, y: number, r: number) => `<g transform="rotate(${r} ${x} ${y})"><path d="M ${x} ${y - 30} C ${x - 11} ${y - 30} ${x - 13} ${y - 20} ${x - 9} ${y - 12} C ${x - 15} ${y - 6} ${x - 15} ${y + 10} ${x - 9} ${y + 16} C ${x - 4} ${y + 22} ${x + 4} ${y + 22} ${x + 9} ${y + 16} C ${x + 15} ${y + 10} ${x + 15} ${y - 6} ${x + 9} ${y - 12} C ${x + 13} ${y - 20} ${x + 11} ${y - 30} ${x} ${y - 30} Z M ${x - 2} ${y - 30} L ${x - 2} ${y - 56} L ${x + 2} ${y - 56} L ${x + 2} ${y - 30} Z" fill="${p.f}"/></g>`;
  const harp = 'M 150 20 C 176 30 186 60 184 100 L 176 150 L 168 150 L 172 100 C 172 66 164 40 148 30 Z';
  const harpStrings = 'M 152 34 L 152 150 M 158 36 L 158 150 M 164 42 L 164 150 M 170 56 L 170 150';
  const horn = '<circle cx="44" cy="150" r="24" fill="none" stroke="' + p.f + '" stroke-width="7"/><circle cx="44" cy="150" r="12" fill="none" stroke="' + p.f + '" stroke-width="4"/>';
  const bell = 'M 60 166 L 84 182 C 88 170 84 160 76 156 Z';
  const bassoon = 'M 24 30 L 32 26 L 74 128 L 66 132 Z';
  return line(harpStrings, p, 1.2, 0.6) + shape(harp + ' ' + bassoon + ' ' + bell, p) + horn
    + violin(46, 80, -24) + violin(146, 112, 18) + shape(cello + ' ' + neck, p)
    + line('M 94 98 L 94 126 M 106 98 L 106 126 M 100 56 L 100 148 M 86 116 L 114 116', p, 1.2, 0.6);
}

function britannia(p: MotifPaint): string {
  // Britannia standing, helmeted, the trident raised in her right hand, the shield with the Union flag
  // at her left, her gown blown back by the wind
  const figure = 'M 96 22 C 88 22 85 32 88 40 C 78 46 72 62 74 78 L 62 96 L 70 102 L 80 88 C 80 112 74 140 58 176 C 78 184 104 186 126 182 C 146 178 160 170 170 160 C 146 150 130 130 122 100 C 124 82 118 58 106 46 C 110 34 106 22 96 22 Z';
  const helmet = 'M 84 32 C 84 16 100 8 110 16 C 118 10 128 6 136 10 C 126 14 118 22 112 30 Z';
  const trident = 'M 66 6 L 71 6 L 71 186 L 66 186 Z M 56 20 L 56 2 L 61 4 L 61 18 L 76 18 L 76 4 L 81 2 L 81 20 C 81 25 56 25 56 20 Z';
  const shield = '<ellipse cx="140" cy="134" rx="30" ry="33" fill="' + p.f + '"/>';
  const cross = 'M 140 102 L 140 166 M 110 134 L 170 134 M 119 111 L 161 157 M 161 111 L 119 157';
  const drape = 'M 106 52 C 134 46 166 56 196 46 C 178 64 156 68 134 70 C 156 80 176 78 192 74 C 172 90 144 90 120 84 Z';
  return shape(trident, p) + shape(drape, p) + shape(figure, p) + shape(helmet, p) + shield + line(cross, p, 2.4, 0.6)
    + line('M 90 120 C 98 136 100 156 98 176 M 106 110 C 112 130 116 150 116 178', p, 1.2, 0.5) + line('M 30 192 C 70 186 130 186 180 192', p, 1.8, 0.5);
}

function kangaroo(p: MotifPaint): string {
  // Kangaroo bounding to the right: long tail, strong hind legs, small forearms, upright ears
  const body = 'M 16 150 C 40 140 60 128 74 112 C 86 96 104 84 124 82 C 136 74 146 62 152 52 L 150 38 L 156 36 L 160 48 L 162 36 L 168 38 L 166 52 C 176 56 184 62 186 68 L 180 72 L 168 70 C 160 80 150 94 144 104 L 156 114 L 154 118 L 140 112 C 136 124 130 134 120 140 L 138 160 L 176 168 L 174 174 L 130 170 L 104 150 C 90 152 78 150 66 146 C 50 150 32 154 16 154 Z';
  return shape(body, p) + line('M 90 110 C 100 120 110 126 120 128 M 150 60 L 156 62', p, 1.4) + line('M 60 186 L 180 186', p, 1.4, 0.4);
}

function libertyWalking(p: MotifPaint, rays = true): string {
  // Saint-Gaudens' Liberty striding forward with torch and olive branch, the sun's rays behind her
  const sun = rays ? Array.from({ length: 13 }, (_, i) => {
    const a = (-180 + i * 15) * Math.PI / 180;
    return `M ${(100 + 30 * Math.cos(a)).toFixed(1)} ${(120 + 30 * Math.sin(a)).toFixed(1)} L ${(100 + 96 * Math.cos(a)).toFixed(1)} ${(120 + 96 * Math.sin(a)).toFixed(1)}`;
  }).join(' ') : '';
  const figure = 'M 100 30 C 94 30 92 38 94 44 C 88 48 84 58 84 70 L 74 60 L 60 26 L 54 28 L 66 66 L 80 84 C 78 104 74 124 66 146 L 58 176 L 70 178 L 84 148 C 90 140 96 136 100 130 L 110 150 L 126 176 L 138 172 L 118 132 C 116 112 114 92 112 72 L 126 88 L 144 94 L 146 88 L 128 78 L 112 58 C 112 48 108 44 106 42 C 108 34 104 30 100 30 Z';
  const torch = 'M 54 28 C 50 20 52 10 58 4 C 58 12 64 14 62 22 Z';
  const gown = 'M 104 60 C 130 60 156 72 176 66 C 160 82 140 86 118 80 Z';
  return line(sun, p, 2, 0.35) + shape(gown, p) + shape(figure + ' ' + torch, p)
    + line('M 144 92 C 152 96 158 92 162 86 M 150 94 L 154 100 M 156 92 L 162 96', p, 1.6, 0.6) + line('M 20 186 C 60 180 140 180 180 186', p, 1.6, 0.4);
}

function libertyFlag(p: MotifPaint): string {
  // Weinman's Walking Liberty (Silver Eagle obverse): draped in the flag, walking towards the rising sun
  const flag = 'M 96 46 C 120 36 150 40 186 30 C 180 60 172 90 150 110 C 140 96 124 84 110 80 Z';
  const stripes = 'M 118 74 C 140 66 160 62 178 52 M 122 86 C 140 80 156 78 170 70 M 130 98 C 144 94 154 92 162 86';
  const sun = Array.from({ length: 9 }, (_, i) => {
    const a = (-170 + i * 20) * Math.PI / 180;
    return `M ${(40 + 18 * Math.cos(a)).toFixed(1)} ${(176 + 18 * Math.sin(a)).toFixed(1)} L ${(40 + 40 * Math.cos(a)).toFixed(1)} ${(176 + 40 * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  return line(sun, p, 2, 0.4) + shape(flag, p) + line(stripes, p, 1.4, 0.55) + libertyWalking(p, false);
}

function eagleHead(p: MotifPaint): string {
  // Gold Eagle reverse since 2021: the head of a bald eagle in profile, facing left
  const head = 'M 190 190 C 170 160 168 120 176 96 C 184 70 170 44 144 34 C 118 24 90 30 72 46 C 62 54 50 56 36 56 C 22 58 14 66 16 78 C 18 90 28 96 40 94 C 34 88 34 82 40 80 C 52 84 62 92 76 96 C 92 112 104 140 104 190 Z';
  const feathers = 'M 120 60 C 140 66 150 80 152 100 M 110 110 C 126 120 136 140 138 170 M 140 120 C 150 140 154 160 156 186 M 90 130 C 100 150 104 170 104 188';
  return shape(head, p) + line(feathers, p, 1.4, 0.5) + line('M 16 78 C 26 76 36 78 44 84 M 40 56 C 46 64 56 66 66 62', p, 1.6, 0.7)
    + `<circle cx="88" cy="58" r="6" fill="${p.d}" opacity=".7"/><circle cx="86" cy="56" r="2" fill="${p.hi}"/>`;
}

function eagleLanding(p: MotifPaint, branch = true): string {
  // the Silver/Platinum/Palladium Eagle reverses: an eagle with spread wings, talons forward, an oak
  // or olive branch in its claws
  const wings = 'M 96 90 C 70 70 40 40 12 30 C 22 44 26 52 22 58 C 34 60 38 66 32 72 C 46 74 50 80 44 86 C 58 88 66 96 62 102 L 90 108 Z M 110 90 C 130 66 156 34 188 20 C 180 36 178 46 184 52 C 170 56 168 62 172 68 C 158 72 154 78 158 86 C 146 88 140 96 142 102 L 114 108 Z';
  const body = 'M 88 86 C 90 72 98 64 106 64 C 112 58 122 58 128 62 L 118 66 C 118 74 116 82 114 90 C 118 108 116 126 106 140 L 116 160 L 84 160 L 94 140 C 84 126 82 106 88 86 Z';
  const talons = 'M 92 140 L 84 164 L 78 166 M 110 140 L 118 164 L 124 166';
  const leaves = branch ? Array.from({ length: 5 }, (_, i) => `<ellipse cx="${60 + i * 20}" cy="${172 + (i % 2) * 6}" rx="9" ry="4.5" transform="rotate(${-20 + i * 10} ${60 + i * 20} ${172 + (i % 2) * 6})" fill="${p.f}"/>`).join('') : '';
  return shape(wings, p) + line('M 26 44 C 50 60 70 80 90 100 M 174 36 C 150 56 130 80 112 100 M 40 64 C 60 78 76 92 92 104 M 166 56 C 146 72 130 88 112 104', p, 1.3, 0.5)
    + (branch ? line('M 50 174 C 90 166 130 170 160 180', p, 2.4, 0.6) : '') + leaves + shape(body, p) + line(talons, p, 2.2, 0.7)
    + `<circle cx="112" cy="70" r="2.6" fill="${p.d}"/>`;
}

function bison(p: MotifPaint): string {
  // Buffalo reverse: an American bison standing on a mound, facing left - the high shaggy hump, the heavy
  // head carried low with its beard, short horns, lean hindquarters
  const body = 'M 20 110 C 16 100 18 88 26 82 C 30 74 38 70 46 70 C 56 50 74 38 96 38 C 120 38 140 50 158 62 C 172 70 180 80 182 96 L 180 118 L 176 150 L 166 150 L 164 124 C 140 128 110 128 90 124 L 86 150 L 76 150 L 72 124 C 60 130 54 136 50 138 C 44 140 40 132 42 126 C 34 124 26 118 20 110 Z';
  const mane = 'M 46 70 C 56 50 74 38 96 38 C 100 60 96 96 92 124 L 72 124 C 60 130 54 136 50 138 C 44 140 40 132 42 126 Z';
  const mound = 'M 6 160 C 40 146 150 146 196 160 L 196 166 L 6 166 Z';
  return shape(mound, p) + shape(body, p) + `<path d="${mane}" fill="${p.d}" fill-opacity=".22"/>`
    + line('M 40 76 C 32 70 32 62 38 56 M 56 74 C 62 90 64 106 66 122 M 70 58 C 78 78 82 100 82 120 M 84 46 C 90 66 92 90 90 110 M 182 92 C 188 100 188 110 184 118', p, 1.4, 0.5)
    + `<circle cx="34" cy="86" r="2.6" fill="${p.d}"/>`;
}

function temple(p: MotifPaint): string {
  // Panda obverse: the Hall of Prayer for Good Harvests of the Temple of Heaven, three round roofs on terraces
  const roof = (y: number, w: number) => `M ${100 - w} ${y + 14} C ${100 - w / 2} ${y + 4} ${100 - w / 4} ${y} 100 ${y - 6} C ${100 + w / 4} ${y} ${100 + w / 2} ${y + 4} ${100 + w} ${y + 14} Z`;
  const walls = 'M 70 60 L 130 60 L 130 76 L 70 76 Z M 60 92 L 140 92 L 140 110 L 60 110 Z M 52 126 L 148 126 L 148 144 L 52 144 Z';
  const terraces = 'M 24 144 L 176 144 L 176 152 L 24 152 Z M 14 152 L 186 152 L 186 160 L 14 160 Z M 4 160 L 196 160 L 196 168 L 4 168 Z';
  return shape(terraces + ' ' + walls, p) + shape(roof(46, 42) + ' ' + roof(78, 56) + ' ' + roof(112, 70), p)
    + shape('M 97 40 L 100 20 L 103 40 Z', p) + line('M 80 60 L 80 76 M 100 60 L 100 76 M 120 60 L 120 76 M 74 92 L 74 110 M 92 92 L 92 110 M 108 92 L 108 110 M 126 92 L 126 110 M 66 126 L 66 144 M 86 126 L 86 144 M 114 126 L 114 144 M 134 126 L 134 144', p, 1.3, 0.55);
}

function panda(p: MotifPaint): string {
  // Panda reverse: a giant panda sitting among bamboo, the black patches in a deeper tone
  const dark = `fill="${p.d}" fill-opacity=".55"`;
  return line('M 160 190 L 168 20 M 176 190 L 186 40', p, 4, 0.5) + line('M 168 60 L 190 50 M 168 90 L 150 76 M 170 120 L 192 112', p, 2, 0.5)
    + `<ellipse cx="96" cy="130" rx="56" ry="50" fill="${p.f}"/><circle cx="92" cy="62" r="36" fill="${p.f}"/>`
    + `<circle cx="64" cy="34" r="12" ${dark}/><circle cx="120" cy="34" r="12" ${dark}/><ellipse cx="78" cy="62" rx="9" ry="12" transform="rotate(-25 78 62)" ${dark}/><ellipse cx="106" cy="62" rx="9" ry="12" transform="rotate(25 106 62)" ${dark}/>`
    + `<ellipse cx="92" cy="80" rx="7" ry="5" ${dark}/><path d="M 44 106 C 34 126 40 150 56 156 L 66 128 Z M 140 104 C 160 112 168 96 164 86 L 146 92 Z" ${dark}/>`
    + `<ellipse cx="60" cy="172" rx="24" ry="14" ${dark}/><ellipse cx="132" cy="172" rx="24" ry="14" ${dark}/>`;
}

function heraldicEagle(p: MotifPaint, heads: 1 | 2, crown: boolean): string {
  // Imperial eagles (Reichsadler, the Austrian double eagle): spread wings with feathers, a breast shield
  const wingL = 'M 88 70 C 64 50 40 40 14 44 L 24 58 L 10 64 L 24 76 L 10 84 L 26 94 L 14 104 L 32 110 L 26 122 L 46 122 C 62 118 78 106 90 94 Z';
  const wingR = wingL.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => `${200 - Number(x)} ${y}`);
  const body = 'M 84 70 C 86 60 94 56 100 56 C 106 56 114 60 116 70 L 118 120 L 132 156 L 116 150 L 108 166 L 100 152 L 92 166 L 84 150 L 68 156 L 82 120 Z';
  // necks, round heads with hooked beaks facing outwards, one imperial crown above
  const headsPath = heads === 2
    ? 'M 94 60 C 90 54 86 52 82 48 L 88 42 C 92 48 98 52 100 56 Z M 106 60 C 110 54 114 52 118 48 L 112 42 C 108 48 102 52 100 56 Z M 76 42 A 8 8 0 1 1 92 42 A 8 8 0 1 1 76 42 Z M 108 42 A 8 8 0 1 1 124 42 A 8 8 0 1 1 108 42 Z M 77 40 L 64 44 L 77 47 Z M 123 40 L 136 44 L 123 47 Z'
    : 'M 94 60 C 94 52 96 48 98 44 L 108 46 C 106 50 106 54 106 60 Z M 94 40 A 9 9 0 1 1 112 40 A 9 9 0 1 1 94 40 Z M 110 37 L 124 42 L 110 46 Z';
  const crownPath = crown ? (heads === 2 ? 'M 88 30 L 90 16 L 100 23 L 110 16 L 112 30 Z' : 'M 94 30 L 96 18 L 103 24 L 110 18 L 112 30 Z') : '';
  return shape(wingL + ' ' + wingR, p) + line('M 28 60 C 50 62 70 70 88 80 M 26 80 C 48 84 68 90 88 92 M 172 60 C 150 62 130 70 112 80 M 174 80 C 152 84 132 90 112 92', p, 1.3, 0.55)
    + shape(body + ' ' + headsPath + (crownPath ? ' ' + crownPath : ''), p)
    + `<path d="M 90 80 L 110 80 L 110 100 C 110 110 100 116 100 116 C 100 116 90 110 90 100 Z" fill="${p.f}" stroke="${p.d}" stroke-opacity=".6" stroke-width="1.4"/>`;
}

function mexicanArms(p: MotifPaint): string {
  // Libertad obverse: the eagle on a nopal cactus devouring a snake, an oak and laurel wreath below
  const eagle = 'M 70 60 C 60 40 40 28 20 26 C 32 36 36 44 32 50 C 44 52 48 58 44 64 C 56 66 62 74 60 82 L 86 92 C 90 104 96 112 104 116 L 96 132 L 124 132 L 118 114 C 130 104 134 88 130 72 L 144 60 C 152 54 158 44 156 34 C 150 40 140 42 134 40 C 128 44 126 52 128 60 C 118 62 106 66 100 72 C 92 66 82 62 70 60 Z';
  const snake = 'M 146 60 C 160 70 170 84 164 96 C 158 106 146 102 150 92 C 154 84 144 78 138 82';
  const cactus = 'M 96 132 L 128 132 L 126 150 L 98 150 Z M 80 138 C 70 130 72 120 82 120 C 90 122 92 132 88 140 Z M 144 138 C 154 130 152 120 142 120 C 134 122 132 132 136 140 Z';
  const wreath = 'M 40 150 C 60 180 140 180 160 150';
  return shape(cactus, p) + shape(eagle, p) + line(snake, p, 3, 0.75) + line(wreath, p, 4, 0.5)
    + line('M 48 156 L 42 148 M 62 166 L 56 158 M 78 172 L 74 162 M 152 156 L 158 148 M 138 166 L 144 158 M 122 172 L 126 162', p, 2.4, 0.5)
    + line('M 30 36 C 50 48 64 62 78 78 M 40 56 C 56 64 66 74 78 84', p, 1.2, 0.5);
}

function victoria(p: MotifPaint): string {
  // Libertad reverse: the Winged Victory of the Angel of Independence, a laurel wreath raised in her right
  // hand and a broken chain in her left, before the volcanoes Popocatépetl and Iztaccíhuatl
  const volcanoes = 'M 0 168 L 36 112 L 48 120 L 60 108 L 92 168 Z M 112 168 L 150 124 L 166 134 L 200 168 Z';
  const wings = 'M 96 58 C 78 30 54 18 26 20 C 40 28 44 36 38 42 C 52 44 56 52 50 58 C 64 60 68 68 62 74 C 74 74 82 80 82 88 L 94 80 Z M 104 58 C 122 30 146 18 174 20 C 160 28 156 36 162 42 C 148 44 144 52 150 58 C 136 60 132 68 138 74 C 126 74 118 80 118 88 L 106 80 Z';
  const figure = 'M 94 50 C 88 62 88 78 90 92 C 86 122 80 152 70 182 L 130 182 C 120 152 114 122 110 92 C 112 78 112 62 106 50 Z M 106 56 L 128 24 L 133 27 L 110 62 Z M 94 58 L 70 88 L 74 92 L 96 66 Z';
  return shape(volcanoes, p, ' opacity=".75"') + line('M 36 112 L 48 126 L 60 108 M 150 124 L 160 136 L 166 134', p, 1.3, 0.5)
    + shape(wings, p) + shape(figure, p) + `<circle cx="100" cy="40" r="10" fill="${p.f}"/>`
    + `<circle cx="134" cy="16" r="9" fill="none" stroke="${p.f}" stroke-width="4"/>` + line('M 70 92 C 64 102 62 112 66 122 M 62 100 L 70 104 M 62 112 L 70 114', p, 2, 0.7)
    + line('M 92 120 C 96 140 96 160 92 178 M 106 120 C 108 140 110 160 112 178 M 40 36 C 60 46 76 60 88 76 M 160 36 C 140 46 124 60 112 76', p, 1.2, 0.5);
}

const HORSE = 'M 40 96 C 52 82 80 78 108 80 C 124 80 134 74 142 64 C 148 52 156 42 166 40 L 170 30 L 175 40 C 182 46 190 58 192 66 C 192 72 186 74 182 72 L 168 66 C 164 76 160 88 156 96 C 160 104 166 110 176 112 L 188 106 L 191 112 L 178 120 L 158 116 C 150 120 144 124 140 126 L 150 150 L 145 154 L 130 131 C 116 134 96 134 82 130 L 60 146 L 36 160 L 32 154 L 54 138 L 58 124 C 48 118 40 108 40 96 Z';
const HORSE_TAIL = 'M 42 94 C 28 92 14 102 6 118 C 20 110 32 108 46 106 Z';

function horse(p: MotifPaint): string {
  // Lunar III 2026: a galloping horse, mane and tail flying
  return shape(HORSE + ' ' + HORSE_TAIL, p) + line('M 142 64 C 136 60 132 62 128 68 M 150 52 C 144 48 138 50 134 56 M 158 44 C 152 40 146 42 142 46', p, 2, 0.6)
    + line('M 70 100 C 90 108 120 108 140 100', p, 1.2, 0.45) + `<circle cx="176" cy="52" r="2.4" fill="${p.d}"/>`;
}

function goat(p: MotifPaint): string {
  // Lunar III 2027: a goat standing on a rock, curved horns, beard
  const body = 'M 40 96 C 50 86 76 84 104 86 L 132 84 C 138 72 142 60 148 54 L 156 52 C 164 54 168 60 170 68 L 174 80 L 166 84 L 160 78 C 158 90 154 100 148 108 L 150 140 L 142 140 L 138 114 L 112 118 L 104 140 L 96 140 L 98 116 L 62 112 L 58 140 L 50 140 L 50 112 C 42 108 38 102 40 96 Z';
  const horns = 'M 150 54 C 140 40 124 36 116 44 C 126 42 134 46 140 56 M 156 52 C 150 36 136 26 126 30 C 136 32 144 40 148 52';
  const rock = 'M 30 140 L 170 140 L 182 170 L 18 170 Z';
  return shape(rock, p, ' opacity=".8"') + shape(body, p) + line(horns, p, 3, 0.75) + line('M 166 84 L 164 98 L 160 92', p, 2, 0.6) + `<circle cx="160" cy="64" r="2.2" fill="${p.d}"/>`;
}

function stGeorge(p: MotifPaint): string {
  // Pistrucci's St George: the naked horseman with helmet and flying cloak on a prancing horse, his sword
  // raised, the dragon writhing beneath the hooves
  const rider = 'M 102 86 C 98 70 100 56 106 48 C 102 42 104 32 112 32 C 120 32 122 42 116 48 C 122 56 122 70 118 84 Z';
  const cloak = 'M 106 50 C 86 54 70 64 58 78 C 76 72 92 68 106 66 Z';
  const sword = 'M 116 48 L 142 10 L 146 13 L 120 52 Z';
  const plume = 'M 110 32 C 104 22 94 18 86 22 C 96 24 102 28 106 34 Z';
  const dragon = 'M 40 178 C 60 166 90 164 120 170 C 140 160 160 162 176 172 C 160 172 150 178 146 186 C 110 190 70 190 40 186 Z M 150 168 L 168 146 L 172 160 Z';
  return shape(dragon, p, ' opacity=".85"') + `<g transform="translate(0 26) scale(1 .86)">${shape(HORSE + ' ' + HORSE_TAIL, p)}</g>`
    + `<g transform="translate(-6 14) scale(1.1)">${shape(rider + ' ' + cloak + ' ' + sword + ' ' + plume, p)}${line('M 102 86 L 96 104', p, 4, 0.7)}</g>`
    + line('M 10 192 L 190 192', p, 1.2, 0.4);
}

function swissShield(p: MotifPaint): string {
  // Vreneli reverse: the Swiss cross on a shield, oak branches around its lower half
  const shield = 'M 60 40 L 140 40 L 140 100 C 140 130 120 150 100 160 C 80 150 60 130 60 100 Z';
  const cross = 'M 92 58 L 108 58 L 108 80 L 130 80 L 130 96 L 108 96 L 108 118 L 92 118 L 92 96 L 70 96 L 70 80 L 92 80 Z';
  const leaves = (side: number) => Array.from({ length: 6 }, (_, i) => {
    const a = (side < 0 ? 102 + i * 17 : 78 - i * 17) * Math.PI / 180; // along the lower half, 90 = straight down
    const x = 100 + 72 * Math.cos(a);
    const y = 104 + 72 * Math.sin(a);
    return `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="6" ry="12" transform="rotate(${((a * 180) / Math.PI + 90).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${p.f}"/>`;
  }).join('');
  return shape(shield, p) + `<path d="${cross}" fill="${p.d}" fill-opacity=".55"/>` + leaves(-1) + leaves(1);
}

function kookaburra(p: MotifPaint): string {
  // the kookaburra perched on a branch, big head and heavy beak, tail down
  const bird = 'M 60 100 C 56 80 68 64 88 62 L 150 48 L 126 70 C 138 76 142 92 136 108 C 130 126 116 136 100 138 L 84 176 L 72 174 L 80 136 C 68 128 62 116 60 100 Z';
  return line('M 10 150 C 60 140 130 138 196 130 M 150 136 L 176 112', p, 6, 0.55) + shape(bird, p)
    + line('M 88 62 L 150 48 M 96 92 C 110 100 124 104 134 100 M 80 110 C 90 122 104 128 118 128', p, 1.4, 0.55) + `<circle cx="98" cy="74" r="3" fill="${p.d}"/>`;
}

function koala(p: MotifPaint): string {
  // a koala clinging to a eucalyptus branch: round head, big ears and nose
  return line('M 150 196 C 140 140 150 80 176 10', p, 10, 0.5)
    + `<ellipse cx="110" cy="128" rx="44" ry="54" fill="${p.f}"/><circle cx="98" cy="62" r="34" fill="${p.f}"/>`
    + `<circle cx="64" cy="46" r="18" fill="${p.f}"/><circle cx="132" cy="44" r="18" fill="${p.f}"/><circle cx="64" cy="46" r="9" fill="${p.d}" fill-opacity=".35"/><circle cx="132" cy="44" r="9" fill="${p.d}" fill-opacity=".35"/>`
    + `<ellipse cx="98" cy="74" rx="9" ry="12" fill="${p.d}" fill-opacity=".7"/><circle cx="84" cy="58" r="3" fill="${p.d}"/><circle cx="112" cy="58" r="3" fill="${p.d}"/>`
    + `<path d="M 140 110 C 150 100 160 100 164 110 L 150 124 Z M 140 160 C 152 150 162 152 164 162 L 148 172 Z" fill="${p.f}"/>`;
}

function longship(p: MotifPaint): string {
  // the Noble: a Viking longship under sail on the waves
  const hull = 'M 10 120 C 20 112 24 100 20 88 C 30 92 34 104 34 116 L 166 116 C 166 104 170 92 180 88 C 176 100 180 112 190 120 C 170 140 30 140 10 120 Z';
  const sail = 'M 56 30 L 144 30 C 140 60 142 86 146 106 L 54 106 C 58 86 60 60 56 30 Z';
  const stripes = 'M 74 30 L 72 106 M 92 30 L 92 106 M 108 30 L 108 106 M 126 30 L 128 106';
  const shields = Array.from({ length: 7 }, (_, i) => `<circle cx="${46 + i * 18}" cy="118" r="6" fill="${p.f}" stroke="${p.d}" stroke-opacity=".55"/>`).join('');
  return line('M 100 20 L 100 116', p, 3, 0.7) + shape(sail, p) + line(stripes, p, 1.4, 0.5) + shape(hull, p) + shields
    + line('M 0 160 C 20 150 40 170 60 160 C 80 150 100 170 120 160 C 140 150 160 170 180 160 C 190 155 196 158 200 160 M 40 136 L 30 156 M 70 136 L 62 156 M 100 136 L 94 156 M 130 136 L 126 156', p, 1.8, 0.5);
}

function fortuna(p: MotifPaint): string {
  // PAMP's Lady Fortuna: the goddess in profile with flowing hair, her wheel behind her, gold coins pouring
  // from her cornucopia
  const spokes = Array.from({ length: 8 }, (_, i) => {
    const a = (i * 45 * Math.PI) / 180;
    return `M 62 72 L ${(62 + 40 * Math.cos(a)).toFixed(1)} ${(72 + 40 * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  const figure = 'M 112 30 C 104 30 100 38 102 46 L 98 52 L 103 54 C 104 58 108 60 112 60 L 110 66 C 96 72 90 90 92 110 C 90 140 84 166 76 194 L 160 194 C 150 166 142 140 138 112 C 140 92 134 74 124 66 L 122 58 C 128 52 128 38 120 32 Z';
  const hair = 'M 118 30 C 132 28 142 38 146 52 C 150 66 160 74 170 78 C 154 80 142 72 136 60 C 132 52 126 46 120 44 Z';
  const horn = 'M 128 96 C 146 92 162 78 168 52 C 176 52 186 58 190 66 C 180 88 160 104 136 108 Z';
  const coins = [[182, 80], [176, 96], [186, 110], [178, 126], [188, 142]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="${p.f}" stroke="${p.d}" stroke-opacity=".5"/>`).join('');
  return line(spokes, p, 3, 0.45) + `<circle cx="62" cy="72" r="40" fill="none" stroke="${p.d}" stroke-opacity=".45" stroke-width="5"/>`
    + shape(hair, p) + shape(figure, p) + shape(horn, p) + coins
    + line('M 104 120 C 110 150 110 172 104 192 M 120 118 C 126 146 130 170 132 192 M 170 60 C 176 64 182 70 186 76', p, 1.3, 0.5)
    + `<circle cx="108" cy="42" r="1.8" fill="${p.d}"/>`;
}

export function motif(name: MotifName, p: MotifPaint): string {
  switch (name) {
    case 'kruger': return kruger(p);
    case 'springbok': return springbok(p);
    case 'organ': return organ(p);
    case 'instruments': return instruments(p);
    case 'maple': return mapleLeaf(p);
    case 'monarch': return monarch(p);
    case 'monarch-george': return monarchGeorge(p);
    case 'queen': return queen(p);
    case 'fortuna': return fortuna(p);
    case 'britannia': return britannia(p);
    case 'kangaroo': return kangaroo(p);
    case 'liberty-walking': return libertyWalking(p);
    case 'liberty-flag': return libertyFlag(p);
    case 'eagle-head': return eagleHead(p);
    case 'eagle-landing': return eagleLanding(p);
    case 'statue-liberty': return statueLiberty(p);
    case 'winged-liberty': return wingedLiberty(p);
    case 'indian-head': return indianHead(p);
    case 'bison': return bison(p);
    case 'temple': return temple(p);
    case 'panda': return panda(p);
    case 'mexican-arms': return mexicanArms(p);
    case 'victoria': return victoria(p);
    case 'horse': return horse(p);
    case 'goat': return goat(p);
    case 'st-george': return stGeorge(p);
    case 'helvetia': return helvetia(p);
    case 'swiss-shield': return swissShield(p);
    case 'emperor': return emperor(p);
    case 'double-eagle': return heraldicEagle(p, 2, true);
    case 'kaiser': return kaiser(p);
    case 'reichsadler': return heraldicEagle(p, 1, true);
    case 'kookaburra': return kookaburra(p);
    case 'koala': return koala(p);
    case 'longship': return longship(p);
  }
}
