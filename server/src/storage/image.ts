import { TEXT, imageVariantWidths } from '@inkwell/contract';
import sharp, { type Sharp } from 'sharp';
import { HttpError } from '../lib/errors.ts';

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

/** An image as it is stored: the main file's bytes, its intrinsic size, and its narrower copies. */
export interface EncodedBytes {
  bytes: Buffer;
  width: number;
  height: number;
  /** A copy at each of IMAGE_WIDTHS below `width` (contract/images.ts), animated if the image is. */
  variants: Array<{ width: number; bytes: Buffer }>;
}

const encodeWebp = async (pipeline: Sharp, width: number) => {
  const { data, info } = await pipeline.resize({ width, withoutEnlargement: true }).webp({ quality: 82, effort: 4 }).toBuffer({ resolveWithObject: true });
  // An animated image is one tall strip of frames: its height is a frame's.
  return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
};

/** A copy at each of IMAGE_WIDTHS below `width`, from the source (one at a time: memory stays low). */
async function encodeVariants(source: Sharp, width: number): Promise<EncodedBytes['variants']> {
  const variants: EncodedBytes['variants'] = [];
  for (const w of imageVariantWidths(width)) variants.push({ width: w, bytes: (await encodeWebp(source.clone(), w)).bytes });
  return variants;
}

/** The main file at most MAX_IMAGE_WIDTH wide, then each narrower copy, all from the same source. */
async function encodeAll(source: Sharp): Promise<EncodedBytes> {
  const main = await encodeWebp(source.clone(), MAX_IMAGE_WIDTH);
  return { ...main, variants: await encodeVariants(source, main.width) };
}

/**
 * Decodes and re-encodes an image as WebP: turned upright by its EXIF orientation, then every bit of
 * metadata (EXIF, GPS, XMP, ICC comments) left behind, at most MAX_IMAGE_WIDTH wide, with its narrower
 * copies. Animated GIF and WebP stay animated, their copies too. Throws 415 for what is not an image
 * we accept or cannot be decoded.
 */
export async function reencodeImage(bytes: Buffer): Promise<EncodedBytes> {
  const type = sniffImageType(bytes);
  if (!type) throw unsupported();
  const animated = type === 'gif' || type === 'webp';
  try {
    const source = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await source.metadata();
    if (meta.format !== SHARP_FORMAT[type]) throw unsupported();
    const pages = meta.pages ?? 1;
    return await encodeAll(pages > 1 ? source : source.rotate());
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw unsupported('The image could not be read. Please upload a valid JPEG, PNG, WebP, GIF or AVIF file.');
  }
}

/**
 * The intrinsic size and narrower copies of a file stored before copies existed (its bytes are already
 * our WebP, so they are not re-encoded: its name, the hash of its bytes, stays). Throws when the file
 * cannot be decoded.
 */
export async function variantsOfStored(stored: Buffer): Promise<Omit<EncodedBytes, 'bytes'>> {
  const source = sharp(stored, { animated: true, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const meta = await source.metadata();
  const width = meta.width;
  const height = meta.pageHeight ?? meta.height;
  if (!width || !height) throw new Error('not a stored image');
  return { width, height, variants: await encodeVariants(source, width) };
}
