import { Link } from 'react-router';
import { TEXT, paths } from '@inkwell/contract';
import { buttonStyles } from '../../components/Button';
import { useRenderStatus } from '../../lib/render-context';
import { DocumentTitle } from '../../components/DocumentTitle';
import type { Screen } from '../screen';

export const screen: Screen = { render: 'everyone' };

export default function NotFoundRoute() {
  useRenderStatus(404);
  return (
    <>
      <DocumentTitle title="Page not found" />
      <section className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
        {/* Large text still needs 3:1 against the page (WCAG 1.4.3; axe checks it though it is aria-hidden). */}
        <p aria-hidden="true" className="font-serif text-8xl font-bold tracking-tight text-indigo-500 sm:text-9xl dark:text-indigo-400">
          404
        </p>
        <h1 className="mt-2 font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">{TEXT.notFoundTitle}</h1>
        <p className="mt-4 max-w-md font-serif text-lg leading-relaxed text-zinc-700 dark:text-zinc-300">
          This page seems to have wandered off mid-sentence. Maybe it is off drafting a sequel, or the link took a wrong turn at the last paragraph. Either way, there is nothing to
          read here.
        </p>
        <Link to={paths.home.getHref()} className={`${buttonStyles.primary} mt-8`}>
          Take me home
        </Link>
      </section>
    </>
  );
}
