import { z } from 'zod';
import { PUSH_MSG } from './model';

const b64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MSG.badEndpoint)
    .refine((s) => Math.floor((s.replace(/=+$/, '').length * 3) / 4) === bytes, PUSH_MSG.badEndpoint);

/** A browser's PushSubscription as toJSON() gives it (the endpoint and its two keys). */
export const ZPushSubscription = z.object({
  endpoint: z.string().max(2048, PUSH_MSG.badEndpoint).url(PUSH_MSG.badEndpoint),
  keys: z.object({ p256dh: b64url(65), auth: b64url(16) }),
});
export type PushSubscriptionInput = z.infer<typeof ZPushSubscription>;

export const ZPushEndpoint = z.object({ endpoint: z.string().max(2048, PUSH_MSG.notFound) });
