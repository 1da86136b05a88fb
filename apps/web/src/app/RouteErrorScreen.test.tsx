import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteErrorScreen.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Page({ name }: { name: string }) {
  if (name === 'broken') throw new Error('render failed');
  return <p>page {name}</p>;
}

/** A route outlet whose address the test changes: the boundary's reset key. */
function Outlet() {
  const [path, setPath] = useState('/broken');
  return (
    <>
      <button type="button" onClick={() => setPath('/fine')}>
        go
      </button>
      <RouteErrorBoundary resetKey={path}>
        <Page name={path.slice(1)} />
      </RouteErrorBoundary>
    </>
  );
}

describe('RouteErrorBoundary', () => {
  it("shows the 'Oops!' screen when a page fails to render, and the next address renders again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    render(<Outlet />);
    expect(screen.getByText('Oops!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.queryByText(/^page/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('page fine')).toBeTruthy();
    expect(screen.queryByText('Oops!')).toBeNull();
  });

  it('renders the page when nothing fails', () => {
    render(
      <RouteErrorBoundary resetKey="/fine">
        <Page name="fine" />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('page fine')).toBeTruthy();
    expect(screen.queryByText('Oops!')).toBeNull();
  });
});
