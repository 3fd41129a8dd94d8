/** The smallest files of each kind the media tests need: their first bytes are what counts. */
export const sampleMedia = {
  png: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  gif: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
  jpeg: Buffer.from('ffd8ffe000104a464946', 'hex'),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]),
  wav: Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]),
  ogg: Buffer.from('OggS\x00\x02', 'latin1'),
  mp3: Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
  mp3Frame: Buffer.from('fffb9064', 'hex'),
};
