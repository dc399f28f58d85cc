import { HELP_ANSWER_MAX } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { type AuditActor, audit, staffId } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { notify } from '../notify/notify.ts';
import { findHelpRequest, insertHelpRequest, openHelpRequests } from './help.repository.ts';

export { HELP_ANSWER_MAX };

/** An answer refused: no such request (missing), answered already (conflict), or an answer that cannot be sent (invalid). */
export class HelpAnswerError extends Error {
  override name = 'HelpAnswerError';
  readonly kind: 'missing' | 'conflict' | 'invalid';
  constructor(message: string, kind: 'missing' | 'conflict' | 'invalid' = 'invalid') {
    super(message);
    this.kind = kind;
  }
}

/** Help requests: members ask (POST /help); staff answer them in the console (`/mod/help`) or the operator at the command line. */
export function createHelpService(db: Kysely<DB>) {
  return {
    ask: (userId: number, message: string) => insertHelpRequest(db, userId, message, nowIso()),

    /** Open requests, oldest first. */
    open: (limit = 100) => openHelpRequests(db, limit),

    /**
     * Answers an open request: in one transaction the request is marked answered (by whom), its member
     * gets a 'responses' notification, which reaches their open tabs and (if they ticked help mails)
     * their inbox, and the audit log says who answered ('help.answer').
     */
    async answer(requestId: number, text: string, by: AuditActor = 'command line'): Promise<{ notificationId: number; userId: number }> {
      const answer = text.trim();
      if (answer === '') throw new HelpAnswerError('The answer is empty.');
      if (answer.length > HELP_ANSWER_MAX) throw new HelpAnswerError(`The answer may not be longer than ${HELP_ANSWER_MAX} characters.`);
      return db.transaction().execute(async (trx) => {
        const request = await findHelpRequest(trx, requestId);
        if (!request) throw new HelpAnswerError(`There is no help request ${requestId}.`, 'missing');
        if (request.status !== 'open') throw new HelpAnswerError(`Help request ${requestId} was already answered.`, 'conflict');
        const notificationId = await notify.helpAnswer(trx, request, answer, nowIso(), staffId(by));
        if (notificationId === null) throw new HelpAnswerError(`Help request ${requestId} was already answered.`, 'conflict');
        await audit(trx, {
          actor: by,
          action: 'help.answer',
          target: { kind: 'help request', id: requestId, label: `help request ${requestId} of member ${request.user_id}` },
          after: { answer },
        });
        return { notificationId, userId: request.user_id };
      });
    },
  };
}

export type HelpService = ReturnType<typeof createHelpService>;
