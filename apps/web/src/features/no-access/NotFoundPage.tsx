import { NotFoundScreen } from '../../components/NotFound.tsx';

/** Any address the app does not know: 'Not found', and a way back (home, or the job site the address names). */
export default function NotFoundPage() {
  return <NotFoundScreen what="page" />;
}
