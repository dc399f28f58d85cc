import { APPEAL_OUTCOMES, type AppealStatus } from '@inkwell/contract';
import { accountMail, mailTime } from './account-templates.ts';
import type { NewMail } from './outbox.repository.ts';

/**
 * The moderators' statements of reasons by mail (issue 47, DSA art. 17; ADR 0103), beside the
 * notification in the app: what was done, to what, why, until when, and the link to appeal it. Sent
 * to every member an action is about, whatever their mail preferences: it is a legal notice, not news.
 * (A suspension's is `suspendedMail`.)
 */

export interface Statement {
  /** What was done, as a sentence: "The moderators of this server have hidden your comment “…” from readers". */
  done: string;
  reason: string;
  endsAt: string | null;
  /** What stays and what does not, in a sentence. */
  effect: string;
  appealUrl: string;
  appealBy: string;
}

export function statementMail(to: string, subject: string, statement: Statement): NewMail {
  const until = statement.endsAt ? ` until ${mailTime(statement.endsAt)}` : '';
  return accountMail(
    to,
    subject,
    subject,
    [
      `${statement.done}${until}.`,
      `Their reasons: ${statement.reason}`,
      statement.effect,
      `If you think they got it wrong, you can appeal until ${mailTime(statement.appealBy)}: a moderator reads it and answers.`,
    ],
    { label: 'Appeal', link: statement.appealUrl },
  );
}

/** To the appellant, once a moderator answered: the outcome, their reasons, and where the action stands. */
export function appealAnsweredMail(to: string, answer: { status: Exclude<AppealStatus, 'open'>; reply: string; what: string; endsAt: string | null; page: string }): NewMail {
  const stands =
    answer.status === 'approved'
      ? `The action on ${answer.what} is lifted.`
      : answer.status === 'changed'
        ? `The action on ${answer.what} now ${answer.endsAt ? `ends ${mailTime(answer.endsAt)}` : 'has ended'}.`
        : `The action on ${answer.what} stays as it was.`;
  return accountMail(to, 'The moderators answered your appeal', 'Your appeal is answered', [APPEAL_OUTCOMES[answer.status], `Their reasons: ${answer.reply}`, stands], {
    label: 'See your appeal',
    link: answer.page,
  });
}
