import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

/**
 * A dialog fetched when it is first opened, not with its page (docs/decisions/web-bundle.md): a page's
 * dialogs, with their forms and validation, are often heavier than the page a first visit shows.
 *
 * `lazyDialog(() => import('./X.tsx').then((m) => m.XDialog))` has XDialog's props. While it has never been
 * open (its `open` prop, or `isOpen(props)` for a dialog opened by another prop) it draws nothing, as a
 * closed MUI Dialog does; from its first opening on it stays mounted, so it closes with its transition and
 * keeps what a closed dialog keeps. A dialog that asks the server for something while closed needs that
 * asked by its page instead. If its code cannot be fetched (offline, and never opened before), nothing
 * opens and the next opening tries again. `preload()` fetches it ahead, when what opens it is about to be
 * used; a dialog fetched before its first opening draws at once when opened.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { open?: unknown }).open === true,
): ComponentType<P> & { preload: () => void } {
  /** The dialog, once fetched: drawn at once, as before it was fetched apart. */
  let fetched: ComponentType<P> | null = null;
  let fetching: Promise<ComponentType<P>> | null = null;
  const fetch = () => {
    fetching ??= load().then(
      (C) => {
        fetched = C;
        return C;
      },
      (error: unknown) => {
        fetching = null;
        throw new DialogLoadError(error);
      },
    );
    return fetching;
  };
  let Loaded: LazyExoticComponent<ComponentType<P>>;
  const fresh = () => {
    Loaded = lazy(() =>
      fetch().then(
        (C) => ({ default: C }),
        (error: unknown) => {
          fresh();
          throw error;
        },
      ),
    );
  };
  fresh();
  function LazyDialog(props: P) {
    const open = isOpen(props);
    // What draws it, chosen at its first opening (the dialog itself when already fetched) and kept, so it
    // is never drawn anew.
    const [Drawn, setDrawn] = useState<ComponentType<P> | null>(null);
    const [attempt, setAttempt] = useState(0);
    if (open && !Drawn) setDrawn(() => fetched ?? Loaded);
    if (!Drawn) return null;
    return (
      <Failed
        key={attempt}
        onFailure={() => {
          setDrawn(null);
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={null}>
          <Drawn {...props} />
        </Suspense>
      </Failed>
    );
  }
  /** Fetches the dialog ahead (e.g. when the menu that opens it opens), so it opens at once. */
  LazyDialog.preload = () => void fetch().catch(() => undefined);
  return LazyDialog;
}

class DialogLoadError extends Error {
  constructor(cause: unknown) {
    super('the dialog could not be fetched', { cause });
  }
}

/** Draws nothing once its dialog's code fails to load, and says so; any other error goes on up. */
class Failed extends Component<{ children: ReactNode; onFailure: () => void }, { error: unknown }> {
  state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  componentDidCatch(error: unknown) {
    if (error instanceof DialogLoadError) this.props.onFailure();
  }
  render() {
    if (this.state.error instanceof DialogLoadError) return null;
    if (this.state.error) throw this.state.error;
    return this.props.children;
  }
}
