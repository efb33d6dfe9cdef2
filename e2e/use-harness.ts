// The harness for a test file (kept apart from harness.ts, which benchmarks use outside Vitest).
import { afterEach, beforeEach, expect } from 'vitest';
import { startHarness, type Harness } from './harness';

/**
 * A fresh harness started before each test and closed after it, failing the test on any console
 * error, page error, failed request or CSP violation it saw.
 */
export function useHarness(options: Parameters<typeof startHarness>[0] = {}): Harness {
  const h = {} as Harness;
  beforeEach(async () => {
    Object.assign(h, await startHarness(options));
  });
  afterEach(async () => {
    const problems = [...h.problems];
    await h.close();
    expect(problems).toEqual([]);
  });
  return h;
}
