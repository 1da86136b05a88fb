import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen.tsx';

/**
 * The router's error element: the 'Oops!' screen. A failed page load (a lost chunk, a render error)
 * can be retried by loading the page again; a 404 from the router cannot, so it offers the homepage.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const retryable = !(isRouteErrorResponse(error) && error.status === 404);
  if (error && import.meta.env.DEV) console.error(error);
  return (
    <ErrorScreen
      onRetry={
        retryable
          ? () =>
              new Promise<void>(() => {
                window.location.reload();
              })
          : undefined
      }
    />
  );
}
