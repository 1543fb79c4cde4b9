// @vitest-environment happy-dom
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyWithQueries } from './lazyWithQueries.tsx';
import { appQueryClient, makeQueryClient } from './queryClient.ts';

afterEach(cleanup);

function Screen({ label }: { label: string }) {
  const client = useQueryClient();
  return <p>{`${label}: ${client === appQueryClient() ? 'app client' : 'other client'}`}</p>;
}

const LazyScreen = lazyWithQueries(() => Promise.resolve(Screen));

describe('lazyWithQueries', () => {
  it("gives a lazy screen the app's query client, with its props", async () => {
    render(
      <Suspense fallback={null}>
        <LazyScreen label="loaded" />
      </Suspense>,
    );
    expect(await screen.findByText('loaded: app client')).toBeTruthy();
  });

  it('keeps the client of a provider above it', async () => {
    const outer = makeQueryClient();
    render(
      <QueryClientProvider client={outer}>
        <Suspense fallback={null}>
          <LazyScreen label="inside" />
        </Suspense>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('inside: other client')).toBeTruthy();
  });
});
