/**
 * Reads the pixel size of an uploaded image from its header: PNG (IHDR), GIF (logical screen) and
 * JPEG (the first start-of-frame segment). Nothing else is decoded.
 */
export type ImageFormat = 'png' | 'jpeg' | 'gif';

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function imageDimensions(bytes: Buffer): ImageInfo | null {
  return pngDimensions(bytes) ?? gifDimensions(bytes) ?? jpegDimensions(bytes);
}

function pngDimensions(bytes: Buffer): ImageInfo | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR' || bytes.readUInt32BE(8) !== 13) return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  return width > 0 && height > 0 ? { format: 'png', width, height } : null;
}

function gifDimensions(bytes: Buffer): ImageInfo | null {
  if (bytes.length < 10) return null;
  const magic = bytes.toString('latin1', 0, 6);
  if (magic !== 'GIF87a' && magic !== 'GIF89a') return null;
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  return width > 0 && height > 0 ? { format: 'gif', width, height } : null;
}

/** Start-of-frame markers C0-CF carry the size, except C4 (DHT), C8 (JPG) and CC (DAC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegDimensions(bytes: Buffer): ImageInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 1 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    if (i + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(i + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (i + 9 > bytes.length || length < 7) return null;
      const height = bytes.readUInt16BE(i + 5);
      const width = bytes.readUInt16BE(i + 7);
      return width > 0 && height > 0 ? { format: 'jpeg', width, height } : null;
    }
    i += 2 + length;
  }
  return null;
}

/**
 * Decodes a base64 image as sent in a JSON body (whitespace ignored, padding optional); null when
 * the text is not base64.
 */
export function decodeBase64Image(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return null;
  const unpadded = compact.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return null;
  if (compact.length !== unpadded.length && compact.length % 4 !== 0) return null;
  return Buffer.from(unpadded, 'base64');
}
