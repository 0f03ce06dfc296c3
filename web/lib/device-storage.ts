/*
 * What the app keeps for the signed-in person in this browser's localStorage (a message outbox, for
 * example). Every such key starts with PRIVATE_PREFIX, so the app shell can forget all of it once
 * nobody is signed in any more, without knowing what each area keeps (docs/decisions/030).
 */
export const PRIVATE_PREFIX = 'cofound.private.';

export function privateKey(name: string): string {
  return `${PRIVATE_PREFIX}${name}`;
}

/** Removes everything kept for the person who was signed in. */
export function clearPrivateDeviceData(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(PRIVATE_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage switched off: nothing was kept.
  }
}
