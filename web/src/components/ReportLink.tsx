import { Link } from 'react-router';
import { REPORT_KIND_NOUNS, type ReportKind, paths } from '@inkwell/contract';

/**
 * Report, beside a story, a comment, a reply or on a profile (issue 47): a link to its report form, so
 * it works before the app's scripts run too (a visitor is asked to sign in first). Not shown on one's own.
 */
export function ReportLink({ kind, id, whose, className, children = 'Report' }: { kind: ReportKind; id: number; whose?: string; className?: string; children?: string }) {
  return (
    <Link to={paths.report.getHref(kind, id)} rel="nofollow" className={className} aria-label={whose ? `Report ${REPORT_KIND_NOUNS[kind]} by ${whose}` : undefined}>
      {children}
    </Link>
  );
}
