import { beforeEach, describe, expect, it } from 'vitest';
import { toast, useToasts } from './toasts.ts';

const titles = () => useToasts.getState().toasts.map((t) => t.title);

describe('toasts', () => {
  beforeEach(() => {
    useToasts.setState({ toasts: [] });
  });

  it("a success clears its flow's errors, not another flow's", () => {
    toast({ title: 'Verification Failed', status: 'error', flow: 'signup' });
    toast({ title: 'Report not sent', status: 'error', flow: 'report' });
    toast({ title: 'Account Verified!', status: 'success', flow: 'signup' });
    expect(titles()).toEqual(['Report not sent', 'Account Verified!']);
  });

  it("a retry's error replaces the last one instead of stacking", () => {
    toast({ title: 'Could not copy the results.', status: 'error', flow: 'share' });
    toast({ title: 'Could not copy the results.', status: 'error', flow: 'share' });
    expect(titles()).toEqual(['Could not copy the results.']);
  });

  it('toasts without a flow stack as before, three at most', () => {
    for (const title of ['a', 'b', 'c', 'd']) toast({ title, status: 'info' });
    expect(titles()).toEqual(['b', 'c', 'd']);
    toast({ title: 'done', status: 'success', flow: 'x' });
    expect(titles()).toEqual(['c', 'd', 'done']);
  });

  it("the promo, in the share's flow, gives way to the share's toast", () => {
    toast({ title: 'Enjoyed that?', status: 'info', flow: 'share' });
    toast({ title: 'Results copied to clipboard!', status: 'success', flow: 'share' });
    expect(titles()).toEqual(['Results copied to clipboard!']);
  });
});
