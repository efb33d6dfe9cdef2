// Holds the fake main process's answers to the desk's appends until released: an append on its way,
// for the desk view's tests (test support, not shipped).
import { act, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { AppendOutcome } from '../../core/ipc/contract';
import type { FakeApi } from './fake-api';

export function holdAppends(api: FakeApi) {
  const real = api.appendDeskEntries;
  const held: (() => void)[] = [];
  api.appendDeskEntries = vi.fn(async (args: Parameters<FakeApi['appendDeskEntries']>[0]): Promise<AppendOutcome> => {
    await new Promise<void>((resolve) => held.push(resolve));
    return real(args);
  });
  return {
    waiting: () => held.length,
    /** Lets the oldest append held (or the next one made) through, and waits for its answer to be shown. */
    release: async () => {
      await waitFor(() => expect(held.length).toBeGreaterThan(0));
      await act(async () => {
        held.shift()!();
        await new Promise((r) => setTimeout(r, 0));
      });
    },
  };
}
