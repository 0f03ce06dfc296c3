import { privateKey } from '@web/lib/device-storage';

/** The outbox's localStorage key (lib/outbox.ts), apart so the live hook can look without loading it. */
export const OUTBOX_KEY = privateKey('messages-outbox');
