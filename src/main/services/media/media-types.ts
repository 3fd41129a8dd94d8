/**
 * What a file is, read from its first bytes (its "magic number"), never from its name or from what
 * a browser said: a file named `cat.gif` holding HTML is refused, so nothing the overlay server
 * serves as an image, a video or a sound can run as a page. SVG is not taken (it can carry scripts).
 */
import type { MediaKind } from '../../../shared/ipc/schemas/media';

interface SniffedType {
  kind: MediaKind;
  contentType: string;
  /** The extension the copy is stored under. */
  extension: string;
}

const ascii = (bytes: Uint8Array, offset: number, text: string): boolean => {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean => bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** The type of `bytes`, or null when it is none Sidestage plays or shows. */
export function sniffMediaType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', contentType: 'image/png', extension: 'png' };
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return { kind: 'image', contentType: 'image/gif', extension: 'gif' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return { kind: 'image', contentType: 'image/webp', extension: 'webp' };
  if (isWebm(bytes)) return { kind: 'video', contentType: 'video/webm', extension: 'webm' };
  if (isMp4Video(bytes)) return { kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return { kind: 'sound', contentType: 'audio/wav', extension: 'wav' };
  if (ascii(bytes, 0, 'OggS')) return { kind: 'sound', contentType: 'audio/ogg', extension: 'ogg' };
  if (ascii(bytes, 0, 'ID3') || isMpegAudioFrame(bytes)) return { kind: 'sound', contentType: 'audio/mpeg', extension: 'mp3' };
  return null;
}

/** An EBML header (Matroska's) whose DocType, within the header, is "webm" (a Matroska .mkv is not taken). */
function isWebm(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return false;
  // The DocType element (0x4282), then its size as a one-byte vint (0x84: four bytes), then "webm".
  const head = bytes.subarray(0, 64);
  for (let i = 4; i + 6 <= head.length; i++) if (head[i] === 0x42 && head[i + 1] === 0x82 && head[i + 2] === 0x84 && ascii(head, i + 3, 'webm')) return true;
  return false;
}

/** An ISO media file (`ftyp` box first) whose major brand is a video one; audio-only brands (M4A) are not. */
const mp4VideoBrands = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'msnv']);
function isMp4Video(bytes: Uint8Array): boolean {
  if (!ascii(bytes, 4, 'ftyp') || bytes.length < 12) return false;
  return mp4VideoBrands.has(String.fromCharCode(...bytes.subarray(8, 12)));
}

/** An MPEG audio frame header: 11 sync bits, a layer (not the reserved 00), a bitrate index that is not "bad". */
function isMpegAudioFrame(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const [b0, b1, b2] = [bytes[0]!, bytes[1]!, bytes[2]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return version !== 0b01 && layer !== 0 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/** The words for a refused file. */
export const unsupportedMediaMessage =
  'Sidestage takes PNG, GIF, JPEG or WebP images, WebM or MP4 videos and MP3, Ogg or WAV sounds; this file is none of them (its contents were checked, not its name).';
