import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { notify } from '../notify/notify.ts';
import { findHelpRequest, insertHelpRequest, openHelpRequests } from './help.repository.ts';

export const HELP_ANSWER_MAX = 5000;

export class HelpAnswerError extends Error {
  override name = 'HelpAnswerError';
}

/** Help requests: members ask (POST /help), operators list and answer them (npm run admin). */
export function createHelpService(db: Kysely<DB>) {
  return {
    ask: (userId: number, message: string) => insertHelpRequest(db, userId, message, nowIso()),

    /** Open requests, oldest first. */
    open: (limit = 100) => openHelpRequests(db, limit),

    /**
     * Answers an open request: in one transaction the request is marked answered and its member gets a
     * 'responses' notification, which reaches their open tabs and (if they ticked help mails) their inbox.
     */
    async answer(requestId: number, text: string): Promise<{ notificationId: number; userId: number }> {
      const answer = text.trim();
      if (answer === '') throw new HelpAnswerError('The answer is empty.');
      if (answer.length > HELP_ANSWER_MAX) throw new HelpAnswerError(`The answer may not be longer than ${HELP_ANSWER_MAX} characters.`);
      return db.transaction().execute(async (trx) => {
        const request = await findHelpRequest(trx, requestId);
        if (!request) throw new HelpAnswerError(`There is no help request ${requestId}.`);
        if (request.status !== 'open') throw new HelpAnswerError(`Help request ${requestId} was already answered.`);
        const notificationId = await notify.helpAnswer(trx, request, answer, nowIso());
        if (notificationId === null) throw new HelpAnswerError(`Help request ${requestId} was already answered.`);
        return { notificationId, userId: request.user_id };
      });
    },
  };
}

export type HelpService = ReturnType<typeof createHelpService>;
