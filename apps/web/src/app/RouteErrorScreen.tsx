import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '../components/ErrorScreen.tsx';

/**
 * The 'Oops!' screen of a page that failed to load (a lost chunk) or to render. Loading the page
 * again is the retry.
 */
export function RouteErrorScreen() {
  return (
    <ErrorScreen
      onRetry={() =>
        new Promise<void>(() => {
          window.location.reload();
        })
      }
    />
  );
}

/**
 * Catches what a route throws while rendering (the router's error element, for the declarative
 * router) and shows RouteErrorScreen; a new `resetKey` (the next address) tries again.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { failed: boolean; key: string }
> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { failed: boolean; key: string },
  ): Partial<{ failed: boolean; key: string }> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
