import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { NewsletterUnsubscribeCard } from '../../features/newsletter/components/NewsletterUnsubscribeCard';
import type { Screen } from '../screen';

/** Rendered on the server, so its button works before the app starts. */
export const screen: Screen = { render: 'everyone' };

/** The page every newsletter mail's unsubscribe link opens (/newsletter/unsubscribe?token=…): open to everyone. */
export default function NewsletterUnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const done = searchParams.get('done') === '1';
  return (
    <>
      <DocumentTitle title="Unsubscribe" />
      <NewsletterUnsubscribeCard key={`${token}:${done}`} token={token} done={done} />
    </>
  );
}
