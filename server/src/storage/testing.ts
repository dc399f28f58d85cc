import sharp from 'sharp';

/** Test helpers: multipart bodies for app.inject, built by hand, and images made with sharp. */

export interface FilePart {
  data: Buffer;
  filename?: string;
  type?: string;
}

export function multipart(fields: Record<string, string | number | FilePart | undefined>) {
  const boundary = `----inkwell${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'object') {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename ?? 'image.jpg'}"\r\nContent-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`;
      chunks.push(Buffer.from(head), value.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let seed = 0;
/** A small JPEG; each call a different colour, so each upload is a distinct stored file. */
export async function aJpeg(width = 64, height = 48): Promise<Buffer> {
  seed += 1;
  const background = { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** A PNG of this size (wide enough for the narrower copies); each call a different colour, so a distinct stored file. */
export async function aPng(width: number, height: number): Promise<Buffer> {
  seed += 1;
  const background = { r: (seed * 41) % 256, g: (seed * 67) % 256, b: (seed * 13) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export const imagePart = (data: Buffer, filename = 'cover.jpg'): FilePart => ({ data, filename, type: 'image/jpeg' });
