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
  // The first bytes ffmpeg writes for a VP9 WebM with transparency and for an H.264 MP4.
  webm: Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810242858102', 'hex'),
  mp4: Buffer.from('000000206674797069736f6d0000020069736f6d69736f3261766331', 'hex'),
  // Not taken: a Matroska file that is not WebM, and an audio-only MPEG-4 (M4A).
  mkv: Buffer.from('1a45dfa3a34286810142f7810142f2810442f3810842828' + '86d6174726f736b61', 'hex'),
  m4a: Buffer.from('0000001c667479704d344120', 'hex'),
};
