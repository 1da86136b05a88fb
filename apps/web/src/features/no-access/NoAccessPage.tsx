import { NoAccess } from '../../components/NoAccess.tsx';

/** /no-access: title 'No Access', a message and 'Go to homepage' (spec section 2). */
export default function NoAccessPage() {
  return <NoAccess />;
}
