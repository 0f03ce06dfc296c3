import { afterEach, beforeEach, expect, vi } from 'vitest';
import { useTestHashCost } from '../platform/password';

// OWASP's scrypt cost (128 MiB and a good part of a second per hash) would make every sign-up in
// the suite slow: tests hash with a cheaper cost. password-hash.test.ts puts the real one back.
useTestHashCost();

// A console.error during a test fails it: errors are either expected (and asserted) or bugs.
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(calls, 'console.error was called during the test').toEqual([]);
});
