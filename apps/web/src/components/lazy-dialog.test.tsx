import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog.tsx';

afterEach(cleanup);

interface Props {
  open: boolean;
  name: string;
}
function Dialog({ open, name }: Props) {
  return <div data-testid="dialog" data-open={String(open)}>{`Hello ${name}`}</div>;
}

/** A loader the test resolves or rejects when it wants. */
function loader() {
  const calls: { resolve: (c: typeof Dialog) => void; reject: (e: unknown) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<typeof Dialog>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { load, calls };
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  render() {
    return this.state.error ? <p data-testid="boundary">{this.state.error}</p> : this.props.children;
  }
}

describe('lazyDialog', () => {
  it('draws nothing and fetches nothing until first opened, then the dialog', async () => {
    const { load, calls } = loader();
    const Lazy = lazyDialog(load);
    const view = render(<Lazy open={false} name="Ann" />);
    expect(view.container.innerHTML).toBe('');
    expect(load).not.toHaveBeenCalled();

    view.rerender(<Lazy open name="Ann" />);
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => calls[0].resolve(Dialog));
    expect((await screen.findByTestId('dialog')).textContent).toBe('Hello Ann');
  });

  it('stays drawn once opened, so it closes with its transition', async () => {
    const { load, calls } = loader();
    const Lazy = lazyDialog(load);
    const view = render(<Lazy open name="Bo" />);
    await act(async () => calls[0].resolve(Dialog));
    view.rerender(<Lazy open={false} name="Bo" />);
    expect(screen.getByTestId('dialog').dataset.open).toBe('false');
  });

  it('draws at once when opened after being fetched ahead (preload)', async () => {
    const { load, calls } = loader();
    const Lazy = lazyDialog(load);
    const view = render(<Lazy open={false} name="Di" />);
    Lazy.preload();
    Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => calls[0].resolve(Dialog));
    view.rerender(<Lazy open name="Di" />);
    // In the same render as the opening, with no wait for a fetch.
    expect(screen.getByTestId('dialog').textContent).toBe('Hello Di');
  });

  it('opens by another prop when told how', async () => {
    const Lazy = lazyDialog(
      async () =>
        ({ item }: { item: string | null }) => <p data-testid="item">{item}</p>,
      (p) => p.item !== null,
    );
    const view = render(<Lazy item={null} />);
    expect(view.container.innerHTML).toBe('');
    view.rerender(<Lazy item="LT-1" />);
    expect((await screen.findByTestId('item')).textContent).toBe('LT-1');
  });

  it('opens nothing when its code cannot be fetched, and tries again at the next opening', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { load, calls } = loader();
    const Lazy = lazyDialog(load);
    const view = render(
      <Boundary>
        <Lazy open name="Cy" />
      </Boundary>,
    );
    await act(async () => calls[0].reject(new Error('offline')));
    expect(screen.queryByTestId('dialog')).toBeNull();
    expect(screen.queryByTestId('boundary')).toBeNull();

    view.rerender(
      <Boundary>
        <Lazy open={false} name="Cy" />
      </Boundary>,
    );
    view.rerender(
      <Boundary>
        <Lazy open name="Cy" />
      </Boundary>,
    );
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => calls[1].resolve(Dialog));
    expect((await screen.findByTestId('dialog')).textContent).toBe('Hello Cy');
    quiet.mockRestore();
  });

  it('lets an error of the dialog itself go up, as before', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Lazy = lazyDialog(async () => (_: { open: boolean }) => {
      throw new Error('broken dialog');
    });
    render(
      <Boundary>
        <Lazy open />
      </Boundary>,
    );
    expect((await screen.findByTestId('boundary')).textContent).toBe('broken dialog');
    vi.mocked(console.error).mockRestore();
  });
});
