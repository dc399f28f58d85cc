import { TEXT } from '@inkwell/contract';
import sharp from 'sharp';
import { HttpError } from '../lib/errors';

/** The image types we accept, told apart by their first bytes (never by name or declared type). */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** Wider images are scaled down to this; narrower ones are never enlarged. */
export const MAX_IMAGE_WIDTH = 2000;
/** Decompression bombs stop here (a 10 000 × 10 000 image). */
const MAX_INPUT_PIXELS = 100_000_000;

export const UNSUPPORTED_IMAGE: string = TEXT.imageTypesAccepted;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The ISO-BMFF brands (major and compatible) of an ftyp box, for AVIF. */
function ftypBrands(bytes: Buffer): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const size = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= size; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

/** The type sniffed from the bytes, or null for anything else (SVG, text, HEIC, PDF, …). */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ftypBrands(bytes).some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
  return null;
}

/** What sharp calls each sniffed type once decoded; a mismatch means a polyglot or a lie. */
const SHARP_FORMAT: Record<ImageType, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif' };

const unsupported = (message = UNSUPPORTED_IMAGE) => new HttpError(415, message);

/**
 * Decodes and re-encodes an image as WebP: turned upright by its EXIF orientation, then every bit of
 * metadata (EXIF, GPS, XMP, ICC comments) left behind, at most MAX_IMAGE_WIDTH wide. Animated GIF and
 * WebP stay animated. Throws 415 for what is not an image we accept or cannot be decoded.
 */
export async function reencodeImage(bytes: Buffer): Promise<Buffer> {
  const type = sniffImageType(bytes);
  if (!type) throw unsupported();
  const animated = type === 'gif' || type === 'webp';
  try {
    const source = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await source.metadata();
    if (meta.format !== SHARP_FORMAT[type]) throw unsupported();
    const pages = meta.pages ?? 1;
    const pipeline = pages > 1 ? source : source.rotate();
    return await pipeline
      .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw unsupported('The image could not be read. Please upload a valid JPEG, PNG, WebP, GIF or AVIF file.');
  }
}
