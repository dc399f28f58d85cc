import { Link } from 'react-router';
import { paths } from '@inkwell/contract';
import type { ModResolveResponse } from '@inkwell/contract/schemas';
import { quietLink } from './CaseParts';

/** The box of what came of a bulk act: amber when some of it was not done, green when all was. */
export const resultClass = (partly: boolean) =>
  `rounded-xl border p-4 text-[15px] ${
    partly
      ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100'
      : 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100'
  }`;

/** What came of a decision: the server's message, and each case it did not decide with why. */
export function DecisionResult({ result, className = '' }: { result: Pick<ModResolveResponse, 'message' | 'refused'>; className?: string }) {
  const refused = result.refused.length > 0;
  return (
    <div role="status" className={`${resultClass(refused)} ${className}`}>
      <p className="font-medium">{result.message}</p>
      {refused && (
        <>
          <p className="mt-2">Not decided:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {result.refused.map((r) => (
              <li key={r.id}>
                <Link to={paths.modCase.getHref(r.id)} className={quietLink}>
                  Case {r.id}
                </Link>
                : {r.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
