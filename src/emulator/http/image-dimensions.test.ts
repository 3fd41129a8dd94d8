import { describe, expect, it } from 'vitest';
import { decodeBase64Image, imageDimensions } from './image-dimensions';
import { solidGif, solidPng } from './solid-images';
import { gifHeader, pngHeader } from '../test-support/v5-test-helpers';

function jpeg(width: number, height: number, sofMarker = 0xc0): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const dht = [0xff, 0xc4, 0x00, 0x04, 0x00, 0x00];
  const sof = [0xff, sofMarker, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, 0xff, ...dht, ...sof, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]);
}

describe('imageDimensions', () => {
  it('reads a PNG’s IHDR', () => {
    expect(imageDimensions(pngHeader(600, 800))).toEqual({ format: 'png', width: 600, height: 800 });
    expect(imageDimensions(solidPng(12, 7, [1, 2, 3]))).toEqual({ format: 'png', width: 12, height: 7 });
  });

  it('reads a GIF’s logical screen', () => {
    expect(imageDimensions(gifHeader(600, 800))).toEqual({ format: 'gif', width: 600, height: 800 });
    expect(imageDimensions(Buffer.from('GIF87a\xb0\x04\xb4\x00', 'latin1'))).toEqual({ format: 'gif', width: 1200, height: 180 });
    expect(imageDimensions(solidGif(28, 28, [0, 0, 0]))).toEqual({ format: 'gif', width: 28, height: 28 });
  });

  it('reads a JPEG’s start-of-frame, skipping other segments', () => {
    expect(imageDimensions(jpeg(1200, 180))).toEqual({ format: 'jpeg', width: 1200, height: 180 });
    expect(imageDimensions(jpeg(600, 800, 0xc2))).toEqual({ format: 'jpeg', width: 600, height: 800 });
  });

  it('returns null for anything else, truncated or zero-sized', () => {
    const cases = [
      Buffer.alloc(0),
      Buffer.from('not an image at all'),
      pngHeader(600, 800).subarray(0, 20),
      pngHeader(0, 800),
      Buffer.from('GIF89a\x00\x00\x10\x00', 'latin1'),
      Buffer.from('GIF90a\x10\x00\x10\x00', 'latin1'),
      Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00]),
      Buffer.from([0xff, 0xd8, 0x00]),
      jpeg(600, 800).subarray(0, 30),
    ];
    for (const bytes of cases) expect(imageDimensions(bytes), bytes.toString('hex')).toBeNull();
  });
});

describe('decodeBase64Image', () => {
  it('decodes base64 with or without padding and ignores whitespace', () => {
    const bytes = pngHeader(1, 2);
    const text = bytes.toString('base64');
    expect(decodeBase64Image(text)?.equals(bytes)).toBe(true);
    expect(decodeBase64Image(text.replace(/=+$/, ''))?.equals(bytes)).toBe(true);
    expect(decodeBase64Image(`${text.slice(0, 10)}\n ${text.slice(10)}`)?.equals(bytes)).toBe(true);
  });

  it('refuses text that is not base64', () => {
    for (const text of ['', '   ', 'a', 'abcde', 'ab$d', 'data:image/png;base64,AAAA', 'AAA==', '=AAA']) expect(decodeBase64Image(text), text).toBeNull();
  });
});
