import sharp from 'sharp';
import type { Random } from './random.ts';

const PALETTE = ['#4338ca', '#0f766e', '#b45309', '#be123c', '#1d4ed8', '#7c3aed', '#15803d', '#c2410c', '#0e7490', '#a21caf'];

async function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A portrait-like avatar: a coloured ground, a head and shoulders in a lighter tone. */
export function avatarPng(random: Random): Promise<Buffer> {
  const bg = random.pick(PALETTE);
  const fg = random.pick(['#fde68a', '#fbcfe8', '#bfdbfe', '#bbf7d0', '#fed7aa', '#e9d5ff']);
  const cx = 100 + random.int(-8, 8);
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
    <rect width="200" height="200" fill="${bg}"/>
    <circle cx="${cx}" cy="${random.int(72, 86)}" r="${random.int(34, 42)}" fill="${fg}"/>
    <ellipse cx="${cx}" cy="200" rx="${random.int(62, 78)}" ry="${random.int(58, 70)}" fill="${fg}"/>
  </svg>`);
}

/** A cover: a diagonal gradient with a few soft shapes. */
export function coverPng(random: Random): Promise<Buffer> {
  const a = random.pick(PALETTE);
  const b = random.pick(PALETTE);
  const shapes = Array.from({ length: random.int(3, 7) }, () => {
    const r = random.int(40, 220);
    return `<circle cx="${random.int(0, 1200)}" cy="${random.int(0, 630)}" r="${r}" fill="#ffffff" fill-opacity="${(random.int(6, 22) / 100).toFixed(2)}"/>`;
  }).join('');
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="1200" height="630" fill="url(#g)"/>${shapes}
  </svg>`);
}
