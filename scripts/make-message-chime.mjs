// Writes web/public/sounds/new-message.wav: the new-message chime, made here rather than
// downloaded. Two short sine notes (E6 then A6) with soft attack and decay, 16-bit mono 22,050 Hz.
// Run: node scripts/make-message-chime.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const rate = 22_050;
const notes = [
  { freq: 1318.5, start: 0, length: 0.16 },
  { freq: 1760, start: 0.11, length: 0.3 },
];
const total = Math.ceil(rate * 0.45);
const samples = new Float32Array(total);
for (const { freq, start, length } of notes) {
  const from = Math.floor(start * rate);
  const count = Math.floor(length * rate);
  for (let i = 0; i < count && from + i < total; i++) {
    const t = i / rate;
    const attack = Math.min(1, t / 0.008);
    const decay = Math.exp(-t * 9);
    samples[from + i] += 0.45 * attack * decay * Math.sin(2 * Math.PI * freq * t);
  }
}
const data = Buffer.alloc(total * 2);
for (let i = 0; i < total; i++)
  data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i])) * 32767), i * 2);
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(rate, 24);
header.writeUInt32LE(rate * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
const out = path.join(import.meta.dirname, '..', 'web', 'public', 'sounds', 'new-message.wav');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, Buffer.concat([header, data]));
console.log(`wrote ${out} (${header.length + data.length} bytes)`);
