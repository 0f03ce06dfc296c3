import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * Real image files for upload tests, made on the fly rather than committed: each is what a person
 * (or an attacker) could actually send.
 */

/** A plain opaque PNG. */
export function png(width = 400, height = 300) {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

/**
 * A phone photo: a JPEG whose EXIF holds the camera, a GPS position and orientation 6 (stored
 * sideways, shown turned 90 degrees clockwise). Its left half is red and its right half blue, so once
 * turned upright the top is red and the bottom blue.
 */
export async function phoneJpeg(width = 300, height = 200) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestCam', Model: 'Phone 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
        GPSMapDatum: 'WGS-84',
      },
    })
    .toBuffer();
}

/** Strings the phone JPEG's metadata carries: none may survive re-encoding. */
export const PHONE_METADATA = ['WGS-84', 'TestCam', 'Phone 9', 'Exif'];

/** A PNG over 10 MB: noise does not compress. */
export function oversizedPng() {
  const width = 2000;
  const height = 1800;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">' +
    '<rect width="64" height="64" fill="red"/><script>alert(document.cookie)</script></svg>',
);

export const plainSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>',
);

/** Text saved with a .png name. */
export const textFile = Buffer.from('This is not an image, whatever its name says.\n'.repeat(20));

/** The start of a Windows executable (MZ header and DOS stub), renamed to photo.jpg. */
export const windowsExe = Buffer.concat([
  Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]),
  Buffer.alloc(50),
  Buffer.from('This program cannot be run in DOS mode.\r\r\n$'),
  Buffer.alloc(400),
]);

function crc32(bytes: Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A valid 1x1 PNG whose header (checksum fixed up) claims 30000 x 30000 pixels: 900 megapixels. */
export async function pixelBombPng() {
  const bytes = Buffer.from(await png(1, 1));
  // Signature (8), IHDR length (4) and type (4), then width and height.
  bytes.writeUInt32BE(30_000, 16);
  bytes.writeUInt32BE(30_000, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}
