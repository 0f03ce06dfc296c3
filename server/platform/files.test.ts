import { describe, expect, it } from 'vitest';
import { fileOwnerOf, isPrivateKey, sniffFileFormat } from './files';

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(64)]);

describe('files that are not images', () => {
  it('are known by their first bytes: MP4 brands, WebM, PDF; image brands and text are not videos', () => {
    expect(sniffFileFormat(ftyp('isom'))).toBe('mp4');
    expect(sniffFileFormat(ftyp('mp42'))).toBe('mp4');
    expect(sniffFileFormat(ftyp('avif'))).toBeNull();
    expect(sniffFileFormat(ftyp('heic'))).toBeNull();
    const webm = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
      Buffer.from('webm'),
      Buffer.alloc(32),
    ]);
    expect(sniffFileFormat(webm)).toBe('webm');
    const matroska = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]),
      Buffer.from('matroska'),
      Buffer.alloc(32),
    ]);
    expect(sniffFileFormat(matroska)).toBeNull();
    expect(sniffFileFormat(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBe('pdf');
    expect(sniffFileFormat(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniffFileFormat(Buffer.from('%PDF'))).toBeNull();
  });

  it('name their owner only in the shape we store, and private ones are marked', () => {
    const owner = '0b7e8686-ded2-4a8c-af1a-84d037ce4c26';
    const id = '1c7e8686-ded2-4a8c-af1a-84d037ce4c26';
    expect(fileOwnerOf(`files/idea-video/${owner}/${id}/file.mp4`)).toEqual({
      kind: 'idea-video',
      ownerId: owner,
    });
    expect(fileOwnerOf(`private/idea-deck/${owner}/${id}/file.pdf`)).toEqual({
      kind: 'idea-deck',
      ownerId: owner,
    });
    expect(fileOwnerOf(`images/content/${owner}/${id}/2000.webp`)).toBeNull();
    expect(fileOwnerOf(`files/idea-video/${owner}/${id}/file.exe`)).toBeNull();
    expect(isPrivateKey(`private/idea-deck/${owner}/${id}/file.pdf`)).toBe(true);
    expect(isPrivateKey(`files/idea-video/${owner}/${id}/file.mp4`)).toBe(false);
  });
});
