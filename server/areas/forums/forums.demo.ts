import type { DemoContext } from '../../platform/demo';

/* The demo community's forum groups (filled in below). */
export async function demo(_ctx: DemoContext): Promise<void> {}
