import { expect, test } from '../fixtures';

test('events list skeleton count: six skeleton cards while the list loads, not six per section', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/events\?/, async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/events');
  const loading = page.getByRole('status', { name: 'Loading events' });
  await expect(loading).toHaveCount(1);
  await expect(loading.locator(':scope > *')).toHaveCount(6);
  release();
  await expect(loading).toHaveCount(0);
});
